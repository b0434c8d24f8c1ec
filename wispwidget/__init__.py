"""wispwidget: Spider- and Forty-Thieves-family solitaire to play, solve and teach in Jupyter.

Every name below loads on first use (PEP 562), so ``import wispwidget`` is quick and the ``wispwidget`` command
starts inside ``_command_line`` before it loads anything: Ctrl-C at any moment is "interrupted", not a traceback.
"""

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing (nor __future__) at start-up
if TYPE_CHECKING:
    from .api import deal, new_game
    from .cards import Deck, card_str, parse_card
    from .engine import DEAL, DRAW, Game, Move, Pile, Position, daily_seed, deal_position, perft
    from .errors import (
        FormatError,
        IllegalMoveError,
        InvalidPositionError,
        NoDestinationError,
        NothingToUndoError,
        UnknownGameError,
        WispError,
    )
    from .games import CATALOGUE, GameSpec, game_ids, get_game, register, variants
    from .io.formats import (
        position_from_dict,
        position_to_dict,
        read_position,
        read_solution,
        write_position,
        write_solution,
    )
    from .search import BackgroundSolve, CancelToken, SolveResult, solve
    from .search.algorithms import trace
    from .search.hints import Hint, Hinter
    from .studies.compare import compare
    from .studies.winnable import daily_deal_seed, winnable_seed
    from .widgets import SearchTraceWidget, TableWidget, VariantLabWidget, play, variant_lab

__version__ = "0.1.0"

__all__ = [
    "BackgroundSolve", "CATALOGUE", "CancelToken", "DEAL", "DRAW", "Deck", "FormatError", "Game", "GameSpec", "Hint",
    "Hinter", "IllegalMoveError", "InvalidPositionError", "Move", "NoDestinationError", "NothingToUndoError", "Pile",
    "Position", "SearchTraceWidget", "SolveResult", "TableWidget", "UnknownGameError", "VariantLabWidget",
    "WispError", "card_str", "compare", "daily_deal_seed", "daily_seed", "deal", "deal_position", "game_ids",
    "get_game", "new_game", "parse_card", "perft", "play", "position_from_dict", "position_to_dict", "read_position",
    "read_solution", "register", "solve", "trace", "variant_lab", "variants", "winnable_seed", "write_position",
    "write_solution",
]

#: The module each public name comes from (the widgets too: the command line never imports the notebook stack).
_HOMES = {
    "deal": "api", "new_game": "api",
    "Deck": "cards", "card_str": "cards", "parse_card": "cards",
    **dict.fromkeys(["DEAL", "DRAW", "Game", "Move", "Pile", "Position", "daily_seed", "deal_position", "perft"],
                    "engine"),
    **dict.fromkeys(["FormatError", "IllegalMoveError", "InvalidPositionError", "NoDestinationError",
                     "NothingToUndoError", "UnknownGameError", "WispError"], "errors"),
    **dict.fromkeys(["CATALOGUE", "GameSpec", "game_ids", "get_game", "register", "variants"], "games"),
    **dict.fromkeys(["position_from_dict", "position_to_dict", "read_position", "read_solution", "write_position",
                     "write_solution"], "io.formats"),
    **dict.fromkeys(["BackgroundSolve", "CancelToken", "SolveResult", "solve"], "search"),
    "trace": "search.algorithms", "Hint": "search.hints", "Hinter": "search.hints",
    "compare": "studies.compare", "daily_deal_seed": "studies.winnable", "winnable_seed": "studies.winnable",
    **dict.fromkeys(["play", "TableWidget", "SearchTraceWidget", "VariantLabWidget", "variant_lab"], "widgets"),
}


def _install_short_errors() -> None:
    """In IPython (a notebook), the package's own errors show as one sentence (``_short_errors``)."""
    import sys

    if "IPython" in sys.modules:
        from ._short_errors import install

        install()


_install_short_errors()


def __getattr__(name: str) -> object:
    """A public name, imported from its module on first use (and kept)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'wispwidget' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names, loaded or not."""
    return sorted({*globals(), *__all__})


def _command_line() -> int:
    """The ``wispwidget`` command (pyproject.toml's entry point): ``cli.main``, loaded here so that Ctrl-C while
    it loads ends as it does later, in one line and exit status 130 (docs/cli.md), never a traceback."""
    try:
        from .cli import main

        return main()
    except KeyboardInterrupt:
        import contextlib
        import sys

        with contextlib.suppress(AttributeError, OSError, ValueError):
            sys.stderr.write("wispwidget: interrupted\n")
        return 130
