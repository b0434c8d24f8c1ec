"""``VariantLabWidget``: change a rule, see what it does to how often deals can be won.

Each rule of ``GameSpec`` is a control; a quick study of N deals at a budget runs on a worker thread (with
progress, cancellable) and is drawn as won / lost / unknown bars with 95% Wilson intervals beside the base
game's. A result is applied only if the controls have not changed since the study started. "Play this
variant" registers the variant and opens a table on it; the variant saves and loads as ``wisp-game/1`` JSON.

A study runs on the lab's own ``JobRunner`` (``widgets/jobs.py``, as the table's jobs): one cancellable
``"study"`` job, its result applied only at the generation of the controls it was started for. One lab study
runs at a time in a kernel: making a lab, or starting a study in one, stops another lab's running study, and that
lab says so. A refused
``set`` or setting changes nothing, and says why in one sentence.

The browser writes two traits only, ``controls`` (as the view's boxes send them) and ``presentation``; any other
front-end write (a forged ``results``, ``status``, ``variant``, ...) is refused and re-synced (``guard.py``).
"""

from __future__ import annotations

import operator
import re
import threading
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import traitlets

from ..api import new_game
from ..cards import SUIT_CHARS
from ..errors import FormatError, WispError
from ..games.catalogue import CATALOGUE, get_game, register
from ..games.spec import GameSpec
from ..io.formats import load_json
from ..io.game_format import GAME_FORMAT, game_from_dict, write_game
from ..io.words import game_label, sentence
from ..limits import MAX_POSITIONS, MAX_SEED, LimitError, clip, echo, shown_number
from ..studies.variant_study import (
    CHOICES,
    CONTROLS,
    StudyResult,
    VariantError,
    choices_for,
    controls_of,
    differences,
    make_variant,
    rules_of,
    run_study,
    solver_for,
    unknown_rules,
)
from .guard import BrowserCheck, KernelOwned, is_switch
from .jobs import Job, JobRunner
from .table import TableWidget

STATIC = Path(__file__).resolve().parent.parent / "static"
DEFAULT_DEALS = 20
DEFAULT_POSITIONS = 20_000
MAX_LAB_DEALS = 100_000  # a study the lab runs on its thread (Stop stops it); more is the command line's


BASE_UNSETTLED = ("Most of the base game's deals were not settled, though, so the two cannot be compared yet: "
                  "give more positions per deal.")
IDLE = {"running": False, "done": 0, "total": 0, "which": "", "deal": 0, "deals": 0}
#: Studies' results kept (by rules and study settings): the base game's is not studied again for the same
#: settings, and rules changed and changed back show their bars again.
KEPT_RESULTS = 32

#: The study settings: their words, their range, and why it ends there.
SETTINGS: dict[str, tuple[str, int, int, str]] = {
    "deals": ("Deals", 1, MAX_LAB_DEALS, "a lab's study; wispwidget study takes more"),
    "max_positions": ("The search budget", 1, MAX_POSITIONS, "a larger search would not fit in memory"),
    "first_seed": ("The first deal", 0, MAX_SEED, ""),
}

#: The other wisp- formats, named as a person would (Load JSON reads only a game, wisp-game/1).
OTHER_FORMATS = {"wisp-position/1": "a position file", "wisp-solution/1": "a solution file",
                 "wisp-solve/1": "a solver's answer", "wisp-check/1": "a check report",
                 "wisp-trace/1": "a search trace", "wisp-move/1": "a move"}


def setting_refusal(name: str, shown: str) -> LimitError:
    """The one sentence refusing ``shown`` (a value, as given or typed) for the study setting ``name``."""
    label, low, high, why = SETTINGS[name]
    span = f"{shown_number(low)} to {shown_number(high)}"
    return LimitError(f"{label} must be a whole number from {span}{f' ({why})' if why else ''}, not {shown}")


def check_setting(name: str, value: object) -> int:
    """``value`` for the study setting ``name`` when it is a whole number in its range, else ``LimitError``."""
    if isinstance(value, bool):
        raise setting_refusal(name, echo(value))
    try:
        number = operator.index(value)  # type: ignore[arg-type]  # an int, or numpy's; never a float cut short
    except TypeError:
        raise setting_refusal(name, echo(value)) from None
    _, low, high, _ = SETTINGS[name]
    if not low <= number <= high:
        raise setting_refusal(name, shown_number(number))
    return number


class _Setting(traitlets.Int):
    """A study setting, checked when it is set (``check_setting``): a study never meets a bad one."""

    def validate(self, obj: Any, value: Any) -> int:
        return check_setting(str(self.name), value)


STUDY = "study"  # the job kind of a lab's study (``widgets/jobs.py``)
#: The labs of this kernel (held weakly): one lab study runs at a time among them.
_LABS: weakref.WeakSet[VariantLabWidget] = weakref.WeakSet()


def _take_turn(lab: VariantLabWidget, why: str) -> None:
    """Stop every other lab's running study (each says ``why``): ``lab``'s is the one that may run."""
    for other in list(_LABS):
        if other is not lab:
            other._stop(f"Study stopped: {why} (one lab study runs at a time).")


def studying_lab() -> VariantLabWidget | None:
    """The lab whose study is running in this kernel, if one is."""
    return next((lab for lab in list(_LABS) if lab.studying), None)


#: The controls the view draws as switches and as number boxes (the choices are ``CHOICES``'s, the suits boxes).
SWITCHES = ("deal_needs_no_empty_pile", "foundation_to_tableau", "ace_between_foundations")
NUMBERS = ("piles", "face_down", "face_up", "top_rank", "copies")
MAX_TYPED = 100  # the longest text a number box sends: a person's typing (shown back when it is no number)
MAX_DIGITS = 15  # the view sends a typed number of at most 15 digits as a number (``typedRule``)


def view_sends_control(name: str, value: Any) -> bool:
    """Whether the lab's view can send ``value`` for the control ``name``: one of a choice's values, a switch's
    true or false, the suits' letters, a number box's number or the text typed in it (said back when no number)."""
    if name in CHOICES:
        return isinstance(value, str) and value in CHOICES[name]
    if name in SWITCHES:
        return isinstance(value, bool)
    if name == "suits":
        return isinstance(value, str) and len(value) <= len(SUIT_CHARS) and set(value) <= set(SUIT_CHARS)
    if isinstance(value, str):
        return name in NUMBERS and len(value) <= MAX_TYPED
    return name in NUMBERS and type(value) is int and abs(value) < 10**MAX_DIGITS


def view_sends_controls(_lab: Any, value: Any) -> bool:
    """Whether ``value`` is controls the view can send: every rule of the lab, each as ``view_sends_control``."""
    return (isinstance(value, dict) and set(value) == set(CONTROLS)
            and all(view_sends_control(name, value[name]) for name in CONTROLS))


_IDENTIFIER = re.compile(r"([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*|\[[0-9]+\])*): (.*)", re.DOTALL)


def _plain(text: str) -> str:
    """``sentence``, but a message that begins with a name from the code (``empty_pile: ...``, ``max_positions
    must be ...``) keeps its letters: it is not made ``Empty_pile``."""
    text = text.strip()
    first = text.split(" ", 1)[0]
    if _IDENTIFIER.fullmatch(text) is None and not re.search(r"[_.\[]", first.rstrip(".")):
        return sentence(text)
    return text if text[-1:] in (".", "!", "?", "…") else f"{text}."


def _not_loaded(text: str) -> str:
    """A refusal of Load JSON in one sentence: a field the format refuses is said as where in the JSON ("Not
    loaded: in empty_pile, 'top-rank-onyl' is not one of ..."), its name as written, never capitalised."""
    match = _IDENTIFIER.fullmatch(text.strip())
    if match is None:
        return sentence(text)
    where, rest = match.groups()
    return sentence(f"Not loaded: {rest if where in ('game', 'rules') else f'in {where}, {rest}'}")


class VariantLabWidget(KernelOwned):
    """The rule-variant lab. Build one with ``wispwidget.variant_lab(game)``."""

    _esm = STATIC / "variant_lab.js"
    _css = STATIC / "variant_lab.css"
    # the browser writes only these (its other requests are messages): the rules as the view's boxes send them,
    # and the Presentation switch
    BROWSER_WRITES: ClassVar[Mapping[str, BrowserCheck]] = {"controls": view_sends_controls,
                                                             "presentation": is_switch}

    controls = traitlets.Dict().tag(sync=True)
    options = traitlets.Dict().tag(sync=True)
    variant = traitlets.Dict().tag(sync=True)  # name, key, changes, solver note, error
    # The study settings, checked when set (``check_setting``); the first deal goes to the view as its digits
    # (2**64 - 1 is past what a JavaScript number holds exactly).
    deals = _Setting(DEFAULT_DEALS).tag(sync=True)
    max_positions = _Setting(DEFAULT_POSITIONS).tag(sync=True)
    first_seed = _Setting(1).tag(sync=True, to_json=lambda value, _widget: str(value),
                                 from_json=lambda value, _widget: int(value) if isinstance(value, str) else value)
    # {"running": bool, "done": int, "total": int, "which": "base" | "variant" | "", "deal": int, "deals": int}:
    # the deals done of both games' studies, and of the game being studied ("deal" of its "deals")
    progress = traitlets.Dict().tag(sync=True)
    results = traitlets.Dict().tag(sync=True)  # {"base": summary, "variant": summary}
    status = traitlets.Unicode("").tag(sync=True)
    status_kind = traitlets.Unicode("").tag(sync=True)  # "error" when the status refuses or reports a failure
    game_json = traitlets.Unicode("").tag(sync=True)
    presentation = traitlets.Bool(False).tag(sync=True)  # large type for a projector (the Presentation button)

    def __init__(self, game: str | GameSpec = "will-o-the-wisp", variant: str | None = None, **kwargs: Any) -> None:
        settings = {name: kwargs.pop(name) for name in ("deals", "max_positions", "first_seed") if name in kwargs}
        super().__init__(**kwargs)
        self.base: GameSpec = get_game(game, variant)
        self._lock = threading.RLock()
        self.jobs = JobRunner(on_error=self._study_failed)  # the study, one ``STUDY`` job at a time
        self._generation = 0  # bumped by every change of the controls or the study settings
        self._results: dict[tuple, StudyResult] = {}  # by (spec, settings), the latest last
        self.last_result: StudyResult | None = None
        self.table: TableWidget | None = None
        self._loaded: tuple[dict[str, Any], str, str] | None = None  # a loaded variant's controls, key and name
        self.options = {**choices_for(self.base.deck.top_rank), "suits": "CDHS", "top_rank": [1, 13],
                        "copies": [1, 8], "piles": [1, 16]}
        self.controls = controls_of(self.base)
        self.on_msg(self._on_front_end_message)
        self._controls_changed({})
        self._output: Any = None  # where "Play this variant" shows its table, once the lab is displayed
        for name, value in settings.items():  # variant_lab(game, deals=50, max_positions=100_000)
            setattr(self, name, value)
        _take_turn(self, "another lab started")  # a cell run again: its old lab's study must not run on unseen
        _LABS.add(self)

    def _repr_mimebundle_(self, **kwargs: Any):
        """Displayed with an output area under it, where "Play this variant" shows its table."""
        import ipywidgets

        if self._output is None:
            self._output = ipywidgets.Output()
            self._box = ipywidgets.VBox([self, self._output])
        bundle = self._box._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict) and "text/plain" in bundle:  # the lab's own words, not the box's
            bundle = {**bundle, "text/plain": repr(self)}
        return bundle

    def __repr__(self) -> str:
        return f"VariantLabWidget({self.base.key} -> {self.variant.get('key', '?')})"

    # -- the Python API -------------------------------------------------------------

    @property
    def spec(self) -> GameSpec:
        """The variant the controls describe (``VariantError``, a ``ValueError``, when they describe no game)."""
        return make_variant(self.base, **self._changes())

    def set(self, **changes: Any) -> GameSpec:
        """Change some controls (names as in ``studies.variant_study.CONTROLS``); return the new variant.

        The controls with the changes are checked first: when they make no game, ``VariantError`` says why in one
        sentence and nothing changes.
        """
        controls = _known_rules({**self.controls, **changes})  # ("base" is no rule, not make_variant's argument)
        make_variant(self.base, **self._changes(controls))  # refused: nothing is stored
        self.controls = controls
        return self.spec

    def reset(self) -> None:
        """Back to the base game's rules."""
        self.controls = controls_of(self.base)

    def study(self, wait: bool = False, timeout: float | None = None) -> StudyResult | None:
        """Start a quick study of the variant (and of the base game, once per setting); ``wait`` for it.

        One lab study runs at a time in a kernel: another lab's running study is stopped (that lab says so).
        Controls that make no game raise ``VariantError`` in one sentence (the status line says it too).
        """
        self.cancel()
        _take_turn(self, "another lab started a study")
        with self._lock:
            try:
                spec = self.spec
            except ValueError as exc:  # said on the status line too (a Study click is answered there)
                self._say(f"Not a game: {exc}", "error")
                raise VariantError(f"not a game: {exc}") from None
            generation = self._generation
            seeds = self._seeds()
            settings = (tuple(seeds), self.max_positions)
            base_done = self._results.get((self.base, settings))
            todo = [("variant", spec)] if base_done is not None else [("base", self.base), ("variant", spec)]
            if base_done is not None:
                self.results = {**self.results, "base": _drawn(base_done)}
            self._run(todo, seeds, generation, settings, len(seeds) * len(todo), 0)
        if wait:
            self.wait(timeout)
        return self.last_result if wait else None

    def _seeds(self) -> range:
        """The deals a study takes, from the settings (each checked when set); ``LimitError`` in one sentence when
        the last of them is past the largest deal number."""
        first, deals = self.first_seed, self.deals
        if first + deals - 1 > MAX_SEED:
            raise LimitError(f"The last deal would be {first + deals - 1:,}, past the largest deal number, "
                             f"{MAX_SEED:,}: give fewer deals or an earlier first deal")
        return range(first, first + deals)

    @property
    def _job(self) -> Job | None:
        """The running (not cancelled) study job, if any."""
        return self.jobs.get(STUDY)

    @property
    def studying(self) -> bool:
        """True while a study of this lab runs."""
        return self._job is not None

    def _run(self, todo, seeds, generation, settings, total: int, offset: int) -> None:
        which, spec = todo[0]
        max_positions = self.max_positions

        def progress(done: int, _n: int) -> None:
            if generation == self._generation:
                self.progress = {"running": True, "done": offset + done, "total": total, "which": which,
                                 "deal": done, "deals": len(seeds)}

        def work(job: Job) -> StudyResult | Exception:
            try:
                return run_study(spec, list(seeds), max_positions, cancel=job.token, progress=progress)
            except Exception as exc:  # said on the status line (``finished``), never lost with the thread
                return exc

        def finished(_job: Job, result: StudyResult | Exception | None) -> None:
            with self._lock:
                if generation != self._generation:
                    return  # the controls changed (or it was cancelled): the result no longer applies
                if not isinstance(result, StudyResult):
                    self.progress = dict(IDLE)
                    self._say(f"The study failed: {sentence(str(result or 'it ended with no result'))}", "error")
                    return
                if result.cancelled:
                    self.progress = dict(IDLE)
                    self._say("Study stopped.")
                    return
                self.results = {**self.results, which: _drawn(result)}
                self._keep_result((spec, settings), result)
                if which == "base":
                    self._run(todo[1:], seeds, generation, settings, total, offset + len(seeds))
                    return
                self.last_result = result
                self.progress = {**IDLE, "done": total, "total": total}
                base = self._results.get((self.base, settings))
                unsettled_base = base is not None and base.mostly_unknown and not result.mostly_unknown
                self._say(result.describe() + (f" {BASE_UNSETTLED}" if unsettled_base else ""))

        self.progress = {"running": True, "done": offset, "total": total, "which": which, "deal": 0,
                         "deals": len(seeds)}
        deals = f"{len(seeds):,} deal" + ("s" if len(seeds) != 1 else "")
        budget = f"{self.max_positions:,} position" + ("s" if self.max_positions != 1 else "")
        self._say(f"Studying {spec.name}: {deals} at {budget}...")
        self.jobs.start(STUDY, f"Studying {spec.name}…", work, finished)

    def _study_failed(self, _job: Job, error: BaseException) -> None:
        """A study job that died of more than an exception (``work`` catches those): said, never lost."""
        with self._lock:
            self.progress = dict(IDLE)
            self._say(f"The study failed: {sentence(str(error) or type(error).__name__)}", "error")

    def _keep_result(self, key: tuple, result: StudyResult) -> None:
        """Keep a study's result under (spec, settings), the latest last; the oldest go past ``KEPT_RESULTS``."""
        self._results.pop(key, None)
        self._results[key] = result
        while len(self._results) > KEPT_RESULTS:
            del self._results[next(iter(self._results))]

    def _kept_result(self, spec: GameSpec) -> StudyResult | None:
        """The result of a study of ``spec`` at the lab's study settings, if one was kept."""
        try:
            settings = (tuple(self._seeds()), self.max_positions)
        except LimitError:
            return None
        return self._results.get((spec, settings))

    def cancel(self) -> None:
        """Stop a running study (nothing from it is applied)."""
        self._stop("Study stopped.")

    def _stop(self, words: str) -> None:
        """Stop a running study, if one is, and say ``words`` (nothing from it is applied)."""
        with self._lock:
            if self.jobs.cancel(STUDY):  # returns at once: the search stops at its next check
                self._generation += 1
                self.progress = dict(IDLE)
                self._say(words)

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the running study (both parts: the base game, then the variant)."""
        self.jobs.wait(timeout)

    def play(self, seed: int | None = None, **kwargs: Any):
        """A table (``TableWidget``) on the variant, deal ``seed``; the variant is registered under its key.

        With no ``seed``: the first deal the last study of this variant proved won; when it proved none, the
        first it did not settle, or else the deal after those it studied (all proved lost); the lab says which.
        """
        table, described = self._open_table(seed, **kwargs)
        spec = table.game.spec
        self._say(f"A table for {described}, is ready: it is lab.table, or "
                  f"ww.play({spec.game!r}, variant={spec.variant!r}, seed={table.seed}).")
        return table

    def _open_table(self, seed: int | None, **kwargs: Any) -> tuple[TableWidget, str]:
        """A table on the registered variant (``play``'s choice of deal), and "name, deal N (why)" in words."""
        spec = self.register()
        proved = self.proved_won_seeds()
        which = ""
        if seed is None:
            seed, which = self._deal_to_play(proved)
        dealt = new_game(spec, seed)
        if dealt.seed in proved:
            which = " (proved winnable by the study)"
        self.table = TableWidget(dealt.game, seed=dealt.seed, **kwargs)
        return self.table, f"{spec.name}, deal {dealt.seed}{which}"

    def _deal_to_play(self, proved: list[int]) -> tuple[int, str]:
        """The deal Play opens when none is asked for, and what the study said of it, in words."""
        if proved:
            return proved[0], ""
        records = self._records()
        unsettled = [r["seed"] for r in records if r["result"] == "unknown"]
        if unsettled:
            return unsettled[0], " (the study proved no deal won; this one it could not settle either way)"
        if records:
            after = max(r["seed"] for r in records) + 1
            return after, (f" (the study proved every deal it tried lost, all {len(records)}: under these rules a deal "
                           "may seldom or never be won; this is the next deal, not studied)")
        return self.first_seed, ""

    def proved_won_seeds(self) -> list[int]:
        """The deals the last study of the current variant proved won (none when the rules changed since)."""
        return [r["seed"] for r in self._records() if r["result"] == "won"]

    def _records(self) -> tuple[dict[str, Any], ...]:
        """The last study's record of each deal, if it studied the current rules (else none)."""
        result = self.last_result
        try:
            spec = self.spec
        except ValueError:
            return ()
        if result is None or rules_of(result.spec) != rules_of(spec):
            return ()
        return result.records

    def _show_table(self) -> None:
        """The Play button: a table under the lab (a button's words name no code; ``play`` gives it in Python)."""
        table, described = self._open_table(None)
        studying = self.studying
        self._say(f"A table for {described}, is ready below." + (" The study goes on." if studying else ""))
        if self._output is not None:
            from IPython.display import display

            self._output.clear_output()
            with self._output:
                display(table)

    def register(self) -> GameSpec:
        """Put the variant in the catalogue (``wispwidget.register``) so it deals, saves and loads by name."""
        spec = self.spec
        known = CATALOGUE.get(spec.key)
        renamed = known is not None and spec.variant.startswith("lab-") and rules_of(known) == rules_of(spec)
        if known is not None and known != spec and not renamed:  # (a lab variant renamed keeps its place)
            raise WispError(f"the catalogue already has a different game as {spec.key}; give this one another "
                            "\"variant\" in its JSON")
        return register(spec)

    def to_json(self) -> str:
        """The variant as ``wisp-game/1`` JSON text."""
        return write_game(self.spec)

    def load(self, text: str | bytes) -> GameSpec:
        """Set the controls from ``wisp-game/1`` JSON text (a variant of this lab's game); return the spec.

        ``FormatError`` in one sentence when it is not: empty text, a document of another format (a position,
        wisp-position/1, is named as such), a field the format refuses, a variant of another game.
        """
        if isinstance(text, (str, bytes)) and not text.strip():
            raise FormatError(f"the text is empty: give a {GAME_FORMAT} document")
        doc = load_json(text)
        found = doc.get("format") if isinstance(doc, dict) else None
        if isinstance(found, str) and found != GAME_FORMAT and found.startswith("wisp-game/"):
            raise FormatError(f"this game is written in {clip(found, 30)}, a version this wispwidget does not read: "
                              f"it reads {GAME_FORMAT}")
        if isinstance(found, str) and found != GAME_FORMAT and found.startswith("wisp-"):
            what = OTHER_FORMATS.get(found)
            named = f"{what} ({clip(found, 30)})" if what else f"a {clip(found, 30)} document"
            raise FormatError(f"this is {named}, not a game ({GAME_FORMAT}): Load JSON reads a "
                              "game's rules, as Save JSON writes them")
        if isinstance(doc, dict) and found is None and "tableau" in doc:
            raise FormatError(f"this looks like a position (it has a tableau), not a game ({GAME_FORMAT}): Load JSON "
                              "reads a game's rules, as Save JSON writes them")
        spec = game_from_dict(doc)
        if spec.game != self.base.game:
            raise FormatError(f"game: this lab varies {self.base.game!r}, not {spec.game!r}")
        if len(set(spec.layout)) > 1 and spec.layout != self.base.layout:
            raise FormatError("layout: the lab's controls give every pile the same cards")
        controls = controls_of(spec)
        loaded, self._loaded = self._loaded, None
        try:  # what the lab cannot run is refused in its own terms, before anything changes
            derived = make_variant(self.base, **self._changes(controls))
        except VariantError as exc:
            self._loaded = loaded
            raise VariantError(f"the lab cannot run this game: {exc}") from None
        self._loaded = self._kept_names(spec, derived, controls)
        if controls == self.controls:
            self._controls_changed({"name": "controls"})  # the same rules under another name: no trait change
        else:
            self.controls = controls
        return spec

    # -- internals ------------------------------------------------------------------

    def _kept_names(self, spec: GameSpec, derived: GameSpec, controls: dict[str, Any]
                    ) -> tuple[dict[str, Any], str, str] | None:
        """A loaded variant's id and name, kept unless the rules were edited after Save JSON: a lab id is a hash
        of the rules, so one that no longer fits them (with the name the lab gave them) is the lab's to give again.
        A name of one's own stays, under the new id."""
        if not spec.variant.startswith("lab-") or spec.variant == derived.variant:
            return controls, spec.variant, spec.name
        lab_named = spec.name == self.base.name or spec.name.startswith(f"{self.base.name}: ")
        if lab_named or not derived.variant.startswith("lab-"):
            return None
        return controls, derived.variant, spec.name

    def _changes(self, controls: dict[str, Any] | None = None) -> dict[str, Any]:
        values = dict(self.controls if controls is None else controls)
        base = controls_of(self.base)
        changes = {k: v for k, v in values.items() if base.get(k) != v}
        if not {"piles", "face_down", "face_up"} & set(changes):
            for key in ("piles", "face_down", "face_up"):
                changes.pop(key, None)
        if self._loaded is not None and self._loaded[0] == values and changes:
            _, variant, name = self._loaded
            known = CATALOGUE.get(f"{self.base.game}/{variant}")
            if (known is None or rules_of(known) != rules_of(make_variant(self.base, **changes))
                    or (variant.startswith("lab-") and known.name != name)):
                changes.update(variant=variant, name=name)  # a loaded variant keeps its own name
        return changes

    @traitlets.validate("controls")
    def _known_controls(self, proposal: Any) -> dict[str, Any]:
        """The controls are the lab's rules only: a misspelt name is refused, never kept (``set`` says so too)."""
        return _known_rules(proposal["value"])

    @traitlets.observe("controls", "deals", "max_positions", "first_seed")
    def _controls_changed(self, change: Any) -> None:
        with self._lock:
            self._generation += 1
            self._say("")  # what was said was about the rules or settings before this change
            if self.jobs.cancel(STUDY):
                self.progress = dict(IDLE)
                what = "rules" if change and change.get("name") == "controls" else "study settings"
                self._say(f"The {what} changed, so the running study was stopped (its result would not apply).")
            if change and change.get("name") != "controls":
                self.results = {}  # both bars were for the old deals or budget
            top_rank = self.controls.get("top_rank")
            if isinstance(top_rank, int) and self.options["empty_pile"] != choices_for(top_rank)["empty_pile"]:
                self.options = {**self.options, "empty_pile": choices_for(top_rank)["empty_pile"]}
            try:
                spec = self.spec
            except ValueError as exc:
                self.variant = {"error": str(exc), "name": "", "key": "", "changes": [], "solver": ""}
                self.game_json = ""
                return
            name = spec.name
            if CATALOGUE.get(spec.key) == spec and not spec.variant.startswith("lab-") and spec != self.base:
                name = f"{game_label(spec)}: these rules are a game of the menu"  # Relaxed, from Standard's lab
            self.variant = {"error": "", "name": name, "key": spec.key, "changes": differences(self.base, spec),
                            "solver": solver_for(spec).note}
            self.game_json = write_game(spec)
            stale = dict(self.results)
            stale.pop("variant", None)
            # these rules were studied before, at these settings (the base game's own rules have no variant bars)
            kept = self._kept_result(spec) if spec != self.base else None
            if kept is not None and "base" in stale:
                stale["variant"] = _drawn(kept)
            self.results = stale

    def _say(self, text: str, kind: str = "") -> None:
        """The status line: ``kind`` "error" for a refusal or a failure (drawn in the error style)."""
        self.status_kind = kind if text else ""
        self.status = text

    def _set_typed(self, name: Any, text: Any) -> None:
        """A study setting as typed in its box: a whole number in its range is set; anything else is refused in
        one sentence echoing what was typed, and the box shows the setting again."""
        if not isinstance(name, str) or name not in SETTINGS or not isinstance(text, str):
            self._say("Refused a request the lab does not know.", "error")
            return
        typed = text.strip()
        _, low, high, _ = SETTINGS[name]
        try:
            if not typed:
                raise setting_refusal(name, "an empty box")
            if not re.fullmatch(r"[+-]?[0-9]{1,40}", typed):
                raise setting_refusal(name, clip(typed, 40))
            number = int(typed)
            if not low <= number <= high:
                raise setting_refusal(name, clip(typed, 40))
        except LimitError as exc:
            now = shown_number(getattr(self, name))
            self._say(f"{sentence(str(exc)).removesuffix('.')}; it stays {now}.", "error")
            self.send({"type": "refused", "setting": name})  # the box shows the setting the lab keeps
            return
        if number == getattr(self, name) and self.status_kind == "error":
            self._say("")  # the refusal was of an earlier input; this one is the setting already
        setattr(self, name, number)

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        try:
            self._handle(content)
        finally:
            self.send({"type": "heard"})  # every request is answered: a view that hears nothing says why

    def _handle(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        try:
            if kind == "ping":  # a change of the controls was taken (the view waits for an answer)
                return
            if kind == "study":
                try:
                    self.study()
                except VariantError:
                    return  # the status line says why already
            elif kind == "cancel":
                self.cancel()
            elif kind == "play":
                self._show_table()
            elif kind == "reset":
                self.reset()
            elif kind == "setting":
                self._set_typed(content.get("name"), content.get("text"))
            elif kind == "load":
                text = content.get("text", "")
                if not isinstance(text, str) or not text.strip():
                    self._say(f"The box is empty: paste a {GAME_FORMAT} document.", "error")
                    return
                studying = self.studying
                try:
                    spec = self.load(text)
                except (WispError, ValueError) as exc:
                    self._say(_not_loaded(str(exc)), "error")
                    return
                stopped = studying and not self.studying
                self._say(f"Loaded {self.variant.get('name') or spec.name}."
                          + (" The running study was stopped: it was of the rules before." if stopped else ""))
            elif kind == "save":
                self._say("The variant is in the box below as wisp-game/1 JSON (and on the clipboard, if the "
                          "browser allows): keep it in a file; Load JSON reads it back.")
            else:
                self._say("Refused a request the lab does not know.", "error")
        except (WispError, ValueError) as exc:
            self._say(_plain(str(exc)), "error")
        except Exception as exc:  # a bug must become a sentence, never an exception in the kernel
            self._say(f"Something went wrong: {sentence(str(exc) or type(exc).__name__)}", "error")


def _known_rules(controls: dict[str, Any]) -> dict[str, Any]:
    """``controls`` if each name is one of the lab's rules, else ``VariantError`` naming the others."""
    unknown = sorted(str(k) for k in controls if k not in CONTROLS)
    if unknown:
        raise VariantError(unknown_rules(unknown))
    return controls


def _drawn(result: StudyResult) -> dict[str, Any]:
    """A study's summary for the view: deal numbers past what a JavaScript number holds exactly go as digits."""
    summary = result.summary()
    summary["seeds"] = [s if s < 2**53 else str(s) for s in summary["seeds"]]
    return summary


def variant_lab(game: str | GameSpec = "will-o-the-wisp", variant: str | None = None, **kwargs: Any
                ) -> VariantLabWidget:
    """The rule-variant lab on ``game``: change a rule, study deals, compare with the base game, play it."""
    return VariantLabWidget(game, variant, **kwargs)

