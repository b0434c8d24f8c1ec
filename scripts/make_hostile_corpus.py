"""Write tests/hostile/: a corpus of hostile and careless input, run by tests/test_hostile*.py.

Three files, one JSON case per line:

- ``cli.jsonl``: command lines run for real (``python -m wispwidget``). Each case gives ``argv`` (``{file:NAME}``
  stands for a file the runner writes from ``files``, ``{tmp}`` for its folder), ``stdin`` (text, ``closed`` or
  null), ``stdout`` (``pipe``, ``full`` or ``closed``), the expected exit ``status`` and, for errors, a piece of the
  one ``wispwidget: …`` line expected on standard error (``says``).
- ``formats.jsonl``: documents for the readers (``reader``: ``position``, ``move``, ``solution``, ``trace``), as
  ``text`` or base64 ``bytes``; each must give a ``FormatError`` with a one-line message.
- ``widget.jsonl``: front-end messages (``message``) and trait updates (``state``) for ``wispwidget.TableWidget``;
  ``"$v"``, ``"$v-1"`` and ``"$v+1"`` stand for the table's current version and its neighbours.

Run ``python scripts/make_hostile_corpus.py`` after changing it; tests/test_hostile.py checks the files are current.
"""

from __future__ import annotations

import base64
import copy
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wispwidget import deal  # noqa: E402
from wispwidget.io.formats import position_to_dict, solution_to_dict  # noqa: E402
from wispwidget.search.algorithms import depth_first  # noqa: E402
from wispwidget.search.problem import SearchProblem  # noqa: E402

OUT = ROOT / "tests" / "hostile"
LONG = "x" * 3000
HUGE_INT = "9" * 5000

# ---------------------------------------------------------------------------------------------
# documents


def position_doc(game: str = "mini-wisp", seed: int = 2) -> dict[str, Any]:
    return position_to_dict(deal(game, seed).position())


def solution_doc(game: str = "mini-wisp", seed: int = 2) -> dict[str, Any]:
    game_ = deal(game, seed)
    return solution_to_dict(game_.position(), game_.legal_moves()[:1])


def trace_doc() -> dict[str, Any]:
    trace = depth_first(SearchProblem(deal("micro-wisp", 3).position(), ordering=True), record=True).trace
    return trace.to_dict()


def dumps(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False)


BAD_CARDS: list[Any] = ["", "1S", "KX", "10", "ASS", "AS ", " AS", "７H", "A\u0000", "A♠", 7, 0, None, True, [],
                        {}, ["AS"], 1.5, LONG, "ZZ", "11C", "0S", "AX", "KH\n"]
BAD_STRINGS: list[Any] = [None, 0, 1.5, True, [], {}, ["will-o-the-wisp"]]


def mutate(doc: dict[str, Any], path: list[Any], value: Any, delete: bool = False) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


def json_level_cases(valid_text: str) -> list[tuple[str, Any]]:
    """Broken JSON text, each as (name, text or bytes)."""
    head = valid_text[: len(valid_text) // 2]
    key = '"format"'
    return [
        ("empty", ""),
        ("whitespace", " \n\t "),
        ("truncated", head),
        ("trailing-garbage", valid_text + " }"),
        ("two-documents", valid_text + valid_text),
        ("duplicate-key", valid_text.replace(key, f'{key}: "x", {key}', 1)),
        ("nan", valid_text.replace("{", '{"nan": NaN, ', 1)),
        ("infinity", valid_text.replace("{", '{"inf": Infinity, ', 1)),
        ("minus-infinity", valid_text.replace("{", '{"inf": -Infinity, ', 1)),
        ("float-overflow", valid_text.replace("{", '{"big": 1e999, ', 1)),
        ("huge-int", valid_text.replace("{", '{"big": ' + HUGE_INT + ", ", 1)),
        ("huge-negative-int", valid_text.replace("{", '{"big": -' + HUGE_INT + ", ", 1)),
        ("huge-int-alone", HUGE_INT),
        ("deep-lists", "[" * 20_000 + "]" * 20_000),
        ("deep-objects", '{"a":' * 5_000 + "1" + "}" * 5_000),
        ("single-quotes", valid_text.replace('"', "'")),
        ("comment", "// a comment\n" + valid_text),
        ("bom-text", "\ufeff" + valid_text),
        ("bom-bytes", b"\xef\xbb\xbf" + valid_text.encode()),
        ("utf16", valid_text.encode("utf-16")),
        ("latin1", valid_text.replace("{", '{"é": 1, ', 1).encode("latin-1")),
        ("invalid-utf8", b"\xff\xfe\xfd" + valid_text.encode()),
        ("nul-bytes", b"\x00" * 64),
        ("control-char", valid_text.replace('"format"', '"for\x01mat"', 1)),
        ("lone-surrogate", valid_text.replace("{", '{"s": "\\ud800", ', 1)),
        ("array", "[]"),
        ("string", '"wisp-position/1"'),
        ("number", "1"),
        ("null", "null"),
        ("true", "true"),
        ("huge-string", json.dumps(LONG)),
    ]


def position_cases() -> list[tuple[str, Any]]:
    cases: list[tuple[str, Any]] = []
    for game in ("mini-wisp", "will-o-the-wisp", "black-widow", "waxing-moon", "mini-moon"):
        base = position_doc(game, 2)
        cases += [(f"{game}/format-{i}", dumps(mutate(base, ["format"], v)))
                  for i, v in enumerate(["wisp-position/2", "", None, 1, LONG, "wisp-solution/1"])]
        cases += [(f"{game}/missing-{k}", dumps(mutate(base, [k], None, delete=True)))
                  for k in ("format", "game", "tableau", "stock")]
        cases.append((f"{game}/unknown-field", dumps(mutate(base, ["extra"], 1))))
        cases.append((f"{game}/unknown-long-field", dumps(mutate(base, [LONG], 1))))
        cases += [(f"{game}/game-{i}", dumps(mutate(base, ["game"], v)))
                  for i, v in enumerate(["", "klondike", LONG, "Will-O-The-Wisp", *BAD_STRINGS])]
        cases += [(f"{game}/variant-{i}", dumps(mutate(base, ["variant"], v)))
                  for i, v in enumerate(["", "easy", LONG, " standard", *BAD_STRINGS])]
        cases += [(f"{game}/tableau-{i}", dumps(mutate(base, ["tableau"], v)))
                  for i, v in enumerate([None, {}, "t0", 1, [], [[]], [None], [{"down": [], "up": []}] * 80])]
        cases.append((f"{game}/pile-extra-key", dumps(mutate(base, ["tableau", 0, "left"], []))))
        cases.append((f"{game}/pile-missing-up", dumps(mutate(base, ["tableau", 0, "up"], None, delete=True))))
        cases.append((f"{game}/pile-down-not-list", dumps(mutate(base, ["tableau", 0, "down"], "AS"))))
        top = base["tableau"][0]["up"]
        cases.append((f"{game}/face-down-on-top", dumps(
            mutate(mutate(base, ["tableau", 0, "up"], []), ["tableau", 0, "down"], base["tableau"][0]["down"] + top))))
        for i, card in enumerate(BAD_CARDS):
            cases.append((f"{game}/bad-card-up-{i}", dumps(mutate(base, ["tableau", 0, "up", 0], card))))
        for i, card in enumerate(BAD_CARDS[:8]):
            if base["stock"]:
                cases.append((f"{game}/bad-card-stock-{i}", dumps(mutate(base, ["stock", 0], card))))
        stock = base["stock"] or base["tableau"][1]["up"]
        where = ["stock"] if base["stock"] else ["tableau", 1, "up"]
        cases.append((f"{game}/missing-card", dumps(mutate(base, where, stock[1:]))))
        cases.append((f"{game}/duplicate-card", dumps(mutate(base, where, [stock[0], *stock]))))
        cases.append((f"{game}/extra-card", dumps(mutate(base, where, [*stock, "AS", "AS", "AS"]))))
        cases += [(f"{game}/stock-{i}", dumps(mutate(base, ["stock"], v)))
                  for i, v in enumerate([None, "AS", {}, 1])]
        cases += [(f"{game}/waste-{i}", dumps(mutate(base, ["waste"], v))) for i, v in enumerate([None, "AS", {}])]
        cases += [(f"{game}/foundations-{i}", dumps(mutate(base, ["foundations"], v)))
                  for i, v in enumerate([None, "S", {}, [None], ["X"], [["AS"]] * 9, [LONG], [[LONG]]])]
    cases += [(f"json/{name}", text) for name, text in json_level_cases(dumps(position_doc()))]
    return cases


BAD_LOCATIONS: list[Any] = ["", "t", "T0", "t-1", "t01", "t 1", "t1 ", "f", "x3", "t٣", "tableau0", "foundation",
                            "t" + "9" * 50, LONG, None, 0, 1.5, True, [], {}, ["t0"]]
BAD_COUNTS: list[Any] = [0, -1, 1.5, True, False, "1", None, [], {}, 10**30, 2**63, 2**64, 1001]


def move_cases() -> list[tuple[str, Any]]:
    base = {"from": "t0", "to": "t1", "count": 1}
    cases: list[tuple[str, Any]] = []
    for i, loc in enumerate(BAD_LOCATIONS):
        cases.append((f"move/from-{i}", dumps(mutate(base, ["from"], loc))))
        cases.append((f"move/to-{i}", dumps(mutate(base, ["to"], loc))))
    for i, count in enumerate(BAD_COUNTS):
        cases.append((f"move/count-{i}", dumps(mutate(base, ["count"], count))))
    cases += [
        ("move/count-2-from-stock", dumps({"from": "stock", "to": "tableau", "count": 2})),
        ("move/count-2-to-foundation", dumps({"from": "t0", "to": "f0", "count": 2})),
        ("move/missing-from", dumps({"to": "t1"})),
        ("move/missing-to", dumps({"from": "t1"})),
        ("move/extra-field", dumps({"from": "t0", "to": "t1", "cards": 1})),
        ("move/huge-count-digits", '{"from": "t0", "to": "t1", "count": ' + HUGE_INT + "}"),
        ("move/array", dumps(["t0", "t1", 1])),
        ("move/string", dumps("t0 to t1")),
        ("move/null", "null"),
        ("move/duplicate-key", '{"from": "t0", "from": "t1", "to": "t2"}'),
    ]
    return cases


def solution_cases() -> list[tuple[str, Any]]:
    base = solution_doc()
    cases: list[tuple[str, Any]] = [
        ("solution/format", dumps(mutate(base, ["format"], "wisp-solution/2"))),
        ("solution/format-missing", dumps(mutate(base, ["format"], None, delete=True))),
        ("solution/position-missing", dumps(mutate(base, ["position"], None, delete=True))),
        ("solution/moves-missing", dumps(mutate(base, ["moves"], None, delete=True))),
        ("solution/extra", dumps(mutate(base, ["comment"], "hi"))),
        ("solution/moves-not-list", dumps(mutate(base, ["moves"], {"from": "t0", "to": "t1"}))),
        ("solution/moves-string", dumps(mutate(base, ["moves"], "t0t1"))),
        ("solution/position-null", dumps(mutate(base, ["position"], None))),
        ("solution/position-is-solution", dumps(mutate(base, ["position"], base))),
        ("solution/position-bad-card", dumps(mutate(base, ["position", "stock", 0], "KX"))),
        ("solution/position-game", dumps(mutate(base, ["position", "game"], "klondike"))),
        ("solution/position-variant-empty", dumps(mutate(base, ["position", "variant"], ""))),
    ]
    for i, loc in enumerate(BAD_LOCATIONS[::2]):
        cases.append((f"solution/move-from-{i}", dumps(mutate(base, ["moves", 0], {"from": loc, "to": "t0"}))))
    for i, count in enumerate(BAD_COUNTS[::2]):
        cases.append((f"solution/move-count-{i}",
                      dumps(mutate(base, ["moves", 0], {"from": "t0", "to": "t1", "count": count}))))
    cases.append(("solution/many-bad-moves", dumps(mutate(base, ["moves"], [{"from": "t0"}] * 10_000))))
    cases += [(f"solution/json/{name}", text) for name, text in json_level_cases(dumps(base))[:12]]
    return cases


def trace_cases() -> list[tuple[str, Any]]:
    base = trace_doc()
    n = len(base["events"])
    cases: list[tuple[str, Any]] = [
        ("trace/format", dumps(mutate(base, ["format"], "wisp-trace/2"))),
        ("trace/not-object", dumps([base])),
        ("trace/extra", dumps(mutate(base, ["extra"], 1))),
        ("trace/algorithm-number", dumps(mutate(base, ["algorithm"], 3))),
        ("trace/algorithm-long", dumps(mutate(base, ["algorithm"], LONG))),
        ("trace/algorithm-empty", dumps(mutate(base, ["algorithm"], ""))),
        ("trace/options-list", dumps(mutate(base, ["options"], []))),
        ("trace/options-string", dumps(mutate(base, ["options"], "dfs"))),
        ("trace/kinds-numbers", dumps(mutate(base, ["kinds"], [1, 2]))),
        ("trace/start-null", dumps(mutate(base, ["start"], None))),
        ("trace/start-bad-card", dumps(mutate(base, ["start", "stock", 0], "KX"))),
        ("trace/moves-string", dumps(mutate(base, ["moves"], "t0"))),
        ("trace/move-bad", dumps(mutate(base, ["moves", 0], {"from": "tableau", "to": 3}))),
        ("trace/rules-number", dumps(mutate(base, ["rules"], 7))),
        ("trace/rule-number", dumps(mutate(base, ["rules"], [7]))),
        ("trace/events-object", dumps(mutate(base, ["events"], {}))),
        ("trace/event-short", dumps(mutate(base, ["events", 0], [0, 0, -1]))),
        ("trace/event-long", dumps(mutate(base, ["events", 0], [0] * 11))),
        ("trace/event-string", dumps(mutate(base, ["events", 0], "0,0,-1"))),
        ("trace/event-float", dumps(mutate(base, ["events", 0, 4], 1.5))),
        ("trace/event-bool", dumps(mutate(base, ["events", 0, 0], True))),
        ("trace/event-null", dumps(mutate(base, ["events", 0, 1], None))),
        ("trace/event-huge", dumps(mutate(base, ["events", 0, 7], 10**30))),
        ("trace/event-huge-digits", dumps(base).replace('"events": [[0', '"events": [[' + HUGE_INT, 1)),
        ("trace/kind-high", dumps(mutate(base, ["events", 1, 0], 99))),
        ("trace/kind-negative", dumps(mutate(base, ["events", 1, 0], -1))),
        ("trace/move-index-high", dumps(mutate(base, ["events", 2, 3], len(base["moves"])))),
        ("trace/move-index-negative", dumps(mutate(base, ["events", 2, 3], -2))),
        ("trace/rule-index-high", dumps(mutate(base, ["events", 2, 9], len(base["rules"])))),
        ("trace/node-negative", dumps(mutate(base, ["events", 2, 1], -5))),
        ("trace/parent-self", dumps(mutate(base, ["events", 2, 2], base["events"][2][1]))),
        ("trace/parent-later", dumps(mutate(base, ["events", 2, 2], n + 100))),
        ("trace/parent-cycle", dumps(mutate(mutate(base, ["events"], [
            [0, 0, -1, -1, 0, 0, 0, 1, 0, -1], [0, 1, 2, 0, 1, 1, 0, 2, 0, -1], [0, 2, 1, 0, 2, 2, 0, 3, 0, -1],
            [1, 2, -1, -1, 2, 2, 0, 2, 1, -1]]), ["moves"], base["moves"][:1]))),
    ]
    cases += [(f"trace/missing-{k}", dumps(mutate(base, [k], None, delete=True)))
              for k in ("format", "algorithm", "start", "moves", "rules", "events")]
    cases += [(f"trace/json/{name}", text) for name, text in json_level_cases(dumps(base))[:10]]
    return cases


def format_cases() -> list[dict[str, Any]]:
    groups = {"position": position_cases(), "move": move_cases(), "solution": solution_cases(),
              "trace": trace_cases()}
    result = []
    for reader, cases in groups.items():
        for name, text in cases:
            case: dict[str, Any] = {"id": f"{reader}:{name}", "reader": reader}
            if isinstance(text, bytes):
                case["bytes"] = base64.b64encode(text).decode()
            else:
                case["text"] = text
            result.append(case)
    return result


# ---------------------------------------------------------------------------------------------
# command lines


def cli_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    position = dumps(position_doc("mini-wisp", 2))
    solution = dumps(solution_doc("mini-wisp", 2))

    def add(name: str, argv: list[str], status: int = 2, says: str | None = "", files: dict | None = None,
            stdin: str | None = None, stdout: str = "pipe") -> None:
        case: dict[str, Any] = {"id": f"cli:{name}", "argv": argv, "status": status, "stdin": stdin,
                                "stdout": stdout, "files": files or {}}
        if says is not None:
            case["says"] = says
        cases.append(case)

    pos = {"p.json": position}
    # usage
    add("no-command", [], says="give a command: deal, show")
    add("unknown-command", ["frobnicate"], says="invalid choice")
    add("unknown-command-long", [LONG], says="invalid choice")
    for command in ("deal", "show", "check", "perft", "solve", "study"):
        add(f"{command}/unknown-option", [command, "--frobnicate"])
        add(f"{command}/no-arguments", [command])
    add("deal/extra-argument", ["deal", "mini-wisp", "extra"], says="unrecognized")
    add("deal/seed-and-daily", ["deal", "mini-wisp", "--seed", "3", "--daily", "2024-01-01"], says="not allowed")

    # numbers
    bad_ints = ["", " ", "x", "1e3", "0x10", "1_000", "１２", "٣", "1.5", "+-1", "1 2", "--1", HUGE_INT,
                "-" + HUGE_INT, str(2**64 + 500_000), str(2**63), str(-2**63), "nan", "inf"]
    budgets = [*bad_ints, "0", "-1", "50000001", str(2**63 - 1)]
    for i, value in enumerate(budgets):
        add(f"solve/max-positions-{i}", ["solve", "{file:p.json}", f"--max-positions={value}"], files=pos)
        if i % 3 == 0 or i >= len(bad_ints):
            add(f"study/max-positions-{i}", ["study", "mini-wisp", "--deals", "1-2", f"--max-positions={value}"])
    seconds = ["0", "-1", "-0", "nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e309", "604801", "", "x",
               "1,5", "1" * 100, "0x1p3", "½"]
    for i, value in enumerate(seconds):
        add(f"solve/time-limit-{i}", ["solve", "{file:p.json}", f"--time-limit={value}"], files=pos)
        if i % 3 == 0:
            add(f"study/time-limit-{i}", ["study", "mini-wisp", "--deals", "1-2", f"--time-limit={value}"])
    for i, value in enumerate([*bad_ints, "-1", "65", str(10**22)]):
        add(f"perft/depth-{i}", ["perft", "{file:p.json}", f"--depth={value}"], files=pos)
    for i, value in enumerate([*bad_ints[::3], "0", "-1", "257", "100000"]):
        add(f"study/workers-{i}", ["study", "mini-wisp", "--deals", "1-2", f"--workers={value}"])
    for i, value in enumerate([*[v for v in bad_ints if v != str(2**63)], "-1", str(2**64), str(2**64 + 1)]):
        add(f"deal/seed-{i}", ["deal", "mini-wisp", f"--seed={value}"])
    deals = ["", "x", "1-", "-", "-5", "5-1", "1-2-3", "1..5", "1,2", "a-b", "1-1000000000000", f"0-{2**64}",
             f"{2**64}-{2**64}", HUGE_INT, f"1-{HUGE_INT}", "1 - 5", "１-２", "0-10000000"]
    for i, value in enumerate(deals):
        add(f"study/deals-{i}", ["study", "mini-wisp", f"--deals={value}"])
    dates = ["", "someday", "20200101", "2020-W01-1", "2020-001", "2020-02-30", "2020-13-01", "0000-01-01",
             "2020-1-1", " 2020-01-01", "2020-01-01T00:00", "2020-01-01 ", "TODAY", "yesterday", "99999-01-01",
             "２０２０-０１-０１", LONG]
    for i, value in enumerate(dates):
        add(f"deal/daily-{i}", ["deal", "mini-wisp", f"--daily={value}"], says="not a date" if value else "")

    # names
    games = ["", " ", "klondike", "Will-O-The-Wisp", "will-o-the-wisp ", "../../etc/passwd", "mini_wisp", LONG,
             "wisp\u202e", "-", "spider/standard"]
    for i, value in enumerate(games):
        add(f"deal/game-{i}", ["deal", value])
        if i % 2 == 0:
            add(f"study/game-{i}", ["study", value, "--deals", "1-2"])
    variants = ["", " ", "easy", "Relaxed", "standard ", LONG, "\t"]
    for i, value in enumerate(variants):
        add(f"deal/variant-{i}", ["deal", "will-o-the-wisp", f"--variant={value}"])
        add(f"study/variant-{i}", ["study", "will-o-the-wisp", "--deals", "1-2", f"--variant={value}"])
    add("study/player", ["study", "mini-wisp", "--deals", "1-2", "--player", "cheater"], says="invalid choice")
    add("study/executor", ["study", "mini-wisp", "--deals", "1-2", "--executor", "slurm"], says="invalid choice")

    # input files
    special = [("missing", "/no/such/file.json", "cannot read"), ("folder", "{tmp}", "cannot read"),
               ("dev-null", "/dev/null", "not valid JSON"), ("dev-zero", "/dev/zero", "larger than 64 MiB"),
               ("missing-folder", "/no/such/folder/", "cannot read"),
               ("long-name", "/tmp/" + "n" * 5000, "cannot read")]
    for command in ("show", "check", "perft", "solve"):
        extra = ["--depth", "1"] if command == "perft" else []
        for name, path, says in special if command in ("show", "check") else special[:4]:
            add(f"{command}/{name}", [command, path, *extra], says=says)
        add(f"{command}/stdin-closed", [command, "-", *extra], stdin="closed", says="standard input is closed")
        add(f"{command}/stdin-empty", [command, "-", *extra], stdin="", says="not valid JSON")
        add(f"{command}/stdin-garbage", [command, "-", *extra], stdin="\x00garbage{", says="")
    readers = {"position": ["show", "perft", "solve"], "solution": ["check"]}
    docs = format_cases()
    picked = [c for c in docs if c["reader"] == "position"][::15] + [c for c in docs if c["reader"] == "solution"][::5]
    for case in picked:
        for command in readers[case["reader"]]:
            extra = ["--depth", "1"] if command == "perft" else []
            files = {"in.json": {k: case[k] for k in ("text", "bytes") if k in case}}
            add(f"{command}/{case['id']}", [command, "{file:in.json}", *extra], files=files)
    add("check/position-not-solution", ["check", "{file:p.json}"], files=pos)
    add("show/solution-not-position", ["show", "{file:s.json}"], files={"s.json": solution})
    # a readable solution with an illegal move: exit 1, nothing on standard error
    bad_line = json.loads(solution)
    bad_line["moves"] = [{"from": "t0", "to": "t0", "count": 1}]
    add("check/illegal-move", ["check", "{file:s.json}"], status=1, says=None, files={"s.json": dumps(bad_line)})
    add("check/tableau-source", ["check", "{file:s.json}"], status=1, says=None,
        files={"s.json": dumps({**bad_line, "moves": [{"from": "tableau", "to": "t0"}]})})

    # outputs
    for command, argv in (("deal", ["deal", "mini-wisp"]), ("show", ["show", "{file:p.json}"]),
                          ("solve", ["solve", "{file:p.json}"]), ("perft", ["perft", "{file:p.json}", "--depth", "2"]),
                          ("check", ["check", "{file:s.json}"])):
        files = {"p.json": position, "s.json": solution}
        add(f"{command}/stdout-full", argv, status=3, says="cannot write the output", files=files, stdout="full")
        add(f"{command}/stdout-closed", argv, status=3, says="cannot write the output", files=files, stdout="closed")
    study = ["study", "mini-wisp", "--deals", "1-3", "--quiet"]
    add("study/stdout-full", study, status=3, says="No space left", stdout="full")
    add("study/executor-dask-no-scheduler", [*study, "--executor", "dask"], says="needs --scheduler")
    add("study/scheduler-without-dask", [*study, "--scheduler", "tcp://127.0.0.1:9"], says="only used with")
    add("study/scheduler-unreachable", [*study, "--executor", "dask", "--scheduler", "tcp://127.0.0.1:9"],
        status=4, says="cannot reach the Dask scheduler")
    add("study/scheduler-nonsense", [*study, "--executor", "dask", "--scheduler", LONG], status=4,
        says="cannot reach the Dask scheduler")
    add("study/output-missing-folder", [*study, "--output", "/no/such/folder/out.jsonl"], says="does not exist")
    add("study/output-folder", [*study, "--output", "{tmp}"], says="is a folder")
    add("study/output-empty-name", [*study, "--output="], says="not a file name")
    add("study/output-dev-full", [*study, "--output", "/dev/full"], status=3, says="No space left")
    add("study/summary-missing-folder", [*study, "--summary-json", "/no/such/folder/s.json"], says="does not exist")
    add("study/summary-folder", [*study, "--summary-json", "{tmp}"], says="is a folder")
    add("study/summary-is-output", [*study, "--output", "{tmp}/a.jsonl", "--summary-json", "{tmp}/a.jsonl"],
        says="same file")
    add("study/summary-is-output-relative", [*study, "--output", "{tmp}/a.jsonl", "--summary-json",
                                             "{tmp}/./a.jsonl"], says="same file")
    add("study/resume-without-output", [*study, "--resume"], says="--resume needs --output")
    add("study/resume-other-study", ["study", "black-widow", "--deals", "1-3", "--quiet", "--resume", "--output",
                                     "{file:old.jsonl}"],
        files={"old.jsonl": dumps({"game": "mini-wisp", "variant": "standard", "seed": 1, "result": "won",
                                   "positions": 3, "seconds": 0.1, "moves": 9}) + "\n"}, says="mini-wisp")
    return cases


# ---------------------------------------------------------------------------------------------
# the widget protocol


KERNEL_TRAITS: dict[str, list[Any]] = {
    "reveal": [True, 1, "yes"],
    "version": [999, -1, 0, 10**30],
    "won": [True],
    "moves": [0, 999, -1],
    "table": [{}, {"piles": []}, {"hidden": ["AS"]}],
    "verdict": ["won", "Winnable (proved)", LONG],
    "status": ["You won!", ""],
    "message": [{"kind": "info", "text": "hello"}, {}],
    "hint_move": [{"from": "t0", "to": "t1"}, {}],
}


def widget_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []

    def msg(name: str, content: Any) -> None:
        cases.append({"id": f"widget:message:{name}", "message": content})

    for i, content in enumerate([None, [], "click", 1, True, ["click"], [{"type": "click"}]]):
        msg(f"not-an-object-{i}", content)
    for i, kind in enumerate([["click"], {}, None, 1, True, 1.5, "", "Click", "nope", LONG, "__init__",
                              "_handle", "to_json"]):
        msg(f"type-{i}", {"type": kind, "version": "$v"})
    msg("missing-type", {"pile": "t0", "version": "$v"})
    for i, pile in enumerate([*BAD_LOCATIONS, "t999", "tableau", "stock!", "f9"]):
        msg(f"click-pile-{i}", {"type": "click", "pile": pile, "count": 1, "version": "$v"})
    for i, count in enumerate([*BAD_COUNTS, 999]):
        msg(f"click-count-{i}", {"type": "click", "pile": "t0", "count": count, "version": "$v"})
    for i, version in enumerate(["$v-1", "$v+1", -1, 10**30, 2**63, "0", True, None, 1.0, [], {}]):
        msg(f"click-version-{i}", {"type": "click", "pile": "t0", "count": 1, "version": version})
        msg(f"deal-version-{i}", {"type": "deal", "version": version})
        msg(f"undo-version-{i}", {"type": "undo", "version": version})
    msg("click-no-version", {"type": "click", "pile": "t0", "count": 1})
    msg("click-extra-field", {"type": "click", "pile": "t0", "count": 1, "version": "$v", "cheat": True})
    msg("click-long-field", {"type": "click", "pile": "t0", "count": 1, "version": "$v", LONG: 1})
    for i, (source, target) in enumerate([("tableau", "t0"), ("t0", "t0"), ("t999", "t0"), ("t0", "stock"),
                                          ("stock", "t0"), (None, "t1"), ("t0", 3), (LONG, "t1"), ("f0", "f1"),
                                          ("waste", "t0")]):
        msg(f"move-{i}", {"type": "move", "from": source, "to": target, "count": 1, "version": "$v"})
    for i, count in enumerate(BAD_COUNTS):
        msg(f"move-count-{i}", {"type": "move", "from": "t0", "to": "t1", "count": count, "version": "$v"})
    msg("undo-with-nothing-to-undo", {"type": "undo", "version": "$v"})
    msg("redo-with-nothing-to-redo", {"type": "redo", "version": "$v"})
    for i, fields in enumerate([{"seed": -1}, {"seed": 2**64}, {"seed": 10**30}, {"seed": "-3"}, {"seed": 1.5},
                                {"seed": True}, {"seed": "18446744073709551616"}, {"seed": "1" * 41},
                                {"seed": "1.5"}, {"seed": " 3"}, {"seed": "３"}, {"seed": ""}, {"game": "klondike"},
                                {"game": LONG}, {"game": ""}, {"game": 3},
                                {"variant": ""}, {"variant": "easy"}, {"variant": LONG}, {"winnable": "yes"},
                                {"winnable": 1}, {"extra": 1}]):
        msg(f"new-deal-{i}", {"type": "new_deal", **fields})
    for kind in ("hint", "fair_hint", "restart", "daily", "solve", "watch", "stop"):
        msg(f"{kind}-extra-field", {"type": kind, "extra": 1})
        msg(f"{kind}-version-field", {"type": kind, "version": "$v", "pile": "t0"})
    for trait, values in KERNEL_TRAITS.items():
        for i, value in enumerate(values):
            cases.append({"id": f"widget:state:{trait}-{i}", "state": {trait: value}})
    cases.append({"id": "widget:state:everything", "state": {k: v[0] for k, v in KERNEL_TRAITS.items()}})
    cases.append({"id": "widget:state:reveal-and-message", "state": {"reveal": True, "message": {"kind": "error"}}})
    return cases


# ---------------------------------------------------------------------------------------------


def write(name: str, cases: list[dict[str, Any]]) -> None:
    ids = [c["id"] for c in cases]
    duplicates = {i for i in ids if ids.count(i) > 1}
    assert not duplicates, duplicates
    lines = "".join(json.dumps(case, ensure_ascii=True, sort_keys=True) + "\n" for case in cases)
    (OUT / name).write_text(lines, encoding="utf-8")


def build() -> dict[str, list[dict[str, Any]]]:
    """Every case, by file name."""
    return {"formats.jsonl": format_cases(), "cli.jsonl": cli_cases(), "widget.jsonl": widget_cases()}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, cases in build().items():
        write(name, cases)
        total += len(cases)
        print(f"{name}: {len(cases)} cases")
    print(f"{total} cases in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
