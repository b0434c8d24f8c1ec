"""Write and execute the tutorials in notebooks/ (run after changing them: outputs are what nbval checks).

Run: ``python scripts/make_notebooks.py``. Cells whose output varies from run to
run (timings, plots) carry ``# NBVAL_IGNORE_OUTPUT``; everything else is
compared strictly by ``pytest --nbval notebooks/``.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent.parent / "notebooks"
KERNEL = {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
          "language_info": {"name": "python"}}

NOTEBOOKS: dict[str, list[tuple[str, str]]] = {}

NOTEBOOKS["01-playing.ipynb"] = [
    ("md", """# Playing in a notebook

`wispwidget.play` puts a table in the cell. Click a card to send it where the rules say, drag it to choose,
click the stock to deal, or use the keyboard (arrows, Enter, Space, D, U, R, H). The Python engine decides
every move; the browser only draws what it is told. Face-down cards never reach the browser."""),
    ("code", """import wispwidget as ww

w = ww.play("will-o-the-wisp", seed=1, variant="relaxed", auto_verdict=False)
w"""),
    ("md", "The same game from Python: every legal move, in a fixed order."),
    ("code", "w.game.legal_moves()"),
    ("code", """w.deal()
w.moves, w.table["stock"]"""),
    ("code", """w.undo()
w.moves, w.table["can_redo"]"""),
    ("md", "An illegal move raises a precise error and changes nothing."),
    ("code", """try:
    w.move("t0", "t0")
except ww.IllegalMoveError as error:
    print(error)
w.moves"""),
    ("md", """## Hints

A hint is the next move of a winning line the solver found, seeing every card. While you follow that line the
next hint is instant."""),
    ("code", """hint = w.hint()
print(hint.verdict, "-", hint.message)"""),
    ("code", """for _ in range(5):
    w.move(*w.hint().move)
print(w.moves, "moves played;", w.hint().positions, "positions searched for the last hint")"""),
    ("md", """## Winnable and daily deals

`winnable=True` deals a game the solver has proved can be won. The daily deal is a proved-winnable deal chosen
from the date, the same for everyone."""),
    ("code", """game = ww.deal("will-o-the-wisp", 1, winnable=True)
ww.winnable_seed("will-o-the-wisp", 1), ww.daily_deal_seed("2026-11-29")"""),
    ("code", """w.daily("2026-11-29")
w.seed, w.game.spec.name"""),
    ("md", "Positions travel as JSON (`wisp-position/1`), and a table can be saved as a view-only web page."),
    ("code", """import pathlib
import tempfile

print(w.to_json()[:120], "...")
page = w.to_html(pathlib.Path(tempfile.mkdtemp()) / "table.html")
page.name, page.stat().st_size > 1000"""),
]

NOTEBOOKS["02-rules-and-variants.ipynb"] = [
    ("md", """# Rules and variants

Every game is data: a `GameSpec` says which deck, how the deal is laid out, what builds on what, which groups
move, what an empty pile takes, how the stock deals and how cards leave. The engine reads nothing else."""),
    ("code", """import wispwidget as ww
from wispwidget.text import render

for key, spec in ww.CATALOGUE.items():
    print(f"{key:28} {spec.deck.describe():22} {spec.movable.value:12} {spec.description}")"""),
    ("md", """## Standard against Relaxed Will o' the Wisp

The same position: in Standard only a run in one suit moves; in Relaxed any run does."""),
    ("code", """doc = {
    "format": "wisp-position/1", "game": "will-o-the-wisp", "variant": "standard",
    "tableau": [{"down": ["4D"], "up": ["9D", "8H", "7H"]}, {"down": [], "up": ["TC"]}, {"down": [], "up": ["9S"]},
                {"down": [], "up": ["3C"]}, {"down": [], "up": ["4C"]}, {"down": [], "up": ["5C"]},
                {"down": [], "up": ["6C"]}],
    "stock": [], "foundations": [],
}
rest = [c for c in (r + s for s in "CDHS" for r in "A23456789TJQK")
        if c not in {"4D", "9D", "8H", "7H", "TC", "9S", "3C", "4C", "5C", "6C"}]
doc["tableau"][6]["down"] = rest
standard = ww.formats.position_from_dict(doc)
relaxed = ww.formats.position_from_dict({**doc, "variant": "relaxed"})
[m for m in ww.Game(standard).legal_moves() if m.source == "t0"], \\
[m for m in ww.Game(relaxed).legal_moves() if m.source == "t0"]"""),
    ("md", """## Black Widow: mixed runs move but do not leave

Only thirteen cards of one suit, King to Ace, leave the table."""),
    ("code", """from collections import Counter

mixed = ["KS", "QH", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]  # a Queen of hearts in it
one_deck = Counter(r + s for s in "CDHS" for r in "A23456789TJQK")
deck = one_deck + one_deck
rest = sorted((deck - Counter([*mixed, "AS", "5C"])).elements())
piles = [{"down": ["5C"], "up": mixed}, {"down": [], "up": ["AS"]}]
piles += [{"down": [], "up": [rest.pop()]} for _ in range(7)]
piles.append({"down": rest[:-1], "up": [rest[-1]]})
widow = ww.Game(ww.formats.position_from_dict(
    {"format": "wisp-position/1", "game": "black-widow", "tableau": piles, "stock": [], "foundations": []}))
widow.play(ww.Move("t1", "t0"))   # the Ace completes a mixed run of thirteen
len(widow.up[0]), widow.finished, ww.Move("t0", "t1", 13) in widow.legal_moves()"""),
    ("md", "## Waxing Moon: one card at a time, and only a King fills a space"),
    ("code", """moon = ww.deal("waxing-moon", 4)
print(render(moon.position()))
sorted({m.target[0] for m in moon.legal_moves()})"""),
    ("md", """## A new variant is new data

Here is Will o' the Wisp on eight piles. Registering it makes it a game like any other: it deals, plays,
solves, and reads and writes JSON."""),
    ("code", """from dataclasses import replace

eight = ww.register(replace(ww.get_game("will-o-the-wisp"), variant="eight-piles",
                            layout=((2, 1),) * 8, description="Will o' the Wisp on eight piles"))
game = ww.deal("will-o-the-wisp", 3, variant="eight-piles")
print(render(game.position()))
len(game.stock), ww.perft(game, 3)"""),
]

NOTEBOOKS["03-search-basics.ipynb"] = [
    ("md", """# Search basics on a tiny deck

Micro Wisp has eight cards (Ace to Four of spades and hearts) on three piles, so breadth-first search finishes
and its whole tree fits on screen. Every search here walks the same engine you play with."""),
    ("code", """import wispwidget as ww
from wispwidget.search.algorithms import breadth_first, depth_first
from wispwidget.search.problem import SearchProblem
from wispwidget.text import render

start = ww.deal("micro-wisp", 1).position()
print(render(start, reveal=True))"""),
    ("code", """problem = SearchProblem(start)
bfs = breadth_first(problem, record=True)
dfs = depth_first(problem, record=True)
for result in (bfs, dfs):
    print(f"{result.algorithm}: solved={result.solved} length={result.length} expanded={result.expanded} "
          f"generated={result.generated} trace events={len(result.trace)}")"""),
    ("md", """Breadth-first search finds a shortest solution; depth-first search finds *a* solution, often a long
one, after expanding fewer nodes. The solutions:"""),
    ("code", """print("BFS:", ", ".join(map(str, bfs.moves)))
print("DFS:", ", ".join(map(str, dfs.moves)))"""),
    ("md", """## Step through the search

The trace widget replays the search step by step: the position at the current node, the tree coloured the
aima way (frontier blue, explored grey, current orange, pruned red, solution green), the counters and the path.
Step k is a pure function of the start and the first k events."""),
    ("code", """tw = ww.SearchTraceWidget(bfs.trace)
tw"""),
    ("code", """state = bfs.trace.state_at(40)
print("node", state.current, "| frontier", len(state.frontier), "| explored", len(state.explored))
print("path:", ", ".join(map(str, state.path)))
print(render(state.position, reveal=True))"""),
    ("md", """## BFS against DFS against A*, on this deal

The comparison a lecture slide would show: nodes expanded, solution length and memory (the most nodes held at
once). A* uses the admissible `cards-left` heuristic, so its solution is as short as breadth-first search's."""),
    ("code", """ww.compare(start, ["bfs", "dfs", "astar"], timings=False, include_solver=False)"""),
]

NOTEBOOKS["04-heuristics-and-pruning.ipynb"] = [
    ("md", """# Heuristics, duplicate detection and pruning

A* with an admissible heuristic still finds shortest solutions, with fewer expansions. A transposition table
stops the search from expanding the same position twice. Sound pruning rules remove moves that cannot matter."""),
    ("code", """import wispwidget as ww
from wispwidget.search.algorithms import astar, breadth_first, greedy_best_first
from wispwidget.search.problem import SearchProblem

start = ww.deal("mini-moon", 3).position()
problem = SearchProblem(start)
for name in ("zero", "cards-left"):
    r = astar(problem, name)
    print(f"A* with h={name:11} length={r.length} expanded={r.expanded}")
r = greedy_best_first(problem, "disorder")
print(f"greedy, h=disorder     length={r.length} expanded={r.expanded}")"""),
    ("md", "## The transposition table"),
    ("code", """micro = SearchProblem(ww.deal("micro-wisp", 1).position())
on = breadth_first(micro, dedupe=True)
off = breadth_first(micro, dedupe=False, max_expansions=20_000)
print(f"with the table: {on.expanded} expansions; without: {off.expanded}; same length: {on.length == off.length}")"""),
    ("md", "## What each pruning rule saves"),
    ("code", """from wispwidget.search.trace import KINDS

cases = {"relabel": ("micro-wisp", 2), "first-empty": ("micro-wisp", 16), "ace-to-foundation": ("mini-moon", 5)}
for rule, (game, seed) in cases.items():
    position = ww.deal(game, seed).position()
    with_rule = breadth_first(SearchProblem(position, pruning={rule}), record=True)
    without = breadth_first(SearchProblem(position, pruning=set()), record=True)
    def examined(r):
        return sum(KINDS[e[0]] in ("generate", "duplicate") for e in r.trace.events)
    print(f"{rule:18} successors examined {examined(without):6} -> {examined(with_rule):6}; "
          f"length {without.length} -> {with_rule.length}")"""),
    ("md", "## Comparing the algorithms (and the tuned solver)"),
    ("code", """table = ww.compare(ww.deal("micro-wisp", 1).position(), timings=False)
table"""),
    ("code", """# NBVAL_IGNORE_OUTPUT
table.plot("expanded");"""),
]

NOTEBOOKS["05-how-winnable.ipynb"] = [
    ("md", """# How winnable is Will o' the Wisp?

A study solves many deals and counts what it settles. **Winnable here means "winnable seeing every card"**: the
solver knows the face-down cards and the stock order, which a person never does. A deal it cannot settle within
its budget is *unknown*; the interval below counts unknowns both ways (lost for the lower bound, won for the
upper), as Blake and Gent do."""),
    ("code", """from wispwidget.search.study import StudyJob, study

results = {}
for variant in ("standard", "relaxed"):
    jobs = [StudyJob("will-o-the-wisp", variant, seed, 50_000) for seed in range(1, 31)]
    results[variant] = study(jobs)
    s = results[variant]
    print(f"{variant:8}: won {s['won']}, lost {s['lost']}, unknown {s['unknown']}; "
          f"winnable between {100 * s['winnable_low']:.0f}% and {100 * s['winnable_high']:.0f}% (95%)")"""),
    ("code", """# NBVAL_IGNORE_OUTPUT
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(6, 3))
for i, s in enumerate(results.values()):
    ax.bar(i, 100 * (s["winnable_high"] - s["winnable_low"]), bottom=100 * s["winnable_low"], color="#90caf9")
    ax.plot([i - 0.3, i + 0.3], [100 * s["won_share"]] * 2, color="#2e7d32")
ax.set_xticks(range(len(results)), list(results))
ax.set_ylabel("winnable share, %")
ax.set_title("95% interval (bar) and proved share (line), 30 deals at 50,000 positions");"""),
    ("md", """The shipped catalogue of proved deals (deals 1-200 at 1,000,000 positions) tells the same story at a
larger budget. Run `wispwidget study will-o-the-wisp --deals 1-1000 --max-positions 250000 --workers 2` for the
full figure, or `benchmarks/solver_rates.py` for every game."""),
    ("code", """from wispwidget.winnable import catalogue_range, proved_seeds

deals = catalogue_range()
for key in ("will-o-the-wisp/standard", "will-o-the-wisp/relaxed", "black-widow/standard", "waxing-moon/standard"):
    print(f"{key:26} {len(proved_seeds(key)):3} of {len(deals)} deals proved winnable")"""),
]

NOTEBOOKS["06-json-positions-and-solutions.ipynb"] = [
    ("md", """# Positions and solutions as JSON

A teacher can set a puzzle as a `wisp-position/1` file; a student answers with a `wisp-solution/1` file, which
anyone can check, by program or with `wispwidget check FILE`."""),
    ("code", """import json

import wispwidget as ww
from wispwidget.check import check_solution_text
from wispwidget.text import render

run = [f"{r}S" for r in "KQJT98765432"]
puzzle = {
    "format": "wisp-position/1", "game": "will-o-the-wisp", "variant": "standard",
    "tableau": [{"down": [], "up": run}, {"down": [], "up": ["5H"]}, {"down": [], "up": ["AS"]},
                {"down": [], "up": ["4H"]}, {"down": [], "up": []}, {"down": [], "up": []}, {"down": [], "up": []}],
    "stock": [], "foundations": ["C", "D"],
}
puzzle["tableau"][1]["up"] = ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H"]
puzzle["tableau"][3]["up"] = ["4H", "3H", "2H", "AH"]
position = ww.formats.position_from_dict(puzzle)
print(render(position))"""),
    ("md", "A bad file is refused with a message that says what and where:"),
    ("code", """broken = json.loads(json.dumps(puzzle))
broken["tableau"][2]["up"] = ["1S"]
try:
    ww.formats.position_from_dict(broken)
except ww.FormatError as error:
    print(error)"""),
    ("md", "## Checking a student's solution"),
    ("code", """student = {"format": "wisp-solution/1", "position": puzzle,
           "moves": [{"from": "t2", "to": "t0"}, {"from": "t3", "to": "t1", "count": 4}]}
print(json.dumps(check_solution_text(json.dumps(student))))"""),
    ("code", """wrong = {"format": "wisp-solution/1", "position": puzzle,
         "moves": [{"from": "t3", "to": "t0", "count": 4}]}
print(json.dumps(check_solution_text(json.dumps(wrong))))"""),
    ("md", "The solver writes the same format, so its answer is checkable the same way:"),
    ("code", """result = ww.solve(position)
solution = ww.write_solution(position, result.moves)
result.result, [str(m) for m in result.moves], check_solution_text(solution)["won"]"""),
]


NOTEBOOKS["07-honest-play.ipynb"] = [
    ("md", """# Honest play: seeing every card, or only what a person sees

The solver proves deals winnable by looking at the face-down cards and the stock: *thoughtful* solitaire. A
person cannot. Here three players meet the same deals: the thoughtful solver, a rule-of-thumb player, and the
no-peek player, which samples arrangements of the hidden cards consistent with what it sees, solves each, and
plays the move that wins in the most of them (hindsight optimisation). The two honest players are handed only
an *information set*; the real game stays with the referee."""),
    ("code", """import random

import wispwidget as ww
from wispwidget.search.players import HeuristicPlayer, HindsightPlayer, InformationSet, play_game

game = ww.deal("will-o-the-wisp", 3, variant="relaxed")
info = InformationSet.of(game)
print("face-down per pile:", [down for down, _ in info.piles], "| stock:", info.stock_count,
      "| unseen cards:", len(info.unseen))
print("one arrangement consistent with it:", ww.Game(info.sample(random.Random(1))).position() != game.position())"""),
    ("code", """deals = range(1, 11)
players = {"heuristic": HeuristicPlayer(), "no-peek": HindsightPlayer()}  # 5 samples, 20,000 positions each
wins = {"thoughtful": sum(ww.solve(ww.deal("will-o-the-wisp", s, variant="relaxed")).result == "won" for s in deals)}
for name, player in players.items():
    wins[name] = sum(play_game(ww.deal("will-o-the-wisp", s, variant="relaxed").position(), player, seed=s).won
                     for s in deals)
wins"""),
    ("code", """# NBVAL_IGNORE_OUTPUT
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(5, 3))
ax.bar(list(wins), [100 * w / len(deals) for w in wins.values()], color=["#2e7d32", "#90caf9", "#1976d2"])
ax.set_ylabel("deals won, %")
ax.set_title("Will o' the Wisp (Relaxed), deals 1-10");"""),
    ("md", """The gap between the first bar and the others is the price of not seeing the cards. Measured on deals
1-200 by `python benchmarks/honest_play.py` (2026-11-29; thoughtful = share the solver proved won at 250,000
positions, 1,000,000 for Black Widow, a lower bound; the no-peek player samples 5 arrangements at each decision
and solves each within 20,000 positions):

| game | thoughtful | heuristic | no-peek |
| --- | --- | --- | --- |
| Will o' the Wisp, Standard | 183/200 (91.5%) | 0/200 | 16/200 (8.0%) |
| Will o' the Wisp, Relaxed | 198/200 (99.0%) | 1/200 (0.5%) | 68/200 (34.0%) |
| Black Widow | 184/200 (92.0%) | 0/200 | 15/200 (7.5%) |

Seeing every card is worth a great deal: where only runs in suit move (Standard), a player who cannot see the
stock rarely arranges the piles well for the next deal, and the thoughtful solver wins more than ten times as
often. The rule-of-thumb player is a floor, not a rival: it deals as soon as nothing clearly good is left and
circles once the stock is gone. In the widget, **Fair hint** asks the no-peek player, while **Hint** asks the
solver that sees everything; **Watch** (or `w.watch()`) lets the no-peek player play the deal move by move, for a
class to follow its choices."""),
]


def build(name: str, cells: list[tuple[str, str]]) -> None:
    nb = nbformat.v4.new_notebook(metadata=KERNEL)
    for i, (kind, source) in enumerate(cells):
        cell = nbformat.v4.new_markdown_cell(source) if kind == "md" else nbformat.v4.new_code_cell(source)
        cell["id"] = f"{Path(name).stem}-{i}"
        nb.cells.append(cell)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(HERE)}}).execute()
    nbformat.write(nb, HERE / name)
    print("wrote", name)


if __name__ == "__main__":
    import sys

    HERE.mkdir(exist_ok=True)
    wanted = sys.argv[1:] or list(NOTEBOOKS)
    for name in wanted:
        build(name, NOTEBOOKS[name])
