"""The ``wispwidget`` command line (see ``docs/cli.md``).

Every command ends in its result or in one line on standard error, ``wispwidget: …``, that says what and
where, with an exit status from the table in ``docs/cli.md``: 2 for bad input, 3 when the output cannot be
written, 4 when the work could not be done (out of memory, a cluster that cannot be reached), 130 when
interrupted. Never a traceback, and a study never loses the deals it finished.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import os
import re
import stat
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn, TextIO

from .api import new_game
from .engine.game import Game
from .engine.perft import perft
from .errors import WispError
from .games.catalogue import game_ids, get_game
from .io import formats
from .io.files import replace_whole
from .io.text import render
from .limits import (
    MAX_INPUT_BYTES,
    MAX_PERFT_DEPTH,
    MAX_POSITIONS,
    LimitError,
    check_depth,
    check_max_positions,
    check_seed,
    check_time_limit,
    check_workers,
    clip,
    echo,
    parse_deal_range,
    parse_float,
    parse_int,
    printable,
)

EXIT_OK = 0
EXIT_NOT_WON = 1
EXIT_BAD_INPUT = 2
EXIT_OUTPUT = 3
EXIT_FAILED = 4
EXIT_INTERRUPTED = 130

#: The longest error line printed (user input inside it is already cut to about 60 characters).
MAX_MESSAGE = 400
STUDY_POSITIONS = 250_000  # study's budget per deal when --max-positions is left out


class UsageError(Exception):
    """A command-line mistake or unreadable input: reported in one line, exit status 2."""

    status = EXIT_BAD_INPUT


class OutputError(UsageError):
    """The output could not be written (disk full, closed standard output): exit status 3."""

    status = EXIT_OUTPUT


class RunFailed(UsageError):
    """The work could not be done (out of memory, a solver failure, no cluster): exit status 4."""

    status = EXIT_FAILED


COMMANDS = ("deal", "show", "check", "perft", "solve", "study")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        message = re.sub(r"'([^']{60})[^']{10,}'", lambda m: f"'{m.group(1)}…'", message)
        command = self.prog.removeprefix("wispwidget").strip()
        if not command and "required: command" in message:
            message = f"give a command: {', '.join(COMMANDS)} (wispwidget COMMAND --help says more)"
        raise UsageError(f"{command}: {message}" if command else message)


# -- arguments ---------------------------------------------------------------------------


def _argument(parse: Callable[[str, str], Any], check: Callable[..., Any] | None, name: str) -> Callable[[str], Any]:
    """An argparse ``type`` that reads and range-checks a number with ``limits`` (a one-line message)."""

    def convert(text: str) -> Any:
        try:
            value = parse(text, name)
            return check(value, name) if check is not None else value
        except LimitError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = name
    return convert


def _seed(text: str, name: str) -> int:
    return check_seed(parse_int(text, name), name)


# -- input -------------------------------------------------------------------------------


def _name(path: str) -> str:
    if path == "-":
        return "standard input"
    if not path.strip():
        return "the empty file name"
    path = printable(" ".join(path.split()))  # a name with ESC in it must not colour the terminal
    return path if len(path) <= 160 else f"…{path[-100:]} (a name of {len(path):,} characters)"


def _read_bytes(path: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input), at most ``MAX_INPUT_BYTES``; ``UsageError`` otherwise."""
    limit = MAX_INPUT_BYTES
    if path == "-":
        stream = sys.stdin
        if stream is None or getattr(stream, "closed", False):
            raise UsageError("standard input is closed")
        try:
            source = getattr(stream, "buffer", None)
            data = source.read(limit + 1) if source is not None else stream.read(limit + 1).encode("utf-8")
        except (OSError, ValueError) as exc:
            raise UsageError(f"standard input: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    else:
        if "\0" in path:
            raise UsageError(f"{echo(path)}: not a file name (it contains a NUL character)")
        try:
            with open(path, "rb") as handle:
                data = handle.read(limit + 1)
        except OSError as exc:
            raise UsageError(f"{_name(path)}: cannot read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise UsageError(f"{_name(path)}: larger than {limit >> 20} MiB, the most a position or solution "
                         "file may be")
    return data


def _read_input(path: str) -> str:
    data = _read_bytes(path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{_name(path)}: not UTF-8 text (at byte {exc.start:,}, counting from 0)") from None


def _read_position(path: str):
    text = _read_input(path)
    try:
        return formats.read_position(text)
    except WispError as exc:
        raise UsageError(f"{_name(path)}: {exc}") from None


def _game_name(game: str, variant: str | None) -> tuple[str, str | None]:
    if len(game) > 60:
        raise UsageError(f"unknown game {echo(game)}; known games: {', '.join(game_ids())}")
    if variant is not None and not variant.strip():
        raise UsageError("--variant: an empty name is not a variant (leave --variant out for standard)")
    if variant is not None and len(variant) > 60:
        raise UsageError(f"game {game!r} has no variant {echo(variant)}")
    return game, variant


# -- output ------------------------------------------------------------------------------


def _stdout() -> TextIO:
    if sys.stdout is None:
        raise OutputError("cannot write the output: standard output is closed")
    return sys.stdout


def _print(text: str) -> None:
    out = _stdout()
    try:
        out.write(text + "\n")
    except OSError as exc:
        raise OutputError(f"cannot write the output: {exc.strerror or exc}") from None


def _print_json(document: dict) -> None:
    _print(formats.dump_json(document))


def _is_special(path: str) -> bool:
    """True for an existing file that is not a regular file (a device such as /dev/null, a pipe)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _check_writable(path: str, option: str) -> None:
    """Refuse, before any work, an output path that cannot be written."""
    if not path or "\0" in path:
        raise UsageError(f"{option}: {echo(path)} is not a file name")
    if os.path.isdir(path):
        raise UsageError(f"{option}: {_name(path)} is a folder, not a file")
    if _is_special(path):
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"{option}: the folder {echo(folder)} does not exist")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"{option}: the folder {echo(folder)} cannot be written")
    # the file is written through FILE.partial (_atomic_output): make it now, to know before any work that it can
    # be (a name too long, a folder of that name, a place such as /proc that takes no new file)
    partial = path + ".partial"
    if os.path.isdir(partial):
        raise UsageError(f"{option}: cannot write {_name(path)}: a folder {_name(partial)} is in the way (it is "
                         "written through that name first)")
    try:
        made = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:  # an earlier run's partial results: kept (--resume reads them), not truncated here
        return
    except OSError as exc:
        raise UsageError(f"{option}: cannot write {_name(path)}: {exc.strerror or exc}") from None
    os.close(made)
    with contextlib.suppress(OSError):
        os.remove(partial)


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def _files_meet(a: str, b: str) -> bool:
    """True when writing ``a`` and ``b``, each through its ``.partial`` file, would touch one file twice
    (``--output res.jsonl.partial --summary-json res.jsonl`` left the summary and lost the results)."""
    return any(_same_file(x, y) for x in (a, a + ".partial") for y in (b, b + ".partial"))


@contextlib.contextmanager
def _atomic_output(path: str, option: str, keep_on_failure: bool = False,
                   first_lines: Sequence[str] = ()) -> Iterator[TextIO]:
    """A file to write ``path`` through: ``path.partial`` beside it, moved over ``path`` only when the block
    ends normally. On failure the partial file stays (``keep_on_failure``) or goes; ``path`` is untouched.
    ``first_lines`` (a resumed study's kept lines) are put in ``path.partial`` by ``replace_whole`` and the block
    appends after them: the partial file is never cut short. A device or a pipe (``/dev/stdout``) is written
    directly."""
    if _is_special(path):
        try:
            handle = open(path, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise OutputError(f"{option}: cannot write {_name(path)}: {exc.strerror or exc}") from None
        try:
            yield handle
            handle.close()
        except OSError as exc:
            raise OutputError(f"{option}: cannot write {_name(path)}: {exc.strerror or exc}") from None
        finally:
            with contextlib.suppress(OSError):
                handle.close()
        return
    partial = path + ".partial"
    try:
        if first_lines:
            replace_whole(partial, "".join(first_lines))
        handle = open(partial, "a" if first_lines else "w", encoding="utf-8")  # noqa: SIM115
    except OSError as exc:  # _check_writable tried it before the work: something changed since
        raise OutputError(f"{option}: cannot write {_name(path)}: {exc.strerror or exc}") from None
    done = False
    try:
        yield handle
        handle.close()
        os.replace(partial, path)
        done = True
    except OSError as exc:
        raise OutputError(f"{option}: cannot write {_name(path)}: {exc.strerror or exc}") from None
    finally:
        with contextlib.suppress(OSError):
            handle.close()
        if not done and not keep_on_failure:
            with contextlib.suppress(OSError):
                os.remove(partial)


# -- commands ----------------------------------------------------------------------------


def cmd_deal(args: argparse.Namespace) -> int:
    """Print a ``wisp-position/1`` for a deal number, the daily deal or a winnable deal."""
    game, variant = _game_name(args.game, args.variant)
    dealt = new_game(game, args.seed, variant=variant, winnable=args.winnable, daily=args.daily)
    _print(formats.write_position(dealt.game.position(), indent=None if args.compact else 2))
    if args.winnable or args.daily:  # the deal's number was chosen here: say it, for "play deal N" to work
        _message(f"deal {dealt.seed}")
    return EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    """Draw a position as text."""
    _print(render(_read_position(args.file), reveal=args.reveal))
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    """Replay a solution file; print ``wisp-check/1``."""
    from .io.check import check_solution_text, not_won_words

    try:
        text = _read_input(args.file)
    except UsageError as exc:
        reason = str(exc)
        prefix = f"{_name(args.file)}: "
        result = {"format": formats.CHECK_FORMAT, "valid": False, "won": False, "moves": 0,
                  "error": {"move": None, "reason": reason[len(prefix):] if reason.startswith(prefix) else reason}}
    else:
        result = check_solution_text(text)
    _print_json(result)
    error: dict[str, Any] | None = result.get("error")  # type: ignore[assignment]
    if error and error["move"] is None and not result["valid"]:
        raise UsageError(f"{_name(args.file)}: {error['reason']}")
    if result["valid"] and not result["won"]:
        _message(f"wispwidget: {_name(args.file)}: {not_won_words(result)}")
    return EXIT_OK if result["valid"] and result["won"] else EXIT_NOT_WON


def cmd_perft(args: argparse.Namespace) -> int:
    """Print the number of legal move sequences of length D."""
    game = Game(_read_position(args.file), validate=False)
    _print(str(perft(game, args.depth)))
    return EXIT_OK


def _solver_failed(exc: BaseException) -> RunFailed:
    if isinstance(exc, MemoryError):
        return RunFailed("the search ran out of memory; try a smaller --max-positions")
    return RunFailed(f"the solver could not finish: {clip(str(exc), 160)}; "
                     "if memory is short, try a smaller --max-positions")


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve a position; print ``wisp-solve/1`` (and, with ``--solution``, write the winning line found as a
    ``wisp-solution/1`` that ``check`` replays; an existing file is left as it was when no line is found)."""
    from .search.solver import SolverDefect, solve

    position = _read_position(args.file)
    if args.solution is not None:
        _check_writable(args.solution, "--solution")
        if args.file != "-" and _same_file(args.file, args.solution):
            raise UsageError("--solution names the position file itself; the solution would overwrite the position")
    try:
        result = solve(position, max_positions=args.max_positions, time_limit=args.time_limit)
    except (SolverDefect, MemoryError) as exc:
        raise _solver_failed(exc) from None
    _print_json(result.to_dict())
    if args.solution is not None:
        if result.result != "won":
            print(f"wispwidget: no winning line was found ({result.result}), so {_name(args.solution)} was not "
                  "written", file=sys.stderr)
        else:
            with _atomic_output(args.solution, "--solution") as handle:
                handle.write(formats.write_solution(position, result.moves) + "\n")
    return EXIT_OK


def cmd_study(args: argparse.Namespace) -> int:
    """Solve a range of deals; JSON lines to stdout (or --output), a summary on stderr."""
    from .search.players import PlannerPlayer
    from .search.solver import SolverDefect
    from .studies.study import (
        Resuming,
        StudyError,
        StudyJob,
        finished_seeds,
        format_summary,
        not_a_study_file,
        not_a_summary_file,
        progress_bar,
        read_kept,
        study,
    )

    game, variant = _game_name(args.game, args.variant)
    spec = get_game(game, variant)
    deals: range = args.deals
    if args.executor == "dask" and not args.scheduler:
        raise UsageError("--executor dask needs --scheduler ADDRESS (for example tcp://127.0.0.1:8786)")
    if args.scheduler and args.executor != "dask":
        raise UsageError("--scheduler is only used with --executor dask")
    if args.resume and args.output is None:
        raise UsageError("--resume needs --output FILE (the file whose finished deals are kept)")
    if args.fresh and (args.resume or args.output is None):
        raise UsageError("--fresh discards an earlier run's finished deals in --output FILE.partial: give --output, "
                         "and leave out --resume" if args.output is None else "--fresh discards the finished deals "
                         "--resume keeps: choose one")
    if args.time_limit is not None and args.player != "thoughtful":
        raise UsageError("--time-limit bounds the solver's time on a deal; a player plays each game to its end (the "
                         "no-peek player takes at most a second a decision): leave it out")
    if args.max_positions is not None and args.player == "heuristic":
        raise UsageError("--max-positions is a search's budget; the heuristic player searches nothing: leave it out")
    if args.reproducible and args.player != "no-peek":
        already = ("the solver gives the same results on every run already (leave out --time-limit)"
                   if args.player == "thoughtful" else f"the {args.player} player plays the same games on every run "
                   "already")
        raise UsageError(f"--reproducible is for --player no-peek; {already}")
    if args.max_positions is None:
        args.max_positions = STUDY_POSITIONS
    if args.output is not None:
        _check_writable(args.output, "--output")
        refusal = "" if args.resume or _is_special(args.output) else not_a_study_file(args.output)
        if refusal:
            raise UsageError(refusal)
        if not (args.resume or args.fresh or _is_special(args.output)):
            left = len(finished_seeds([args.output + ".partial"]))
            if left:
                raise UsageError(f"{left:,} finished deal{'s' if left > 1 else ''} in {_name(args.output + '.partial')}"
                                 ": --resume to go on, --fresh to discard them")
    if args.summary_json is not None:
        _check_writable(args.summary_json, "--summary-json")
        if args.output is not None and _files_meet(args.output, args.summary_json):
            raise UsageError("--output and --summary-json name the same file (each is written through NAME.partial "
                             "first); the summary would overwrite the results")
        refusal = "" if _is_special(args.summary_json) else not_a_summary_file(args.summary_json)
        if refusal:
            raise UsageError(refusal)
    kept: dict[int, dict[str, Any]] = {}  # the deals of the earlier run: all written back
    if args.resume and not _is_special(args.output):
        resuming = Resuming(spec.game, spec.variant, args.player, deals, args.max_positions,
                            None if args.reproducible else PlannerPlayer.time_limit)
        try:
            kept = read_kept((args.output, args.output + ".partial"), resuming)
        except StudyError as exc:
            raise UsageError(str(exc)) from None
    jobs = (StudyJob(spec.game, spec.variant, seed, args.max_positions, args.time_limit, args.player,
                     args.reproducible)
            for seed in deals if seed not in kept)
    todo = len(deals) - len(kept)
    if args.player == "no-peek" and args.max_positions < PlannerPlayer.endgame_positions:
        _message(f"note: once every card is in view, the no-peek player solves the rest of the game in at most "
                 f"--max-positions ({args.max_positions:,}) positions, fewer than the "
                 f"{PlannerPlayer.endgame_positions:,} it takes by itself, which can cost it games")
    progress = None if args.quiet or _lines_share_the_terminal(args.output) else progress_bar()
    def run(out: TextIO) -> dict[str, Any]:
        return study(jobs, workers=args.workers, executor=args.executor, scheduler=args.scheduler,
                     out=out, progress=progress, total=todo, kept=[kept[seed] for seed in sorted(kept)])

    def failed(exc: BaseException) -> UsageError:
        if progress is not None:
            progress.end_line()  # the one line that follows starts a line of its own
        error: UsageError
        if isinstance(exc, UsageError):
            error = exc
        elif isinstance(exc, KeyboardInterrupt):
            error = UsageError("interrupted")
            error.status = EXIT_INTERRUPTED
        elif isinstance(exc, StudyError):
            error = RunFailed(str(exc))
        elif isinstance(exc, OSError) and not isinstance(exc, ConnectionError):
            error = OutputError(f"cannot write the results: {exc.strerror or exc}")
        elif isinstance(exc, (SolverDefect, MemoryError)):
            error = _solver_failed(exc)
        else:
            error = RunFailed(f"a worker failed: {type(exc).__name__}: {clip(str(exc), 160)}")
        if args.output and not _is_special(args.output):
            partial = args.output + ".partial"
            in_partial = finished_seeds([partial])  # what is on disk, not what was meant to be written
            finished = len(in_partial | finished_seeds([args.output]) if args.resume else in_partial)
            where = _name(partial) if finished == len(in_partial) else f"{_name(args.output)} and {_name(partial)}"
            if finished:
                error.args = (f"{error.args[0]}; {'the' if finished > 1 else 'its'} {finished:,} finished "
                              f"deal{'s are' if finished > 1 else ' is'} kept in {where} (rerun with --resume to "
                              "go on)",)
            if not in_partial:  # none there: no empty file left behind
                with contextlib.suppress(OSError):
                    os.remove(partial)
        return error

    try:
        if args.output is not None:
            kept_lines = [json.dumps(kept[seed]) + "\n" for seed in sorted(kept)]
            with _atomic_output(args.output, "--output", keep_on_failure=True, first_lines=kept_lines) as out:
                summary = run(out)
        else:
            summary = run(_stdout())
    except UsageError as exc:
        if exc.status == EXIT_BAD_INPUT:
            raise
        raise failed(exc) from None
    except BrokenPipeError as exc:
        if args.output in (None, "-"):
            raise  # the reader of the lines went away (| head): main stops quietly, as deal and solve do
        raise failed(exc) from None
    except (KeyboardInterrupt, Exception) as exc:  # every failure of a run: one line, results kept
        raise failed(exc) from None
    _message(format_summary(summary))
    if args.summary_json is not None:
        with _atomic_output(args.summary_json, "--summary-json") as handle:
            handle.write(formats.dump_json(summary, indent=2) + "\n")
    return EXIT_OK


def _lines_share_the_terminal(output: str | None) -> bool:
    """True when the JSON lines go to the terminal the progress bar is drawn on: the lines are the progress then
    (a bar redrawn in place would share their lines)."""
    if output is not None and output != "-":
        return False
    try:
        return sys.stdout is not None and sys.stdout.isatty() and sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _message(text: str) -> None:
    with contextlib.suppress(OSError, AttributeError):
        print(text, file=sys.stderr)


# -- the parser --------------------------------------------------------------------------


class _Version(argparse.Action):
    """``--version``: the installed package's version, looked up only when asked (importlib.metadata takes some
    17 ms, too long for every start; the package itself is not imported: cli is below it, architecture.md)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version("wispwidget")
        except PackageNotFoundError:
            found = "(not installed)"
        sys.stdout.write(f"wispwidget {found}\n")  # on standard output, as argparse's own version action
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``wispwidget`` command."""
    parser = _Parser(prog="wispwidget", description="Spider- and Forty-Thieves-family solitaire tools.")
    parser.add_argument("--version", action=_Version, help="show the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    budget = _argument(parse_int, check_max_positions, "the budget")
    seconds = _argument(parse_float, check_time_limit, "the time limit")

    p = sub.add_parser("deal", help="print the starting position of a deal")
    p.add_argument("game", help=f"one of: {', '.join(game_ids())}")
    p.add_argument("--variant", default=None, help="the game's variant (its first when left out)")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--seed", type=_argument(_seed, None, "a deal number"), default=None,
                       help="deal number, 0 to 2**64-1 (default 1)")
    which.add_argument("--daily", metavar="DATE", default=None, help="the daily deal of YYYY-MM-DD (or 'today')")
    p.add_argument("--winnable", action="store_true", help="the first deal from the seed that is proved winnable")
    p.add_argument("--compact", action="store_true", help="print on one line")
    p.set_defaults(func=cmd_deal)

    p = sub.add_parser("show", help="draw a position as text")
    p.add_argument("file", help="a wisp-position/1 file, or - for standard input")
    p.add_argument("--reveal", action="store_true", help="show face-down cards (in lower case)")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("check", help="replay a wisp-solution/1 file")
    p.add_argument("file", help="a wisp-solution/1 file (solve --solution writes one), or - for standard input")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("perft", help="count legal move sequences of a given length")
    p.add_argument("file", help="a wisp-position/1 file, or - for standard input")
    p.add_argument("--depth", type=_argument(parse_int, check_depth, "the depth"), required=True,
                   help=f"moves deep, 0 to {MAX_PERFT_DEPTH}")
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("solve", help="solve a position, seeing every card")
    p.add_argument("file", help="a wisp-position/1 file (deal writes one), or - for standard input")
    p.add_argument("--max-positions", type=budget, default=1_000_000,
                   help=f"the search's budget, 1 to {MAX_POSITIONS:,} positions (default 1,000,000)")
    p.add_argument("--time-limit", type=seconds, default=None, help="seconds (more than 0)")
    p.add_argument("--solution", default=None, metavar="FILE",
                   help="also write the winning line found as a wisp-solution/1 (for check); nothing is written "
                        "when no line is found")
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("study", help="solve (or play) many deals and summarise them")
    p.add_argument("game", help=f"one of: {', '.join(game_ids())}")
    p.add_argument("--variant", default=None, help="the game's variant (its first when left out)")
    p.add_argument("--deals", required=True, type=_argument(parse_deal_range, None, "the range"),
                   help="deal numbers A-B, inclusive (or one number)")
    p.add_argument("--max-positions", type=budget, default=None,
                   help=f"the solver's budget per deal (default {STUDY_POSITIONS:,}); a deal it does not settle is "
                        "unknown (no-peek and hindsight: the budget of the solves they make)")
    p.add_argument("--time-limit", type=seconds, default=None,
                   help="seconds per deal at most (more than 0); the solver's only")
    p.add_argument("--workers", type=_argument(parse_int, check_workers, "the number of workers"), default=1,
                   help="deals solved at once, one process each (default 1)")
    p.add_argument("--executor", choices=["local", "dask"], default="local",
                   help="local processes (the default), or a Dask cluster (with --scheduler)")
    p.add_argument("--scheduler", default=None, help="Dask scheduler address (with --executor dask)")
    p.add_argument("--output", default=None,
                   help="write the JSON lines here (through FILE.partial, which replaces FILE when the run ends)")
    p.add_argument("--resume", action="store_true",
                   help="keep the deals already in --output (or its .partial file) and run only the others")
    p.add_argument("--fresh", action="store_true",
                   help="discard the finished deals an earlier run left in --output's .partial file and start again "
                        "(without --resume or --fresh, a run refuses to go over them)")
    p.add_argument("--summary-json", default=None, help="also write the summary as JSON here")
    p.add_argument("--player", choices=["thoughtful", "heuristic", "no-peek", "hindsight"], default="thoughtful",
                   help="who plays: thoughtful (the solver, seeing every card: the default), or a player that "
                        "sees only what a person sees: heuristic (a rule of thumb), no-peek (the planner, about "
                        "a second a move at most), hindsight (votes over guessed arrangements of the hidden cards)")
    p.add_argument("--reproducible", action="store_true",
                   help="no-peek only: no second a decision, so every run and machine plays the same games (slower)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_study)

    return parser


def _one_line(message: str) -> str:
    text = " ".join(message.split())
    if not text.startswith("wispwidget"):
        text = f"wispwidget: {text}"
    if len(text) > MAX_MESSAGE:
        text = text[:MAX_MESSAGE - 1] + "…"
    return text


def _silence_stdout() -> None:
    """After a write error, point standard output at /dev/null so the exit flush cannot fail again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _quiet_after_interruption() -> None:
    """After Ctrl-C and its one line, standard error goes to /dev/null (the results are on disk): the command
    line promises no traceback, and the runtime's own threads may still print one while the interpreter exits
    (``study`` already waits for its pool's thread to wind down; this is the promise, kept whatever else runs)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.flush()
        threading.excepthook = lambda _: None
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stderr.fileno())


def _flush_or_silence(silence: bool = False) -> None:
    """Flush what was printed before an error (``check`` prints its result); on a write error, give up on it."""
    if not silence and sys.stdout is not None:
        try:
            sys.stdout.flush()
            return
        except (OSError, ValueError):
            pass
    _silence_stdout()


def _unknown_arguments(parser: argparse.ArgumentParser, command: str, extra: list[str]) -> NoReturn:
    """Arguments the command does not take, in one sentence, each option with the command's likeliest meant
    (``--json``: ``--summary-json``)."""
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
    known = [o for o in sub._option_string_actions if o.startswith("--")]
    said = []
    for arg in extra:
        name = arg.split("=", 1)[0]
        near = difflib.get_close_matches(name, known, n=1, cutoff=0.6) if name.startswith("--") else []
        near = near or [o for o in known if name.startswith("--") and len(name) > 3 and name[2:] in o][:1]
        said.append(f"{clip(arg, 40)} (did you mean {near[0]}?)" if near else clip(arg, 40))
    raise UsageError(f"{command}: unrecognized arguments: {' '.join(said)} (wispwidget {command} --help lists them)")


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(_joined_values(sys.argv[1:] if argv is None else list(argv)))
    if extra:
        _unknown_arguments(parser, args.command, extra)
    func: Callable[[argparse.Namespace], int] = args.func
    status = func(args)
    out = sys.stdout
    if out is not None:
        try:
            out.flush()
        except OSError as exc:
            if isinstance(exc, BrokenPipeError):
                raise
            raise OutputError(f"cannot write the output: {exc.strerror or exc}") from None
    return status


def _joined_values(argv: list[str]) -> list[str]:
    """``--deals -5-3`` as ``--deals=-5-3``: argparse takes a value that starts with "-" for an option and says only
    "expected one argument"; joined, the range is read and refused in words ("deal numbers go from 0 ...")."""
    out: list[str] = []
    for arg in argv:
        if out and out[-1] in VALUE_OPTIONS and arg[:1] == "-" and arg[1:2].isdigit():
            out[-1] = f"{out[-1]}={arg}"
        else:
            out.append(arg)
    return out


VALUE_OPTIONS = frozenset({"--deals", "--seed", "--max-positions", "--time-limit", "--workers", "--depth"})


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (the table is in ``docs/cli.md``)."""
    try:
        return _run(argv)
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_OK
    except UsageError as exc:
        _flush_or_silence(exc.status == EXIT_OUTPUT)
        _message(_one_line(str(exc)))
        if exc.status == EXIT_INTERRUPTED:
            _quiet_after_interruption()
        return exc.status
    except WispError as exc:
        _flush_or_silence()
        _message(_one_line(str(exc)))
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        _message("wispwidget: interrupted")
        _quiet_after_interruption()
        return EXIT_INTERRUPTED
    except MemoryError:
        _message("wispwidget: out of memory")
        return EXIT_FAILED
    except OSError as exc:
        _silence_stdout()
        _message(_one_line(f"cannot write the output: {exc.strerror or exc}"))
        return EXIT_OUTPUT
    except Exception as exc:  # a bug: still one line, never a traceback
        _message(_one_line(f"internal error ({type(exc).__name__}: {clip(str(exc), 120)}); please report it"))
        return EXIT_FAILED


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
