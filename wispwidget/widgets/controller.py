"""``TableController``: the table's kernel side without ipywidgets: the game, its version, what is known of it,
background work, statistics and every word shown.

The widget (``table.py``) is a thin shell of traits over this class. Everything here happens under one lock,
``self.lock``: requests, moves, background results and publishing the traits. Background work runs in the
``JobRunner`` (``jobs.py``), never under the lock, and its result is applied only if the game is still at the
version it was computed for. ``publish(traits)`` is called (under the lock) with every trait's value after
each change; the widget sets those that differ.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as _dt
import random
import threading
import time
from bisect import bisect_left
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from ..api import check_flag, new_game
from ..engine.game import Game
from ..engine.move import Move
from ..engine.position import Position
from ..errors import IllegalMoveError, WispError
from ..games.catalogue import CATALOGUE, get_game
from ..games.spec import GameSpec
from ..io import formats
from ..io.words import (
    advice,
    game_label,
    move_phrase,
    move_words,
    plural,
    positions_words,
    refusal,
    seconds_words,
    sentence,
)
from ..limits import check_max_positions, check_seed, check_time_limit, echo
from ..search.hints import HINT_POSITIONS, Hint, Hinter, judge
from ..search.lines import shortened
from ..search.planner import PlanSettings
from ..search.players import PLAYERS, InformationSet, PlannerPlayer, referee
from ..search.solver import SolveResult, solve
from ..studies.review import TRY_LARGER, checks_expected
from ..studies.review import review as run_review
from ..studies.variant_study import menu_label
from ..studies.winnable import catalogue_range, daily_deal_seed, proved_seeds, winnable_seed
from .jobs import Job, JobRunner
from .protocol import MAX_SPEED, ProtocolError, Request, parse_request, speed_in_range
from .public_state import public_state
from .stats import StatsStore

VERDICT_POSITIONS = 100_000
SOLVE_POSITIONS = 1_000_000
REPLAY_SPEED = 4.0
POSITION_JOBS = ("verdict", "hint", "fair_hint", "solve", "replay", "watch", "review")
JOB_KINDS = ("solve", "replay", "watch", "hint", "fair_hint", "winnable", "review")  # shown to the player
REVIEW_POSITIONS = HINT_POSITIONS  # per position a review checks, as a hint's (a few seconds in the C core)
REVIEW_AGAIN = 5  # pressing Review again on an unsettled review multiplies its budget by this much
REVIEW_MOST = 5_000_000  # up to this many positions for each position checked (about a minute each at worst)
WATCH_PATIENCE = 60  # Watch stops after this many moves that show, deal and put away nothing (cards still hidden)
REVIEWING = "Reviewing the moves played…"
NO_MOVE_LEFT = "No move is left: Undo, Restart, or Review to see where the game was lost."
ALREADY_WON = "The game is already won; deal a new game to play again."


def games_menu() -> list[dict[str, str]]:
    """The games the menu offers, each with its exact name and variant said once."""
    return [{"game": s.game, "variant": s.variant, "name": s.name, "label": menu_label(s)} for s in CATALOGUE.values()]


def start_of(game: Game) -> Position:
    """The position a game started from (its moves undone and redone; the game is left as it was)."""
    played = game.moves_played
    if not played:
        return game.position()
    redo_stack = list(game._redo)
    while game.can_undo:
        game.undo()
    start = game.position()
    for move in played:
        game.push(move)
    game._redo = redo_stack
    return start


def check_speed(value: object) -> float:
    """A replay speed: moves a second, above 0 and at most the protocol's ``MAX_SPEED``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not speed_in_range(value):
        raise WispError(f"the replay speed is a number of moves a second above 0 and at most {MAX_SPEED:g}, "
                        f"not {echo(value)}")
    return float(value)


def check_interval(value: object) -> float | None:
    """Seconds between the moves Solve or Watch plays: None (the replay speed's) or 0 to ``MOST_INTERVAL``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= MOST_INTERVAL:
        raise WispError(f"the interval is a number of seconds from 0 to {MOST_INTERVAL:g}, not {echo(value)}")
    return float(value)


MOST_INTERVAL = 60.0  # a minute between moves: slower is no replay


CYCLE_POSITIONS = 20_000  # a short search of each other move's position, for the hints that cycle
CYCLE_SECONDS = 3.0  # at most this long for all of them (the moves left unsearched are suggestions)


@dataclasses.dataclass
class HintCycle:
    """The hints of one position (``version``): ``first``, the one shown first, then (once Hint is pressed again
    there) ``hints``, every good move in the order they are shown; ``shown``, the index of the one shown last."""

    version: int
    first: Hint
    hints: list[Hint] | None = None
    shown: int = 0
    last: Hint | None = None  # the hint shown last (its words as shown, "Hint 2 of 5: ...")


def good_moves(game: Game, first: Hint, known: dict[tuple, str], hinter: Hinter, seen: set[tuple], *,
               cancel: Any = None, positions: int = CYCLE_POSITIONS,
               seconds: float = CYCLE_SECONDS) -> tuple[list[Hint], dict[tuple, str]]:
    """Every good move from ``game``'s position, in the order Hint shows them when pressed again: ``first`` (the
    hint shown first), then the other moves that keep a win (their position known winnable, in ``known`` or on
    ``hinter``'s line, or proved by a search of ``positions``), then the rest as labelled suggestions, best judged
    first (positions not ``seen`` before first); a move to a position proved lost is left out unless the game is
    lost anyway. Also returns what the searches proved (position key -> "winnable" or "lost").

    No move to choose (``first`` has none, or is the only one) leaves ``[first]``."""
    if first.move is None or first.only:
        return [first], {}
    deadline = time.monotonic() + seconds
    lost_game = first.verdict == "lost"
    keeps: list[Hint] = []
    others: list[tuple[tuple, Move]] = []
    learned: dict[tuple, str] = {}
    for index, move in enumerate(game.legal_moves()):
        if move == first.move:
            continue
        after = game.copy()
        after.push(move)
        key = after.key()
        fact = "winnable" if after.is_won() or hinter.on_line(after) else known.get(key)
        if fact is None and time.monotonic() < deadline and not getattr(cancel, "cancelled", False):
            result = solve(after.position(), positions, cancel=cancel)
            if result.result == "won":
                fact = learned[key] = "winnable"
            elif result.result == "lost":
                fact = learned[key] = "lost"
        if fact == "winnable":
            also = " too" if first.proved else ""
            keeps.append(Hint(move, "winnable", 0, sentence(f"{advice(move, game)}: it keeps a win{also}"), True))
        elif fact in ("lost", "no longer winnable") and not lost_game:
            continue  # it would lose a game that may still be won: no good move
        else:
            others.append(((key not in seen, judge(after), move.source != "stock", -index), move))
    others.sort(key=lambda entry: entry[0], reverse=True)
    if lost_game:
        words = "To play on anyway, try {} (a suggestion, not a proof)."
    else:
        words = "Try {}: a suggestion, not a proof."
    suggestions = [Hint(move, "lost" if lost_game else "unknown", 0, words.format(move_phrase(move, game)))
                   for _, move in others]
    return [first, *keeps, *suggestions], learned


class TableController:
    """A table's state and behaviour. ``publish`` receives every trait's value after each change."""

    def __init__(self, game: Game | None = None, *, seed: int | None = None, reveal: bool = False,
                 winnable: bool = False, auto_verdict: bool = True, verdict_positions: int = VERDICT_POSITIONS,
                 replay_speed: float = REPLAY_SPEED, publish: Callable[[dict[str, Any]], None] | None = None,
                 stats: StatsStore | None = None) -> None:
        self.lock = threading.RLock()
        self.jobs = JobRunner(on_change=self._jobs_changed, on_error=self._job_failed)
        self.auto_verdict = check_flag(auto_verdict, "auto_verdict")
        self.verdict_positions = check_max_positions(verdict_positions, "verdict_positions")
        self.review_positions = REVIEW_POSITIONS  # each check of the Review button (w.review_positions sets it)
        self.reveal = check_flag(reveal, "reveal")
        self.winnable = check_flag(winnable, "winnable")
        self.replay_speed = check_speed(replay_speed)
        self.store = stats or StatsStore()
        self.version = 0
        self.views = 0  # the views drawn in the browser now (each says when it is drawn and taken away)
        self.message: dict[str, Any] = {}
        self._message_id = 0
        self._publish_to = publish
        self.published: dict[str, Any] = {}
        self.last_review: Any = None
        # game/variant -> the last deal number played in this session (New deal: the next, or the next after the
        # last deal New deal dealt in any session, StatsStore.last_new_deal, whichever is later)
        self.last_seeds: dict[str, int] = {}
        # (version, budget, moves) of the last review that did not settle: Review again there searches longer
        self._unsettled_review: tuple[int, int, tuple[Move, ...]] | None = None
        self.game: Game
        self.played_counted = False
        self.win_counted = False
        self._quiet = 0
        with self.lock:
            self._start(game if game is not None else Game.new("will-o-the-wisp", seed=1), seed, None)

    # -- moves (the Python API raises; requests turn errors into messages) ----------------------------------

    def move(self, source: str, target: str, count: int = 1, *, scripted: bool = False) -> Move:
        """Play a move; raise ``IllegalMoveError`` (nothing changes) if it is not legal.

        ``scripted``: the move comes from Python, not from the table, so the game is not counted in the
        statistics (a script's win is no player's best time).
        """
        with self.lock:
            reason = self.game.why_illegal((source, target, count))  # before its cards are named in words
            if reason is not None:
                raise IllegalMoveError(reason)
            return self._play(Move(source, target, count), scripted=scripted)

    def deal(self, *, scripted: bool = False) -> Move:
        """Deal (Spider family) or draw (Forty Thieves family) from the stock."""
        with self.lock:
            return self._play(self.game.click_destination("stock"), scripted=scripted)

    def click(self, source: str, count: int = 1, *, scripted: bool = False) -> Move:
        """Do what a click on a card does (rules.md, "Playing by click"); return the move played."""
        with self.lock:
            return self._play(self.game.click_destination(source, count), scripted=scripted)

    def undo(self) -> Move:
        """Take back the last move."""
        with self.lock:
            move = self._undo_one()
            self.undos += 1
            self._changed("undo", move, f"Undid {_taken_back(move, self.game)}.")
            return move

    def redo(self) -> Move:
        """Play the last undone move again."""
        with self.lock:
            if not self.game.can_redo:
                self.game.redo()  # raises the engine's "nothing to redo"
            move = self.game._redo[-1]
            words = _taken_back(move, self.game)
            parent = self.game.key()
            self.game.redo()
            self._inherit(parent)
            self._changed("redo", move, f"Redid {words}.")
            return move

    def restart(self) -> None:
        """Back to the start of this deal (the moves can be redone)."""
        with self.lock:
            self._back_to(0)
            # a win after help is not the player's, Restart or not: said now, not first on the win banner
            helped = f" {sentence(self._help_words())}" if self.assisted else ""
            self._changed("new", None, f"Back to the start of this deal; Redo plays the moves again.{helped}")

    def _back_to(self, moves: int) -> None:
        """Undo, quietly, until ``moves`` moves are played (the undone ones stay to Redo)."""
        while len(self.game.moves_played) > moves:
            self._undo_one()

    def _undo_one(self) -> Move:
        """Undo one move: a position with a move to a winnable one is winnable too (so Undo keeps "winnable")."""
        winnable = self.knowledge() in ("won", "winnable")
        move = self.game.undo()
        if winnable:
            self.facts.setdefault(self.game.key(), "winnable")
        return move

    def _play(self, move: Move, *, by: str | None = None, label: str = "", scripted: bool = False) -> Move:
        words = move_words(move, self.game)
        parent = self.game.key()
        self.game.play(move)  # raises IllegalMoveError with nothing changed
        helper = "Python" if scripted else None if by is None else "Watch" if by == "watch" else "Solve"
        if helper is not None:
            self.helped_by.add(helper)
        self.played_by[(parent, move)] = helper  # who last played this move from this position (None: the player)
        self._inherit(parent)
        self._changed("play", move, f"{label}{words}.", by=by)
        return move

    @property
    def assisted(self) -> bool:
        """Whether moves of this game were made by Solve, Watch or Python: a win, but not the player's."""
        return bool(self.helped_by)

    @property
    def counts(self) -> bool:
        """Whether this game goes into the statistics: a deal (not a position loaded, whose best time would say
        nothing about the game) and no move made from Python (a script's game)."""
        return self.seed is not None and "Python" not in self.helped_by

    def _help_words(self) -> str:
        """Who helped, and what that means for the statistics, in words: "Solve played moves of this deal: the
        win is not counted", "moves were made from Python: the game is not counted"; nothing ("") when no one
        helped (a win with hints is the player's own)."""
        if not self.helped_by:
            return ""
        if "Python" in self.helped_by:
            return "moves were made from Python: the game is not counted"
        return f"{' and '.join(sorted(self.helped_by))} played moves of this deal: the win is not counted"

    def _inherit(self, parent: tuple) -> None:
        """A move from a lost position leads to a lost position (it would be won otherwise)."""
        fact = self.facts.get(parent)
        if fact in ("lost", "no longer winnable"):
            self.facts.setdefault(self.game.key(), fact)

    # -- starting games ---------------------------------------------------------------------------------------

    def new_deal(self, game: str | None = None, variant: str | None = None, seed: int | None = None,
                 winnable: bool | None = None, *, wait: bool = True) -> Job | None:
        """Start a new deal (same game unless told); ``winnable`` picks a proved-winnable deal.

        A deal number asked for is dealt as asked, whatever the Winnable switch says (the switch picks the deals
        New deal chooses; the announcement says when the deal asked for is not proved winnable), unless this very
        call says ``winnable=True``: then the deal is the first from ``seed`` on proved winnable, as
        ``wispwidget.deal(game, seed, winnable=True)``, and the announcement says which. A winnable deal past the
        shipped catalogue is proved in the background; ``wait`` waits for it.
        """
        with self.lock:
            same = self.game.spec
            spec = get_game(same.game if game is None else game,
                            variant if variant is not None else (None if game is not None else same.variant))
            # each game counts its own deals: Black Widow after Will o' the Wisp deal 2 is Black Widow deal 1; and
            # goes on from the last deal New deal dealt in an earlier session (the statistics file keeps it)
            counted = seed is None
            chosen = check_seed(seed) if seed is not None else \
                max(self.last_seeds.get(spec.key, 0), self.store.last_new_deal(spec.key)) + 1
            if winnable is not None:  # (once the request is known to be good: a refused one changes nothing)
                self.winnable = check_flag(winnable, "winnable")
            pick = self.winnable and (seed is None or winnable is True)  # look for a proved-winnable deal
            if not pick or self._catalogue_knows(spec, chosen):
                dealt = new_game(spec, chosen, winnable=pick)
                self._start(dealt.game, dealt.seed, self._deal_words(dealt, None if counted else chosen, pick))
                if counted:
                    self.store.dealt_new(spec.key, dealt.seed)
                return None
            self.say(f"Looking for a deal of {game_label(spec)} the solver can prove winnable…", "info")
            asked = None if counted else chosen
            job = self.jobs.start("winnable", "Proving a deal winnable…",
                                  lambda job: new_game(spec, winnable_seed(spec, chosen, cancel=job.token)),
                                  lambda job, dealt: self._dealt(job, dealt, counted=counted, asked=asked))
            self._publish()
        if wait:
            job.wait()
            if job.error is not None:
                raise job.error
        return job

    def daily(self, date: _dt.date | str | None = None, *, wait: bool = True) -> Job | None:
        """Play the daily deal (a proved-winnable deal chosen from the date)."""
        with self.lock:
            spec = self.game.spec
            day = date or _dt.date.today()
            if proved_seeds(spec.key):
                dealt = new_game(spec, daily=day)
                self._start(dealt.game, dealt.seed, f"Daily deal: {game_label(spec)}, deal {dealt.seed}.")
                return None
            job = self.jobs.start("winnable", "Finding the daily deal…",
                                  lambda job: new_game(spec, daily_deal_seed(day, spec, cancel=job.token)),
                                  lambda job, dealt: self._dealt(job, dealt, "Daily deal: "))
        if wait:
            job.wait()
            if job.error is not None:
                raise job.error
        return job

    def _deal_words(self, dealt, asked: int | None, picked: bool) -> str:
        """A new deal's announcement: "Waxing Moon, deal 4.", and when a deal number was asked for, what Winnable
        did with it: the first proved-winnable deal from it on (said when it is another), or the deal as asked,
        with the switch ticked, though not proved winnable."""
        words = f"{game_label(dealt.spec)}, deal {dealt.seed}."
        if asked is None:
            return words
        if picked and dealt.seed != asked:
            return (f"{words} Deal {asked} is not proved winnable: deal {dealt.seed} is the first from {asked} on "
                    "that is.")
        if not picked and self.winnable and dealt.seed not in proved_seeds(dealt.spec.key):
            return (f"{words} It is not one of the deals proved winnable: Winnable picks the deals New deal "
                    "chooses, and a deal asked for by number is dealt as asked.")
        return words

    def _dealt(self, job: Job, dealt, prefix: str = "", *, counted: bool = False, asked: int | None = None) -> None:
        with self.lock:
            if not job.cancelled:
                words = self._deal_words(dealt, asked, True)
                self._start(dealt.game, dealt.seed, f"{prefix}{words}")
                if counted:  # New deal's own count (not a deal number asked for, nor the daily deal)
                    self.store.dealt_new(dealt.spec.key, dealt.seed)

    @staticmethod
    def _catalogue_knows(spec: GameSpec, seed: int) -> bool:
        known = proved_seeds(spec.key)
        return seed in catalogue_range() and bisect_left(known, seed) < len(known)

    def load(self, position_json: str | bytes | dict) -> None:
        """Show a ``wisp-position/1`` position (text or object); raise ``FormatError`` if invalid."""
        position = (formats.read_position(position_json) if isinstance(position_json, str | bytes)
                    else formats.position_from_dict(position_json))
        with self.lock:
            self._start(Game(position, validate=False), None, "Position loaded.")

    @contextlib.contextmanager
    def _batch(self):
        """Publish once, at the end, whatever is changed inside (never a table half updated)."""
        with self.lock:
            self._quiet += 1
            try:
                yield
            finally:
                self._quiet -= 1
            self._publish()

    def _start(self, game: Game, seed: int | None, announce: str | None) -> None:
        with self._batch():
            self._start_quietly(game, seed, announce)

    def _start_quietly(self, game: Game, seed: int | None, announce: str | None) -> None:
        self.jobs.cancel()
        previous: Game | None = getattr(self, "game", None)
        if previous is not None and self.played_counted and not self.win_counted:
            self.store.abandoned(previous.spec.key)
        self.game = game
        self.seed = seed
        if seed is not None:
            self.last_seeds[game.spec.key] = seed
        self.start = start_of(game)
        self.hinter = Hinter()
        self.facts: dict[tuple, str] = {}
        self.unknown: dict[tuple, int] = {}
        self.seen: set[tuple] = set()
        self.hint_move: dict[str, Any] = {}
        self._hint_cycle: HintCycle | None = None  # the hints of this position, once Hint was pressed here
        self.hints = 0
        self.undos = 0
        self.helped_by: set[str] = set()  # who else made moves: "Solve", "Watch", "Python" (a script's game: uncounted)
        self.played_by: dict[tuple, str | None] = {}  # (position key, move): who played it (Review says whose it was)
        self.started = False  # a move was made: the clock runs
        self.stuck = False  # no move is left (set after every change)
        self.played_counted = False
        self.win_counted = False
        self.win_summary: dict[str, Any] = {}
        self.clock_seconds = 0.0  # play time counted up to clock_since (or in all, while the clock stands)
        self.clock_since: float | None = None  # when the clock last started running; None while it stands
        self.stats = self.store.get(game.spec.key)
        if seed is not None and not game.moves_played and seed in proved_seeds(game.spec.key):
            self.facts[game.key()] = "winnable"  # the shipped catalogue proved it: known before any search
        self._changed("new", None, announce)

    # -- after every change ----------------------------------------------------------------------------------

    def _changed(self, kind: str, move: Move | None, announce: str | None, *, by: str | None = None) -> None:
        with self._batch():
            self._change(kind, move, announce, by)

    def _change(self, kind: str, move: Move | None, announce: str | None, by: str | None) -> None:
        self.version += 1
        self.last = {"move": None if move is None else list(move), "kind": kind}
        self.hint_move = {}
        self.jobs.cancel(None, keep=("winnable",) + ((by,) if by else ()))
        self.seen.add(self.game.key())
        game = self.game
        self.started = self.started or kind == "play"
        if kind == "play" and by is None and not self.played_counted and self.counts:  # the player's own move
            self.played_counted = True
            self.stats = self.store.played(game.spec.key)
        self.stuck = stuck = game.is_stuck()  # once per change: the status line, read at every publish, uses it
        if not game.is_won():
            self.win_summary = {}  # undone, or restarted: the next win is summed up afresh (and counted once)
        self._run_clock(self._clock_should_run())
        if game.is_won():
            if not self.win_summary:
                seconds = self.seconds
                self.win_summary = {"moves": len(game.moves_played), "seconds": round(seconds, 1),
                                    "hints": self.hints, "undos": self.undos, "assisted": self.assisted,
                                    "help": self._help_words()}
                if not self.win_counted and self.played_counted:
                    self.win_counted = True
                    if not self.assisted:  # a win with hints counts, but sets no best time
                        self.stats = self.store.won(game.spec.key, None if self.hints else seconds)
            moves, seconds = self.win_summary["moves"], self.win_summary["seconds"]
            took = "under a second" if seconds < 1 else seconds_words(seconds)  # not "0 s"
            self.say(f"You won in {plural(moves, 'move')} and {took}! Every card is home."
                     if not self.assisted else f"Won in {plural(moves, 'move')}: every card is home.", "win")
        elif stuck:
            self.say(f"{announce} {NO_MOVE_LEFT}" if announce else NO_MOVE_LEFT, "info")
        elif announce:
            self.say(announce, "info")
        self._table = public_state(game, seed=self.seed, version=self.version, reveal=self.reveal, last=self.last,
                                   clock=self.clock)
        self._start_verdict()

    def _clock_should_run(self) -> bool:
        """The player's clock runs from the first move while the game is neither won nor out of moves, and
        stands while a review searches (the solver's time is not the player's)."""
        return (self.started and not self.game.is_won() and not self.stuck
                and self.jobs.get("review") is None)

    def _run_clock(self, running: bool) -> None:
        """Start or stand the clock: it runs from the first move while a move is left, until the game is won
        (a position with no move left stands it; undoing out of it starts it again)."""
        now = time.monotonic()
        if running and self.clock_since is None:
            self.clock_since = now
        elif not running and self.clock_since is not None:
            self.clock_seconds += now - self.clock_since
            self.clock_since = None

    @property
    def seconds(self) -> float:
        """Play time: seconds since the first move, not counting while no move was left, until the game was won."""
        running = 0.0 if self.clock_since is None else time.monotonic() - self.clock_since
        return self.clock_seconds + running

    @property
    def clock(self) -> dict[str, Any]:
        """The game's clock as the view shows it: ``seconds`` of play at ``at`` (the kernel's wall clock, Unix
        seconds); while ``running`` a view counts on from there, so one opened later shows the time now."""
        return {"seconds": round(self.seconds, 1), "running": self.clock_since is not None,
                "at": round(time.time(), 3)}

    # -- what is known ---------------------------------------------------------------------------------------

    def knowledge(self) -> str | None:
        """What is proved of the current position: won, winnable, lost, no longer winnable, or None."""
        if self.game.is_won():
            return "won"
        if self.hinter.on_line(self.game):
            return "winnable"
        return self.facts.get(self.game.key())

    def _learn(self, game: Game, result: SolveResult) -> None:
        """Record what a search proved about ``game``'s position (its line, when won)."""
        key = game.key()
        if result.result == "won":
            replay = game.copy()
            self.facts[key] = "winnable"
            for move in result.moves:
                replay.push(move)
                self.facts[replay.key()] = "winnable"
        elif result.result == "lost":
            self.facts[key] = self._lost_word()
        else:
            self.unknown[key] = max(self.unknown.get(key, 0), result.positions)

    def _lost_word(self) -> str:
        """A position proved lost, in the verdict's words: "no longer winnable" once this game was proved
        winnable (by the verdict, a hint, Solve or a review), else "lost"."""
        return "no longer winnable" if "winnable" in self.facts.values() or self.hinter._line else "lost"

    @property
    def verdict(self) -> str:
        """The verdict as the status line shows it."""
        known = self.knowledge()
        if known == "lost":
            return "proved lost"
        if known:
            return known
        if self.jobs.get("verdict") is not None:
            return "thinking…"
        key = self.game.key()
        if key in self.unknown:
            return "not known if winnable (too hard to tell quickly)"  # (was "100,000 positions searched")
        return ""

    def _start_verdict(self) -> None:
        if not self.auto_verdict or self.knowledge() is not None:
            return
        version, game, budget = self.version, self.game.copy(), self.verdict_positions

        def done(job: Job, result: SolveResult) -> None:
            with self.lock:
                if self.version == version:
                    self._learn(self.game, result)
                    if result.result == "won":
                        self.hinter.remember(self.game, list(result.moves))
                    self._publish()

        self.jobs.start("verdict", "Checking the position…",
                        lambda job: shortened(solve(game.position(), max_positions=budget, cancel=job.token),
                                              game.position()), done)

    # -- hints -----------------------------------------------------------------------------------------------

    def hint(self, *, wait: bool = True) -> Hint | None:
        """The next move of a winning line, or a labelled suggestion (highlighted on the table).

        Asked again in the same position, the next good move, as KPatience and PySolFC cycle: the winning line's
        move (or the first suggestion) first, then the other moves that keep a win (known, or proved by a short
        search of each, ``CYCLE_POSITIONS``), then the other moves as labelled suggestions (best judged first;
        moves proved to lose a winnable game are left out), and round again. Each says "Hint 2 of 5: ...".
        """
        with self.lock:
            if self.game.is_won():
                self.say(ALREADY_WON, "info")
                return Hint(None, "won", 0, "The game is won.")
            again = self._hint_cycle if self._hint_cycle and self._hint_cycle.version == self.version else None
            if again is not None and again.hints is not None:
                return self._next_in_cycle(again)
            job = self._start_cycle(again) if again is not None else self._start_hint()
        if again is None:
            return self._finish(job, wait)
        return None if self._finish(job, wait) is None else again.last  # (waited for outside the lock)

    def _start_hint(self) -> Job:
        """The first press of Hint in a position: the hinter's move, found in the background."""
        version, game, hinter, avoid = self.version, self.game.copy(), self.hinter, set(self.seen)

        def done(job: Job, hint: Hint) -> None:
            with self.lock:
                if self.version != version:
                    return
                if hint.proved:
                    self.facts[self.game.key()] = "winnable"
                elif hint.verdict == "lost":
                    self.facts.setdefault(self.game.key(), self._lost_word())
                elif hint.verdict == "unknown" and not job.cancelled:  # the status line says the larger budget
                    key = self.game.key()
                    self.unknown[key] = max(self.unknown.get(key, 0), hint.positions)
                if not job.cancelled:  # asked again here: the next good move
                    self._hint_cycle = HintCycle(version, hint)
                self._show_hint(hint)

        self.hint_move = {}  # the last highlight goes as a new hint is asked for
        return self.jobs.start("hint", "Looking for a hint…",
                               lambda job: hinter.hint(game, cancel=job.token, avoid=avoid), done)

    def _start_cycle(self, cycle: HintCycle) -> Job:
        """The second press of Hint in one position: the other good moves, found in the background (each other
        move's position looked up in what is known, else searched briefly), then the second of them shown."""
        version, game, first = self.version, self.game.copy(), cycle.first
        known = {key: fact for key, fact in self.facts.items()}
        hinter, seen = self.hinter, set(self.seen)

        def work(job: Job) -> tuple[list[Hint], dict[tuple, str]]:
            return good_moves(game, first, known, hinter, seen, cancel=job.token)

        def done(job: Job, found: tuple[list[Hint], dict[tuple, str]]) -> None:
            with self.lock:
                if self.version != version or job.cancelled:
                    return
                hints, learned = found
                for key, fact in learned.items():  # what the short searches proved of the positions after
                    self.facts.setdefault(key, fact if fact == "winnable" else self._lost_word())
                cycle.hints = hints
                self._next_in_cycle(cycle)

        self.hint_move = {}
        return self.jobs.start("hint", "Looking for other good moves…", work, done)

    def _next_in_cycle(self, cycle: HintCycle) -> Hint:
        """Show the next hint of the cycle (round again after the last), "Hint 2 of 5: ..."."""
        hints = cycle.hints or [cycle.first]
        cycle.shown = (cycle.shown + 1) % len(hints)
        hint = hints[cycle.shown]
        if len(hints) > 1:
            hint = dataclasses.replace(hint, message=f"Hint {cycle.shown + 1} of {len(hints)}: {hint.message}")
        cycle.last = hint
        self._show_hint(hint)
        return hint

    def fair_hint(self, seconds: float = 1.0, *, settings: PlanSettings | None = None,
                  wait: bool = True) -> Hint | None:
        """A hint that never peeks: the no-peek player's move, from what the player can see.

        Hint looks at every card (the thoughtful solver); Fair hint asks the no-peek planner, which weighs the
        plans it can see over arrangements of the hidden cards consistent with what is visible, within
        ``seconds`` (``settings``: the planner's, for experiments and tests).
        """
        seconds = check_time_limit(seconds, "seconds") or 1.0
        with self.lock:
            if self.game.is_won():
                self.say(ALREADY_WON, "info")
                return Hint(None, "won", 0, "The game is won.")
            version, info, game = self.version, InformationSet.of(self.game), self.game.copy()

            def work(job: Job) -> Hint:
                if not info.legal_moves:
                    return Hint(None, "unknown", 0, "No legal move is left.")
                player = PlannerPlayer(settings=settings, time_limit=seconds, cancel=job.token)
                move = player.choose(info, random.Random(version))
                plan = player.last_plan
                return Hint(move, "no-peek", plan.positions if plan else 0,
                            f"Fair hint (no peeking): {advice(move, game)}. {sentence(player.why)}")

            def done(job: Job, hint: Hint) -> None:
                with self.lock:
                    if self.version == version:
                        self._show_hint(hint)

            self.hint_move = {}  # the last highlight goes as a new hint is asked for
            job = self.jobs.start("fair_hint", "Sampling what the hidden cards could be…", work, done)
        return self._finish(job, wait)

    def _show_hint(self, hint: Hint) -> None:
        self.hints += 1
        move = hint.move
        self.hint_move = {} if move is None else {"from": move.source, "to": move.target, "count": move.count,
                                                  "text": hint.message, "proved": hint.proved}
        if move is not None and hint.only:
            self.hint_move["only"] = True  # the hint bar does not call it a suggestion
        self.say(hint.message, "info")
        self._publish()

    @staticmethod
    def _finish(job: Job, wait: bool):
        if not wait:
            return None
        job.wait()
        if job.error is not None:
            raise job.error
        return job.result

    # -- playing by itself ------------------------------------------------------------------------------------

    def solve(self, animate: bool = True, interval: float | None = None) -> Job | None:
        """Find a winning line in the background and play it at ``replay_speed`` (or one move per ``interval``)."""
        interval = check_interval(interval)
        with self.lock:
            if self.game.is_won():
                self.say(ALREADY_WON, "info")
                self._publish()
                return None
            version, game = self.version, self.game.copy()
            pace = 0.0 if not animate else interval

            def done(job: Job, result: SolveResult) -> None:
                with self.lock:
                    if self.version != version:
                        return
                    self._learn(self.game, result)
                    if result.result != "won":
                        text = ("it is proved lost" if result.result == "lost"
                                else f"none was found within {positions_words(result.positions)}")
                        self.say(f"No winning line to play: {text}.", "info")
                        self._publish()
                        return
                    self.hinter.remember(self.game, list(result.moves))
                    self._replay(list(result.moves), "replay", "Playing the winning line…", pace)

            self.say("Solving…", "info")
            return self.jobs.start("solve", "Solving…", lambda job: shortened(
                solve(game.position(), SOLVE_POSITIONS, cancel=job.token), game.position()), done)

    def _delay(self, pace: float | None) -> float:
        return pace if pace is not None else 1.0 / max(self.replay_speed, 1e-3)

    def _replay(self, moves: list[Move], kind: str, label: str, pace: float | None) -> Job:
        version = self.version

        def work(job: Job) -> None:
            expected = version
            for move in moves:
                if job.sleep(self._delay(pace)):
                    return
                with self.lock:
                    if job.cancelled or self.version != expected:
                        return
                    self._play(move, by=kind)
                    expected = self.version

        return self.jobs.start(kind, label, work)

    def watch(self, player: str = "no-peek", interval: float | None = None, seed: int = 0) -> Job:
        """Let an honest player play from here for the class to watch (``stop()`` ends it).

        ``player`` is ``no-peek`` (the planner: it weighs what it can see over arrangements of the hidden cards,
        never looking at them), ``hindsight`` (the older hindsight vote) or ``heuristic``. It is handed
        only what a person sees, under the same ``referee`` as ``play_game``: it stops when it wins, has no move
        left, goes round in circles, shows nothing new in ``WATCH_PATIENCE`` moves (no card turned, dealt or put
        away; a plan that ends by showing one is played to its end) or reaches the move limit, and when someone
        moves or ``stop()`` is called.
        """
        interval = check_interval(interval)
        if player not in PLAYERS:
            raise WispError(f"unknown player {player!r} (one of {', '.join(PLAYERS)})")
        with self.lock:
            if self.game.is_won():
                self.say(ALREADY_WON, "info")
                self._publish()
                raise WispError("the game is already won")
            version = self.version
            name = f"The {player} player"

            def look() -> InformationSet:
                with self.lock:
                    return InformationSet.of(self.game)

            def work(job: Job) -> None:
                honest = PLAYERS[player]()
                if hasattr(honest, "cancel"):
                    honest.cancel = job.token  # Stop cancels its plans and solves at once
                moves = referee(look, honest, random.Random(seed), patience=WATCH_PATIENCE)
                expected = version
                why = "stopped"
                while True:
                    try:
                        move = next(moves)
                    except StopIteration as end:
                        why = end.value
                        break
                    if job.sleep(self._delay(interval)):
                        return
                    with self.lock:
                        if job.cancelled:
                            return
                        if self.version != expected:
                            why = "the table changed"
                            break
                        self._play(move, by="watch", label=f"{name.removeprefix('The ')}: ")
                        expected = self.version
                with self.lock:
                    if not job.cancelled:
                        self.say(f"{name} has stopped ({why}).", "info")
                        self._publish()

            self.say(f"{name} is playing; it sees only what you see…", "info")
            return self.jobs.start("watch", f"{name} is playing…", work)

    def review(self, max_positions: int | None = None, *, show: bool = True, wait: bool = True) -> Any:
        """Review the moves played: ``wispwidget.studies.review.review`` on this game's start and moves.

        With ``show``, a review that names the losing move takes the table back to the position before it (the
        player's moves stay to Redo) and highlights a move that keeps a win from there.
        """
        with self.lock:
            budget = self._review_budget() if max_positions is None else check_max_positions(max_positions)
            version, start, moves = self.version, self.start, list(self.game.moves_played)
            last = self._unsettled_review
            if last is not None and last[0] == version:  # Review again where the last one left the table: the
                moves = list(last[2])  # same game, every move of it, as the table had it before
            known_lost = self._proved_lost_along(start, moves)

            def work(job: Job) -> Any:
                def progress(checked: int, about: int) -> None:  # the next position is being checked
                    job.label = f"{REVIEWING} position {checked + 1} of about {max(about, checked + 1)}"

                return run_review(start, moves, max_positions=budget, cancel=job.token, progress=progress,
                                  known_lost=known_lost)

            def done(job: Job, result: Any) -> None:
                with self.lock:
                    if self.version != version:
                        return
                    self.last_review = result
                    self._unsettled_review = None
                    self._learn_review(start, moves, result)
                    if show and result.verdict == "lost-at":
                        self._show_losing_move(moves, result)
                    elif show and result.verdict == "kept-winnable" and result.moves and result.better:
                        self._show_winning_move(result)
                    elif result.verdict == "unknown":
                        if show and result.better:
                            self._show_last_winnable(moves, result, budget)
                        else:
                            self.say(result.message.removesuffix(TRY_LARGER) + self._review_longer(budget), "info")
                        self._unsettled_review = (self.version, budget, tuple(moves))
                    else:
                        self.say(result.message, "info")
                    self._publish()

            self._run_clock(False)  # the solver's time is not the player's (it runs again when the review ends)
            self.hint_move = {}  # the last hint's arrow and words go: Review's answer takes their place
            self.say(f"{REVIEWING} Each position checked is solved seeing every card.", "info")
            job = self.jobs.start("review", f"{REVIEWING} position 1 of about {checks_expected(len(moves))}", work,
                                  done)
        return self._finish(job, wait)

    def _review_budget(self) -> int:
        """Review's budget from the table: ``review_positions``, five times the last one when the last review of
        this very position was not settled (pressing Review again searches longer), up to REVIEW_MOST."""
        last = self._unsettled_review
        if last is None or last[0] != self.version:
            return self.review_positions
        return max(self.review_positions, min(last[1] * REVIEW_AGAIN, REVIEW_MOST))

    def _review_longer(self, budget: int) -> str:
        """What to do when a review from the table was not settled within ``budget``."""
        if budget < REVIEW_MOST:
            more = min(budget * REVIEW_AGAIN, REVIEW_MOST)
            return f" Press Review again to search {more / budget:g} times longer."
        return " That is the most Review searches from the table, so which of these moves lost the game stays open."

    def _learn_review(self, start: Position, moves: list[Move], result: Any) -> None:
        """What a review proved along the moves, for the running verdict (Undo and Redo show it at once): every
        position up to the last proved winnable is winnable, every one from the first proved lost is lost."""
        won = [k for k, answer in result.steps if answer == "won"]
        lost = [k for k, answer in result.steps if answer == "lost"]
        last_won, first_lost = max(won, default=-1), min(lost, default=len(moves) + 1)
        game = Game(start, validate=False)
        for k in range(len(moves) + 1):
            if k <= last_won:
                self.facts[game.key()] = "winnable"
            elif k >= first_lost:
                self.facts.setdefault(game.key(), self._lost_word())
            if k < len(moves):
                game.push(moves[k])

    def _proved_lost_along(self, start: Position, moves: list[Move]) -> list[int]:
        """The positions along the moves that the running verdict has already proved lost (no need to search)."""
        game, lost = Game(start, validate=False), []
        for k in range(len(moves) + 1):
            if self.facts.get(game.key()) in ("lost", "no longer winnable"):
                lost.append(k)
            if k < len(moves):
                game.push(moves[k])
        return lost

    def _go_to(self, moves: list[Move], k: int) -> None:
        """The table at the position after the first ``k`` of ``moves`` (the game reviewed, whose first moves
        are played and the rest kept for Redo), quietly; the moves after it stay to Redo."""
        self._back_to(min(k, len(self.game.moves_played)))
        while len(self.game.moves_played) < k and self.game.can_redo:
            self.game.redo()

    def _show_last_winnable(self, moves: list[Move], result: Any, budget: int) -> None:
        """An unsettled review: the table back at the last position proved winnable, a winning move shown."""
        first = result.losing_range[0]
        self._go_to(moves, first - 1)
        self._changed("undo", None, None)
        better = result.better[0]
        self._show_review_move(better, sentence(f"{move_phrase(better, self.game)} keeps a win"))
        # a few lines under the table: the moves that may have lost it, in words, are in the result w.review() returns
        when = f"After move {first - 1}" if first > 1 else "At the start"
        whose = self._whose_moves(moves, first, result.losing_range[1])
        which = f" It was {result.range_words}.{whose}" if result.range_words else ""
        self.say(f"Review could not tell which move lost the game.{which} {when} it could still be won: the table is "
                 f"back there (Redo replays the moves played), and {self._shown_by(better, 'arrow')} shows a move that "
                 f"keeps a win.{self._review_longer(budget)}", "info")

    def _whose_moves(self, moves: list[Move], first: int, last: int) -> str:
        """Whose moves ``first`` to ``last`` were (1-based; the table stands before ``first``), when a helper
        played any (" They were all Watch's, not yours.", " Some were Watch's."), else nothing."""
        game, who = Game(self.game.position(), validate=False), set()
        for move in moves[first - 1:last]:
            who.add(self.played_by.get((game.key(), move)))
            game.push(move)
        helpers = sorted(h for h in who if h in ("Watch", "Solve"))
        if not helpers:
            return ""
        names = " and ".join(f"{h}'s" for h in helpers)
        return f" They were all {names}, not yours." if who <= {"Watch", "Solve"} else f" Some were {names}."

    def _show_losing_move(self, moves: list[Move], result: Any) -> None:
        """Back to the position before the losing move (the moves after it stay to Redo); highlight a better one."""
        self._go_to(moves, result.losing_index)
        self._changed("undo", None, None)
        better, played = result.better[0], result.losing_move
        dealt = played.source == "stock"  # a deal played has no arrow: the stock is ringed, dashed
        marks = f"{self._shown_by(better, 'solid arrow')} shows the move that keeps a win"
        marks += ", the dashed ring on the stock the deal played" if dealt else ", the dashed one the move played"
        helper = self.played_by.get((self.game.key(), played))  # (a move made from Python is the script's author's)
        whose = f" Move {result.losing_index + 1} was {helper}'s, not yours." if helper in ("Watch", "Solve") else ""
        n = result.losing_index + 1
        what = "a deal" if dealt else move_phrase(played, self.game)
        # the table's words: which move, and what the marks mean (w.review() returns the proofs in full)
        shown = (f"The game was lost at move {n} ({what}): a win was still possible before it, none after it."
                 f"{whose} The table is back before move {n} (Redo replays the moves played); {marks}.")
        instead = (f"Instead of move {result.losing_index + 1} ({move_phrase(played, self.game)}"
                   f"{'' if dealt else ', the dashed arrow'}), {move_phrase(better, self.game)} keeps a win.")
        self._show_review_move(better, instead, played)
        self.say(shown, "info")

    def _show_winning_move(self, result: Any) -> None:
        """Mid-game, every move kept a win: say so, with an arrow on a move that still wins (counted as a hint)."""
        better = result.better[0]
        self._show_review_move(better, sentence(f"{move_phrase(better, self.game)} still wins"))
        self.say(f"{result.message} {sentence(self._shown_by(better, 'arrow') + ' shows it')}", "info")

    @staticmethod
    def _shown_by(move: Move, arrow: str) -> str:
        """What marks ``move`` on the table: "the {arrow}", or for a deal (which has no arrow) "the lit stock"."""
        return "the lit stock" if move.source == "stock" else f"the {arrow}"

    def _show_review_move(self, better: Move, text: str, played: Move | None = None) -> None:
        """Review's arrow on a move that wins from here (and, dashed, on the losing move ``played``): the solver
        showed a winning move, so it counts as a hint."""
        self.hints += 1
        self.hint_move = {"from": better.source, "to": better.target, "count": better.count, "text": text,
                          "proved": True}
        if played is not None:
            self.hint_move["played"] = {"from": played.source, "to": played.target, "count": played.count}

    def stop(self) -> None:
        """Stop Solve, Watch, hints and reviews at once (it never waits for a search to notice)."""
        cancelled = self.jobs.cancel(None, keep=("verdict",))
        with self.lock:
            if cancelled:
                self.say("Stopped.", "info")
            self._publish()

    def view_shown(self, shown: bool) -> None:
        """Count the table's views. When the last one goes (its cell run again, its output cleared), Watch and
        Solve's replay stop: they would play on where no one sees them (and count in Statistics). Searches go on:
        their results wait, versioned, for whoever looks next."""
        self.views = max(0, self.views + (1 if shown else -1))
        if self.views == 0 and not shown and self.jobs.cancel("watch") + self.jobs.cancel("replay"):
            self.say("Stopped: the table is no longer shown.", "info")
            self._publish()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for background work (verdict, Solve, Watch, hints) to finish; True if it did."""
        return self.jobs.wait(timeout)

    # -- settings --------------------------------------------------------------------------------------------

    def set_reveal(self, reveal: bool) -> None:
        """The teaching switch: show face-down identities (from Python only)."""
        with self.lock:
            if bool(reveal) == self.reveal:
                return
            self.reveal = bool(reveal)
            self._table = public_state(self.game, seed=self.seed, version=self.version, reveal=self.reveal,
                                       last=self.last, clock=self.clock)
            self._publish()

    def set_winnable(self, value: bool) -> None:
        """The Winnable switch for new deals."""
        with self.lock:
            self.winnable = bool(value)
            self._publish()

    def set_speed(self, value: float) -> None:
        """Moves per second for Solve and Watch (a running replay picks it up at its next move); a speed out of
        range is refused and the synced value stays the one in use."""
        with self.lock:
            try:
                self.replay_speed = check_speed(value)
            finally:
                self._publish()

    # -- messages from the view ------------------------------------------------------------------------------

    HANDLERS: ClassVar[dict[str, Callable[[TableController, Any], Any]]] = {
        "click": lambda self, r: self.click(r.pile, r.count),
        "move": lambda self, r: self.move(r.source, r.target, r.count),
        "deal": lambda self, r: self.deal(),
        "undo": lambda self, r: self.undo(),
        "redo": lambda self, r: self.redo(),
        "restart": lambda self, r: self.restart(),
        "hint": lambda self, r: self.hint(wait=False),
        "fair_hint": lambda self, r: self.fair_hint(wait=False),
        "solve": lambda self, r: self.solve(),
        "watch": lambda self, r: self.watch(),
        "review": lambda self, r: self.review(wait=False),
        "stop": lambda self, r: self.stop(),
        "new_deal": lambda self, r: self.new_deal(r.game, r.variant, r.seed, r.winnable, wait=False),
        "daily": lambda self, r: self.daily(wait=False),
        "winnable": lambda self, r: self.set_winnable(r.value),
        "speed": lambda self, r: self.set_speed(r.value),
        "view": lambda self, r: self.view_shown(r.shown),
    }

    def handle(self, content: Any) -> None:
        """Carry out one message from the view; nothing it sends can raise out of here."""
        try:
            request = parse_request(content)
        except ProtocolError as exc:
            with self.lock:
                self.say(f"Refused a malformed request: {exc}.", "error")
                self._publish()
            return
        except Exception:  # pragma: no cover - parse_request raises only ProtocolError
            with self.lock:
                self.say("Refused a malformed request.", "error")
                self._publish()
            return
        if request.type == "stop":  # acts at once, whatever the table shows
            self.stop()
            return
        with self.lock:
            try:
                self._handle(request)
            except WispError as exc:
                self.say(refusal(str(exc)), "error")
            except Exception as exc:  # a bug must become a message, never an exception in the kernel
                self.say(f"Something went wrong: {sentence(str(exc) or type(exc).__name__)}", "error")
            self._publish()

    def _handle(self, request: Request) -> None:
        version = request.fields.get("version")
        if request.positional and version is not None and version != self.version:
            self.say("That request was made on an older table and was ignored; try again.", "error")
            return
        if request.positional and request.type not in ("undo", "restart", "review") and self.game.is_won():
            if request.type in ("click", "move", "deal", "redo"):
                self.say("The game is already won.", "error")
            else:
                self.say(ALREADY_WON, "info")
            return
        self.HANDLERS[request.type](self, request)

    # -- saying and publishing -------------------------------------------------------------------------------

    def say(self, text: str, kind: str) -> None:
        """Tell the player one sentence (kind ``info``, ``error`` or ``win``); the statistics file's notice, if
        any (broken, or not writable), follows it."""
        self._message_id += 1
        text = " ".join(part for part in (sentence(text), self.store.take_notice()) if part)
        self.message = {"id": self._message_id, "kind": kind, "text": text}

    def _job_failed(self, job: Job, exc: BaseException) -> None:
        with self.lock:
            if isinstance(exc, WispError):  # a refusal: its own sentence says it ("no deal ... was proved winnable")
                self.say(refusal(str(exc)), "error")
            else:  # "Something went wrong while the no-peek player is playing: ..."
                doing = job.label.rstrip("…")
                self.say(f"Something went wrong while {doing[:1].lower()}{doing[1:]}: "
                         f"{sentence(str(exc) or type(exc).__name__)}", "error")
            self._publish()

    def _jobs_changed(self) -> None:
        with self.lock:
            self._run_clock(self._clock_should_run())  # a review started or ended
            self._publish()

    @property
    def status(self) -> str:
        """One line: game, deal, moves and what is known."""
        deal = f"deal {self.seed}" if self.seed is not None else "set position"
        parts = [game_label(self.game.spec), deal, plural(len(self.game.moves_played), "move")]
        if self.stuck:
            parts.append("no move left")
        if self.verdict:
            parts.append(self.verdict)
        return " · ".join(parts)

    def job_state(self) -> dict[str, Any]:
        """The background work the player waits for (the newest), with its progress."""
        shown = [j for j in self.jobs.running() if j.kind in JOB_KINDS]
        if not shown:
            return {}
        job = shown[-1]
        label = job.label
        if job.kind != "replay" and job.seconds >= 1:
            label = f"{label.rstrip('…')}… {int(job.seconds)} s"
        return {"kind": job.kind, "label": label, "positions": job.positions, "cancellable": job.cancellable}

    def traits(self) -> dict[str, Any]:
        """Every synced trait's value now."""
        job = self.job_state()
        return {
            "table": self._table,
            "status": self.status,
            "verdict": self.verdict,
            "message": self.message,
            "hint_move": self.hint_move,
            "games": games_menu(),  # read each time: a variant registered later (the lab's) is offered too
            "job": job,
            "replay_speed": self.replay_speed,
            "winnable": self.winnable,
            "reveal": self.reveal,
            "busy": bool(job),
            "moves": len(self.game.moves_played),
            "won": self.game.is_won(),
            "version": self.version,
            "stats": dict(self.stats),
            "win_summary": dict(self.win_summary),
        }

    def _publish(self) -> None:
        if self._quiet or not hasattr(self, "_table"):
            return
        with self.lock:
            if self.store.notices:  # the statistics file's notice, when nothing was said after it
                self.say("", "info")
            self.published = self.traits()
            if self._publish_to is not None:
                self._publish_to(self.published)

    def to_json(self) -> str:
        """The current position as ``wisp-position/1`` JSON."""
        with self.lock:
            return formats.write_position(self.game.position())

    def to_html(self, path: str | Path) -> Path:
        """Write a page that shows this position with no kernel (view only)."""
        from .export import table_html

        path = Path(path)
        with self.lock:
            path.write_text(table_html(self._table, title=game_label(self.game.spec)), encoding="utf-8")
        return path


def _taken_back(move: Move, game: Game) -> str:
    """A move undone or redone, inside a sentence: "the deal" (not "Deal"), or the move in words."""
    words = move_words(move, game)
    return f"the {words.lower()}" if move.source == "stock" else words


