"""No two modules of the package import each other, directly or round a loop (issue 64): read from the source.

Every ``import`` counts, the ones inside functions too (a lazy import is still a loop a reader must follow).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "wispwidget"


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str], root: Path = PACKAGE) -> set[str]:
    """The package's modules that ``path`` imports (``from . import x`` names module ``x`` when there is one)."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[:len(base) - node.level + 1] if node.level else []
            target = ".".join(base + (node.module.split(".") if node.module else []))
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    # a module's own packages are no edge: any import of a submodule runs its package's __init__ first
    return {m for m in found if m in modules and m != name and not name.startswith(f"{m}.")}


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    paths = {module_name(p, root): p for p in root.rglob("*.py")}
    return {name: imports_of(path, set(paths), root) for name, path in paths.items()}


def cycle_through(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A loop of imports from ``start`` back to it, if there is one (a path, ``start`` first)."""
    stack, seen = [(start, [start])], set()
    while stack:
        node, path = stack.pop()
        for nxt in graph.get(node, ()):
            if nxt == start:
                return [*path, start]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, [*path, nxt]))
    return None


def test_the_planner_and_the_players_do_not_import_each_other():
    graph = import_graph()
    planner, players = "wispwidget.search.planner", "wispwidget.search.players"
    assert not (players in graph[planner] and planner in graph[players]), "search/planner.py <-> players.py"
    assert "wispwidget.search.information" in graph[planner] and "wispwidget.search.information" in graph[players]


def test_no_module_of_the_package_is_in_an_import_loop():
    graph = import_graph()
    loops = [cycle_through(graph, m) for m in sorted(graph)]
    assert [loop for loop in loops if loop] == []


def test_the_check_finds_the_old_loop(tmp_path):
    """Planner importing InformationSet from the players again (as before issue 64) is found."""
    search = tmp_path / "wispwidget" / "search"
    search.mkdir(parents=True)
    for name in ("__init__.py", "information.py"):
        (search / name).write_text("")
    (tmp_path / "wispwidget" / "__init__.py").write_text("")
    (search / "players.py").write_text("def later():\n    from .planner import plan\n")
    (search / "planner.py").write_text("from .players import InformationSet\n")
    graph = import_graph(tmp_path / "wispwidget")
    assert cycle_through(graph, "wispwidget.search.planner") == [
        "wispwidget.search.planner", "wispwidget.search.players", "wispwidget.search.planner"]
