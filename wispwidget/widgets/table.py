"""``TableWidget``: a playable table in a notebook cell, a thin shell of traits over ``TableController``.

The Python engine is the single source of truth: the browser sends requests (click, move, deal, undo, ...)
with the state version they were made on, and draws whatever public state comes back. Every trait is owned by
the kernel and set only under the controller's lock; an update of a trait sent by the front-end is refused and
re-synced (``guard.KernelOwned``: the table's view writes no trait), so a forged ``{"reveal": true}`` can never
show a face-down card. The protocol is stated once in ``protocol.py`` (docs/protocol.md).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import traitlets

from ..api import new_game
from ..engine.dealing import parse_date
from ..engine.game import Game
from ..engine.move import Move
from ..io.words import game_label, plural
from ..limits import check_max_positions
from ..search.hints import Hint, Hinter
from .controller import REPLAY_SPEED, VERDICT_POSITIONS, TableController
from .guard import BrowserCheck, KernelOwned
from .jobs import Job
from .protocol import TRAITS

STATIC = Path(__file__).resolve().parent.parent / "static"
STOPPED = Hint(None, "unknown", 0, "The hint was stopped before it finished.")

__all__ = ["VERDICT_POSITIONS", "TableWidget", "play"]


def _help(name: str) -> str:
    return TRAITS[name].help


class TableWidget(KernelOwned):
    """A solitaire table. Build one with ``wispwidget.play(game, seed=...)``."""

    _esm = STATIC / "table.js"
    _css = STATIC / "table.css"
    BROWSER_WRITES: ClassVar[Mapping[str, BrowserCheck]] = {}  # the view sends requests, never a trait

    table = traitlets.Dict(help=_help("table")).tag(sync=True)
    status = traitlets.Unicode("", help=_help("status")).tag(sync=True)
    verdict = traitlets.Unicode("", help=_help("verdict")).tag(sync=True)
    message = traitlets.Dict(help=_help("message")).tag(sync=True)
    hint_move = traitlets.Dict(help=_help("hint_move")).tag(sync=True)
    games = traitlets.List(traitlets.Dict(), help=_help("games")).tag(sync=True)
    job = traitlets.Dict(help=_help("job")).tag(sync=True)
    replay_speed = traitlets.Float(REPLAY_SPEED, help=_help("replay_speed")).tag(sync=True)
    winnable = traitlets.Bool(False, help=_help("winnable")).tag(sync=True)
    reveal = traitlets.Bool(False, help=_help("reveal")).tag(sync=True)
    busy = traitlets.Bool(False, help=_help("busy")).tag(sync=True)
    moves = traitlets.Int(0, help=_help("moves")).tag(sync=True)
    won = traitlets.Bool(False, help=_help("won")).tag(sync=True)
    version = traitlets.Int(0, help=_help("version")).tag(sync=True)
    stats = traitlets.Dict(help=_help("stats")).tag(sync=True)
    win_summary = traitlets.Dict(help=_help("win_summary")).tag(sync=True)

    def __init__(self, game: Game | None = None, *, seed: int | None = None, reveal: bool = False,
                 winnable: bool = False, auto_verdict: bool = True, verdict_positions: int = VERDICT_POSITIONS,
                 replay_speed: float = REPLAY_SPEED, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._publishing = False
        self.controller = TableController(game, seed=seed, reveal=reveal, winnable=winnable,
                                          auto_verdict=auto_verdict, verdict_positions=verdict_positions,
                                          replay_speed=replay_speed, publish=self._apply)
        with self.controller.lock:
            self._apply(self.controller.traits())
        self.on_msg(self._on_front_end_message)

    # -- the kernel owns every trait --------------------------------------------------------------------------

    def _apply(self, traits: dict[str, Any]) -> None:
        """Set the traits that changed (called by the controller, under its lock)."""
        self._publishing = True
        try:
            with self.hold_sync():
                for name, value in traits.items():
                    if getattr(self, name) != value:
                        setattr(self, name, value)
        finally:
            self._publishing = False

    @traitlets.observe("reveal", "winnable", "replay_speed")
    def _setting_changed(self, change: dict[str, Any]) -> None:
        """``w.reveal = True`` (and ``winnable``, ``replay_speed``) from Python go through the controller."""
        if self._publishing or not hasattr(self, "controller"):
            return
        setter = {"reveal": self.controller.set_reveal, "winnable": self.controller.set_winnable,
                  "replay_speed": self.controller.set_speed}[change["name"]]
        setter(change["new"])

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.controller.handle(content)

    def __repr__(self) -> str:
        game = self.controller.game
        spec = game.spec
        deal = f"deal {self.controller.seed}" if self.controller.seed is not None else "set position"
        return f"TableWidget({spec.game}/{spec.variant}, {deal}, {plural(len(game.moves_played), 'move')})"

    # -- the Python API (each delegates to the controller) ------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game in play (the engine's; read it, play through the widget)."""
        return self.controller.game

    @property
    def seed(self) -> int | None:
        """The deal number (None for a loaded position)."""
        return self.controller.seed

    @property
    def hinter(self) -> Hinter:
        """The hinter of this deal (it remembers the winning line it found)."""
        return self.controller.hinter

    @property
    def auto_verdict(self) -> bool:
        """Whether the solver checks each position in the background."""
        return self.controller.auto_verdict

    def move(self, source: str, target: str, count: int = 1) -> None:
        """Play a move; raise ``IllegalMoveError`` (nothing changes) if it is not legal.

        Moves made from Python are a script's, not the player's: a game with one is not counted in the
        statistics, and its win says "Won, with help".
        """
        self.controller.move(source, target, count, scripted=True)

    def deal(self) -> None:
        """Deal (Spider family) or draw (Forty Thieves family) from the stock (a script's move, like ``move``)."""
        self.controller.deal(scripted=True)

    def click(self, source: str, count: int = 1) -> Move:
        """Do what a click on a card does (rules.md, "Playing by click"); return the move played (a script's
        move, like ``move``)."""
        return self.controller.click(source, count, scripted=True)

    def undo(self) -> Move:
        """Take back the last move."""
        return self.controller.undo()

    def redo(self) -> Move:
        """Play the last undone move again."""
        return self.controller.redo()

    def restart(self) -> None:
        """Back to the start of this deal (the moves can be redone)."""
        self.controller.restart()

    def hint(self) -> Hint:
        """The solver's next move (highlighted on the table): a winning line's, or a labelled suggestion; called
        again in the same position, the next good move ("Hint 2 of 4: ..."), round again after the last."""
        hint = self.controller.hint()
        return hint if hint is not None else STOPPED

    def fair_hint(self, seconds: float = 1.0) -> Hint:
        """A hint that never peeks: the no-peek planner's move from what you can see, within ``seconds``."""
        hint = self.controller.fair_hint(seconds)
        return hint if hint is not None else STOPPED

    def new_deal(self, game: str | None = None, variant: str | None = None, seed: int | None = None,
                 winnable: bool | None = None) -> None:
        """Start a new deal (same game unless told); ``winnable`` picks a proved-winnable deal."""
        self.controller.new_deal(game, variant, seed, winnable)

    def daily(self, date: _dt.date | str | None = None) -> None:
        """Play the daily deal (a proved-winnable deal chosen from ``date``: a ``datetime.date``, ``"YYYY-MM-DD"``
        or ``"today"``, today when omitted); raise ``WispError`` for anything else."""
        self.controller.daily(None if date is None else parse_date(date))

    def load(self, position_json: str | dict) -> None:
        """Show a ``wisp-position/1`` position (text or object); raise ``FormatError`` if invalid."""
        self.controller.load(position_json)

    def to_json(self) -> str:
        """The current position as ``wisp-position/1`` JSON."""
        return self.controller.to_json()

    def solve(self, animate: bool = True, interval: float | None = None) -> Job | None:
        """Find a winning line in the background and play it at ``replay_speed`` moves a second (or one move
        per ``interval`` seconds); ``stop()`` stops it."""
        return self.controller.solve(animate, interval)

    def watch(self, player: str = "no-peek", interval: float | None = None, seed: int = 0) -> Job:
        """Let an honest player (``no-peek``, ``hindsight`` or ``heuristic``) play from here, seeing only what you
        see."""
        return self.controller.watch(player, interval, seed)

    @property
    def review_positions(self) -> int:
        """The Review button's budget: positions searched for each position it checks (200,000 by default)."""
        return self.controller.review_positions

    @review_positions.setter
    def review_positions(self, value: int) -> None:
        self.controller.review_positions = check_max_positions(value, "review_positions")

    def review(self, max_positions: int | None = None, *, show: bool = True) -> Any:
        """Review the moves played so far (``wispwidget.studies.review``): where the game was won or lost.

        With ``show`` (the Review button's way), a named losing move takes the table back to the position before
        it, with a move that keeps a win highlighted; Redo replays the moves played. ``max_positions`` defaults
        to ``review_positions``.
        """
        return self.controller.review(max_positions, show=show)

    def stop(self) -> None:
        """Stop Solve, Watch, hints and reviews at once."""
        self.controller.stop()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the background verdict and any Solve or Watch to finish (for scripts and tests)."""
        return self.controller.wait(timeout)

    def to_html(self, path: str | Path) -> Path:
        """Write a page that shows this position with no kernel (view only)."""
        return self.controller.to_html(path)

    @property
    def label(self) -> str:
        """The game's name with its variant."""
        return game_label(self.controller.game.spec)


def play(game: str = "will-o-the-wisp", seed: int | None = None, *, variant: str | None = None,
         winnable: bool = False, reveal: bool = False, **kwargs: Any) -> TableWidget:
    """A table to play deal ``seed`` of ``game`` in a notebook cell (deal 1 when no seed is given)."""
    dealt = new_game(game, seed, variant=variant, winnable=winnable)
    return TableWidget(dealt.game, seed=dealt.seed, reveal=reveal, winnable=winnable, **kwargs)
