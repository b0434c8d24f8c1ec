"""``TableWidget``: a playable table in a notebook cell, synced both ways with the engine.

The Python engine is the single source of truth: the browser sends requests
(click, move, deal, undo, ...) with the state version they were made on, and
draws whatever public state comes back. Nothing in the browser decides a rule.
"""

from __future__ import annotations

import datetime as _dt
import threading
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..api import new_game
from ..engine.game import Game
from ..engine.move import Move
from ..errors import WispError
from ..games.catalogue import CATALOGUE, get_game
from ..io import formats
from ..search.hints import Hint, Hinter
from ..search.solver import BackgroundSolve, solve
from .protocol import ProtocolError, parse_request
from .public_state import public_state

STATIC = Path(__file__).resolve().parent.parent / "static"
VERDICT_POSITIONS = 100_000


class TableWidget(anywidget.AnyWidget):
    """A solitaire table. Build one with ``wispwidget.play(game, seed=...)``."""

    _esm = STATIC / "table.js"
    _css = STATIC / "table.css"

    table = traitlets.Dict().tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    verdict = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Dict().tag(sync=True)
    hint_move = traitlets.Dict().tag(sync=True)
    games = traitlets.List().tag(sync=True)
    reveal = traitlets.Bool(False).tag(sync=True)
    winnable = traitlets.Bool(False).tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    moves = traitlets.Int(0).tag(sync=True)
    won = traitlets.Bool(False).tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)

    def __init__(self, game: Game | None = None, *, seed: int | None = None, reveal: bool = False,
                 winnable: bool = False, auto_verdict: bool = True, verdict_positions: int = VERDICT_POSITIONS,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game: Game = game if game is not None else Game.new("will-o-the-wisp", seed=1)
        self.seed = seed
        self.auto_verdict = auto_verdict
        self.verdict_positions = verdict_positions
        self.hinter = Hinter()
        self._lock = threading.RLock()
        self._verdict_job: BackgroundSolve | None = None
        self._autoplay: threading.Thread | None = None
        self._stop_autoplay = threading.Event()
        self._message_id = 0
        self._last_settled = ""
        self.games = [{"game": s.game, "variant": s.variant, "name": s.name} for s in CATALOGUE.values()]
        self.reveal = reveal
        self.winnable = winnable
        self.on_msg(self._on_front_end_message)
        self._refresh()

    def __repr__(self) -> str:
        spec = self.game.spec
        deal = f"deal {self.seed}" if self.seed is not None else "set position"
        return f"TableWidget({spec.game}/{spec.variant}, {deal}, {len(self.game.moves_played)} moves)"

    # -- the Python API -------------------------------------------------------------

    def move(self, source: str, target: str, count: int = 1) -> None:
        """Play a move; raise ``IllegalMoveError`` (nothing changes) if it is not legal."""
        with self._lock:
            self.game.play(Move(source, target, count))
            self._changed(f"{source} to {target}")

    def deal(self) -> None:
        """Deal (Spider family) or draw (Forty Thieves family) from the stock."""
        with self._lock:
            self.game.play(self.game.click_destination("stock"))
            self._changed("dealt" if not self.game.spec.has_waste else "drew a card")

    def click(self, source: str, count: int = 1) -> Move:
        """Do what a click on a card does (rules.md, "Playing by click"); return the move played."""
        with self._lock:
            move = self.game.click_destination(source, count)
            self.game.play(move)
            self._changed(str(move))
            return move

    def undo(self) -> Move:
        """Take back the last move."""
        with self._lock:
            move = self.game.undo()
            self._changed(f"undid {move}")
            return move

    def redo(self) -> Move:
        """Play the last undone move again."""
        with self._lock:
            move = self.game.redo()
            self._changed(f"redid {move}")
            return move

    def restart(self) -> None:
        """Back to the start of this deal (the moves can be redone)."""
        with self._lock:
            while self.game.can_undo:
                self.game.undo()
            self._changed("restarted")

    def hint(self) -> Hint:
        """The solver's next move (highlighted on the table), or an honest verdict."""
        hint = self.hinter.hint(self.game)
        self.hint_move = {} if hint.move is None else {"from": hint.move.source, "to": hint.move.target,
                                                       "count": hint.move.count}
        self._say(hint.message, "info")
        return hint

    def fair_hint(self, samples: int = 5, max_positions: int = 20_000) -> Hint:
        """A hint that never peeks: the no-peek player's move, from what the player can see.

        Hint looks at every card (the thoughtful solver); Fair hint samples arrangements of the hidden cards
        consistent with what is visible and suggests the move that wins in the most of them.
        """
        import random

        from ..search.players import HindsightPlayer, InformationSet

        info = InformationSet.of(self.game)
        if not info.legal_moves:
            hint = Hint(None, "unknown", 0, "No legal move is left.")
        else:
            player = HindsightPlayer(samples=samples, max_positions=max_positions)
            move, wins = player.vote(info, random.Random(self.version))
            why = (f"it starts a winning line in {wins} of {samples} arrangements of the hidden cards "
                   "consistent with what you see" if wins else "no sampled arrangement was won; a rule of thumb")
            hint = Hint(move, "no-peek", samples * max_positions, f"Fair hint (no peeking): play {move}: {why}.")
        self.hint_move = {} if hint.move is None else {"from": hint.move.source, "to": hint.move.target,
                                                       "count": hint.move.count}
        self._say(hint.message, "info")
        return hint

    def new_deal(self, game: str | None = None, variant: str | None = None, seed: int | None = None,
                 winnable: bool | None = None) -> None:
        """Start a new deal (same game unless told); ``winnable`` picks a proved-winnable deal."""
        spec = get_game(game or self.game.spec.game, variant or (None if game else self.game.spec.variant))
        if winnable is not None:
            self.winnable = winnable
        dealt = new_game(spec, seed if seed is not None else (self.seed or 0) + 1, winnable=self.winnable)
        self._start(dealt.game, dealt.seed, f"{spec.name}, deal {dealt.seed}")

    def daily(self, date: _dt.date | str | None = None) -> None:
        """Play the daily deal (a proved-winnable deal chosen from the date)."""
        dealt = new_game(self.game.spec, daily=date or _dt.date.today())
        self._start(dealt.game, dealt.seed, f"daily deal: {dealt.spec.name}, deal {dealt.seed}")

    def load(self, position_json: str | dict) -> None:
        """Show a ``wisp-position/1`` position (text or object); raise ``FormatError`` if invalid."""
        position = (formats.read_position(position_json) if isinstance(position_json, str | bytes)
                    else formats.position_from_dict(position_json))
        self._start(Game(position, validate=False), None, "position loaded")

    def to_json(self) -> str:
        """The current position as ``wisp-position/1`` JSON."""
        return formats.write_position(self.game.position())

    def solve(self, animate: bool = True, interval: float = 0.35) -> None:
        """Find a winning line in the background and play it, one move per ``interval`` (stop with ``stop()``)."""

        def play_line() -> None:
            result = solve(self.game.position(), max_positions=1_000_000)
            if result.result != "won":
                text = "proved lost" if result.result == "lost" else f"unknown within {result.positions:,} positions"
                self._say(f"No winning line to play: {text}.", "info")
                return
            moves = iter(result.moves)
            self._play_moves(lambda: next(moves, None), interval if animate else 0, "")

        self._in_background(play_line, "Solving…")

    def watch(self, player: str = "no-peek", interval: float = 0.6, seed: int = 0) -> None:
        """Let an honest player play from here for the class to watch, one move per ``interval``.

        ``player`` is ``no-peek`` (samples the hidden cards, never looks at them) or ``heuristic``. It is handed
        only what a person sees, never the game, under the same ``referee`` as ``play_game``: it stops when it
        wins, has no move left, goes round in circles or reaches the move limit, and when someone moves or
        ``stop()`` is called.
        """
        import random

        from ..search.players import PLAYERS, InformationSet, referee

        if player not in PLAYERS:
            raise WispError(f"unknown player {player!r} (one of {', '.join(PLAYERS)})")

        def look() -> InformationSet:
            with self._lock:
                return InformationSet.of(self.game)

        moves = referee(look, PLAYERS[player](), random.Random(seed))
        why = ["stopped, or the table changed"]

        def next_move() -> Move | None:
            try:
                return next(moves)
            except StopIteration as end:
                why[0] = end.value
                return None

        def play() -> None:
            self._play_moves(next_move, interval, f"{player}: ")
            self._say(f"The {player} player has stopped ({why[0]}).", "info")

        self._in_background(play, f"The {player} player is playing; it sees only what you see…")

    def _play_moves(self, next_move, interval: float, label: str) -> None:
        """Play moves from ``next_move()`` until it gives None, ``stop()`` is called or someone else moves."""
        version = self.version
        while (move := next_move()) is not None:
            if self._stop_autoplay.wait(interval) or self.version != version:
                return
            with self._lock:
                if self.version != version:
                    return
                self.game.play(move)
                version = self._changed(f"{label}{move}")

    def _in_background(self, body, announce: str) -> None:
        """Run ``body`` on a thread as the table's one autoplay (``stop()`` ends it), marked busy meanwhile."""
        self.stop()
        self._stop_autoplay.clear()
        self.busy = True
        self._say(announce, "info")

        def run() -> None:
            try:
                body()
            finally:
                self.busy = False

        self._autoplay = threading.Thread(target=run, daemon=True)
        self._autoplay.start()

    def stop(self) -> None:
        """Stop a running ``solve`` animation."""
        self._stop_autoplay.set()
        if self._autoplay is not None:
            self._autoplay.join(timeout=5)
            self._autoplay = None
        self.busy = False

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the background verdict and any ``solve`` animation to finish (for scripts and tests)."""
        if self._autoplay is not None:
            self._autoplay.join(timeout)
        job = self._verdict_job
        if job is not None:
            job.wait(timeout)

    def to_html(self, path: str | Path) -> Path:
        """Write a page that shows this position with no kernel (view only)."""
        from .export import table_html

        path = Path(path)
        path.write_text(table_html(self.table, title=f"{self.game.spec.name}"), encoding="utf-8")
        return path

    # -- front-end requests -----------------------------------------------------------

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            request = parse_request(content)
        except ProtocolError as exc:
            self._say(f"Refused a malformed request: {exc}", "error")
            return
        with self._lock:
            if request.version is not None and request.version != self.version:
                self._say("That request was made on an older table and was ignored; try again.", "error")
                return
            try:
                self._handle(request.type, request.fields)
            except WispError as exc:
                self._say(str(exc), "error")

    def _handle(self, kind: str, fields: dict[str, Any]) -> None:
        """Carry out a checked request through the same methods the Python API offers."""
        in_background = {"hint": self.hint, "fair_hint": self.fair_hint}
        if kind == "new_deal" and (fields.get("winnable") or (fields.get("winnable") is None and self.winnable)):
            self._say("Looking for a deal the solver can prove winnable…", "info")
            in_background["new_deal"] = lambda: self.new_deal(fields.get("game"), fields.get("variant"),
                                                              fields.get("seed"), fields.get("winnable"))
        if kind == "daily":
            in_background["daily"] = self.daily
        if kind in in_background:
            threading.Thread(target=self._hint_quietly, args=(in_background[kind],), daemon=True).start()
            return
        handlers = {
            "click": lambda: self.click(fields["pile"], fields.get("count", 1)),
            "move": lambda: self.move(fields["from"], fields["to"], fields.get("count", 1)),
            "deal": self.deal,
            "undo": self.undo,
            "redo": self.redo,
            "restart": self.restart,
            "new_deal": lambda: self.new_deal(fields.get("game"), fields.get("variant"), fields.get("seed"),
                                              fields.get("winnable")),
            "daily": self.daily,
            "solve": self.solve,
            "watch": self.watch,
            "stop": self.stop,
        }
        handlers[kind]()

    def _hint_quietly(self, ask) -> None:
        try:
            ask()
        except WispError as exc:  # pragma: no cover - hints do not raise on valid games
            self._say(str(exc), "error")

    # -- state ----------------------------------------------------------------------

    def _start(self, game: Game, seed: int | None, announce: str) -> None:
        self.stop()
        with self._lock:
            self.game = game
            self.seed = seed
            self.hinter = Hinter()
            self._last_settled = ""
            self._changed(announce)

    def _changed(self, announce: str) -> int:
        self.hint_move = {}
        self._refresh()
        if self.game.is_won():
            self._say("You won! Every card is home.", "win")
        else:
            self._say(announce.capitalize(), "info")
        return self.version

    def _refresh(self) -> None:
        with self._lock:
            self.version += 1
            self.table = public_state(self.game, seed=self.seed, version=self.version, reveal=self.reveal)
            self.moves = len(self.game.moves_played)
            self.won = self.game.is_won()
            self._update_status()
        self._start_verdict()

    @traitlets.observe("reveal")
    def _reveal_changed(self, _change: dict) -> None:
        if hasattr(self, "game"):
            self._refresh()

    def _update_status(self) -> None:
        deal = f"deal {self.seed}" if self.seed is not None else "set position"
        parts = [self.game.spec.name, deal, f"{self.moves} moves"]
        if self.verdict:
            parts.append(self.verdict)
        self.status = " · ".join(parts)

    def _say(self, text: str, kind: str) -> None:
        self._message_id += 1
        self.message = {"id": self._message_id, "kind": kind, "text": text}

    def _start_verdict(self) -> None:
        if not self.auto_verdict:
            return
        if self._verdict_job is not None:
            self._verdict_job.cancel()
        if self.game.is_won():
            self._set_verdict("won")
            return
        version = self.version
        self._set_verdict("thinking…")
        self._verdict_job = BackgroundSolve(self.game.position(), callback=lambda job: self._verdict_done(job, version),
                                            max_positions=self.verdict_positions)

    def _verdict_done(self, job: BackgroundSolve, version: int) -> None:
        if version != self.version or job.result is None or job.result.cancelled:
            return
        result = job.result
        if result.result == "won":
            text = "winnable"
        elif result.result == "lost":
            text = "no longer winnable" if self._last_settled == "winnable" else "proved lost"
        else:
            text = f"unknown within {result.positions:,} positions"
        if result.result in ("won", "lost"):
            self._last_settled = text if text == "winnable" else "lost"
        with self._lock:
            if version == self.version:
                self._set_verdict(text)

    def _set_verdict(self, text: str) -> None:
        self.verdict = text
        self._update_status()


def play(game: str = "will-o-the-wisp", seed: int | None = None, *, variant: str | None = None,
         winnable: bool = False, reveal: bool = False, **kwargs: Any) -> TableWidget:
    """A table to play deal ``seed`` of ``game`` in a notebook cell (deal 1 when no seed is given)."""
    dealt = new_game(game, seed, variant=variant, winnable=winnable)
    return TableWidget(dealt.game, seed=dealt.seed, reveal=reveal, winnable=winnable, **kwargs)
