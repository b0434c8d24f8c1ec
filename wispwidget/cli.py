"""The ``wispwidget`` command line (see ``docs/cli.md``).

Bad input never gives a traceback: one line on standard error that says what
and where, and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from .api import new_game
from .engine.game import Game
from .engine.perft import perft
from .errors import WispError
from .games.catalogue import game_ids, get_game
from .io import formats
from .io.text import render

EXIT_BAD_INPUT = 2


class UsageError(Exception):
    """A command-line mistake: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def _read_input(path: str) -> str:
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError as exc:
            raise UsageError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: not UTF-8 text (byte {exc.start})") from None


def _read_position(path: str):
    try:
        return formats.read_position(_read_input(path))
    except WispError as exc:
        raise UsageError(f"{path}: {exc}") from None


def _print_json(document: dict) -> None:
    print(formats.dump_json(document))


def cmd_deal(args: argparse.Namespace) -> int:
    """Print a ``wisp-position/1`` for a deal number, the daily deal or a winnable deal."""
    dealt = new_game(args.game, args.seed, variant=args.variant, winnable=args.winnable, daily=args.daily)
    print(formats.write_position(dealt.game.position(), indent=None if args.compact else 2))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """Draw a position as text."""
    print(render(_read_position(args.file), reveal=args.reveal))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Replay a solution file; print ``wisp-check/1``."""
    from .io.check import check_solution_text

    try:
        text = _read_input(args.file)
    except UsageError as exc:
        result = {"format": formats.CHECK_FORMAT, "valid": False, "won": False, "moves": 0,
                  "error": {"move": None, "reason": str(exc)}}
    else:
        result = check_solution_text(text)
    _print_json(result)
    error = result.get("error")
    if error and error["move"] is None and not result["valid"]:
        print(f"{args.file}: {error['reason']}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return 0 if result["valid"] and result["won"] else 1


def cmd_perft(args: argparse.Namespace) -> int:
    """Print the number of legal move sequences of length D."""
    if args.depth < 0:
        raise UsageError(f"--depth must be 0 or more, not {args.depth}")
    game = Game(_read_position(args.file), validate=False)
    print(perft(game, args.depth))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve a position; print ``wisp-solve/1``."""
    from .search.solver import solve

    position = _read_position(args.file)
    result = solve(position, max_positions=args.max_positions, time_limit=args.time_limit)
    _print_json(result.to_dict())
    return 0


def cmd_study(args: argparse.Namespace) -> int:
    """Solve a range of deals; JSON lines to stdout (or --output), a summary on stderr."""
    from .studies.study import StudyJob, format_summary, parse_range, progress_bar, study

    spec = get_game(args.game, args.variant)
    try:
        deals = parse_range(args.deals)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, not {args.workers}")
    jobs = [StudyJob(spec.game, spec.variant, seed, args.max_positions, args.time_limit, args.player)
            for seed in deals]
    out = open(args.output, "w") if args.output else sys.stdout  # noqa: SIM115
    try:
        summary = study(jobs, workers=args.workers, executor=args.executor, scheduler=args.scheduler, out=out,
                        progress=None if args.quiet else progress_bar())
    finally:
        if args.output:
            out.close()
    print(format_summary(summary), file=sys.stderr)
    if args.summary_json:
        with open(args.summary_json, "w") as handle:
            handle.write(formats.dump_json(summary, indent=2) + "\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``wispwidget`` command."""
    parser = _Parser(prog="wispwidget", description="Spider- and Forty-Thieves-family solitaire tools.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("deal", help="print the starting position of a deal")
    p.add_argument("game", help=f"one of: {', '.join(game_ids())}")
    p.add_argument("--variant", default=None)
    which = p.add_mutually_exclusive_group()
    which.add_argument("--seed", type=int, default=None, help="deal number (default 1)")
    which.add_argument("--daily", metavar="DATE", default=None, help="the daily deal of YYYY-MM-DD (or 'today')")
    p.add_argument("--winnable", action="store_true", help="the first deal from the seed that is proved winnable")
    p.add_argument("--compact", action="store_true", help="print on one line")
    p.set_defaults(func=cmd_deal)

    p = sub.add_parser("show", help="draw a position as text")
    p.add_argument("file", help="a wisp-position/1 file, or - for standard input")
    p.add_argument("--reveal", action="store_true", help="show face-down cards (in lower case)")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("check", help="replay a wisp-solution/1 file")
    p.add_argument("file")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("perft", help="count legal move sequences of a given length")
    p.add_argument("file")
    p.add_argument("--depth", type=int, required=True)
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("solve", help="solve a position, seeing every card")
    p.add_argument("file")
    p.add_argument("--max-positions", type=int, default=1_000_000)
    p.add_argument("--time-limit", type=float, default=None, help="seconds")
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("study", help="solve many deals and summarise them")
    p.add_argument("game")
    p.add_argument("--variant", default=None)
    p.add_argument("--deals", required=True, help="deal numbers A-B, inclusive")
    p.add_argument("--max-positions", type=int, default=250_000)
    p.add_argument("--time-limit", type=float, default=None)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--executor", choices=["local", "dask"], default="local")
    p.add_argument("--scheduler", default=None, help="Dask scheduler address (with --executor dask)")
    p.add_argument("--output", default=None, help="write the JSON lines here instead of standard output")
    p.add_argument("--summary-json", default=None, help="also write the summary as JSON here")
    p.add_argument("--player", choices=["thoughtful", "heuristic", "no-peek"], default="thoughtful",
                   help="thoughtful: the solver, seeing every card; heuristic / no-peek: players that cannot")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_study)

    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        func: Callable[[argparse.Namespace], int] = args.func
        return func(args)
    except (UsageError, WispError) as exc:
        print(f"wispwidget: {exc}".replace("wispwidget: wispwidget", "wispwidget"), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("wispwidget: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
