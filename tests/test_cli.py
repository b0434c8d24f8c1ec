"""The ``wispwidget`` command line: outputs, exit statuses, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from wispwidget import DEAL, Move, deal
from wispwidget.cli import main
from wispwidget.io.formats import position_to_dict, read_position, write_position, write_solution


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        import io

        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_deal_prints_a_valid_position_same_every_time(capsys):
    status, out, err = run(capsys, "deal", "will-o-the-wisp", "--seed", "7")
    assert status == 0 and err == ""
    assert read_position(out) == deal("will-o-the-wisp", 7).position()
    assert run(capsys, "deal", "will-o-the-wisp", "--seed", "7")[1] == out


def test_no_command_names_the_commands(capsys):
    from wispwidget.cli import COMMANDS, build_parser

    status, _out, err = run(capsys)
    assert status == 2 and err.count("\n") == 1 and all(name in err for name in COMMANDS)
    assert set(build_parser()._subparsers._group_actions[0].choices) == set(COMMANDS)


def test_a_deal_number_chosen_by_the_command_is_said(capsys):
    status, out, err = run(capsys, "deal", "will-o-the-wisp", "--seed", "2", "--winnable")
    seed = int(err.removeprefix("deal ").strip())
    assert status == 0 and seed >= 2 and read_position(out) == deal("will-o-the-wisp", seed).position()


def test_deal_variant_and_daily(capsys):
    status, out, _ = run(capsys, "deal", "will-o-the-wisp", "--variant", "relaxed", "--seed", "3", "--compact")
    assert status == 0 and json.loads(out)["variant"] == "relaxed" and out.count("\n") == 1


@pytest.mark.parametrize(("argv", "pattern"), [
    (["deal", "klondike"], "unknown game 'klondike'"),
    (["deal", "will-o-the-wisp", "--variant", "easy"], "no variant 'easy'"),
    (["deal", "will-o-the-wisp", "--seed", "-3"], "deal number"),
    (["deal", "will-o-the-wisp", "--seed", "x"], "must be a whole number"),
    (["deal", "will-o-the-wisp", "--daily", "someday"], "not a date"),
    (["frobnicate"], "invalid choice"),
    (["show", "/no/such/file.json"], "cannot read"),
    (["perft", "/no/such/file.json", "--depth", "2"], "cannot read"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, pattern):
    status, _out, err = run(capsys, *argv)
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("wispwidget") and pattern in err
    assert "Traceback" not in err


def test_show_draws_hidden_cards_as_hashes(capsys, tmp_path):
    path = tmp_path / "p.json"
    position = deal("will-o-the-wisp", 1).position()
    path.write_text(write_position(position))
    status, out, _ = run(capsys, "show", str(path))
    assert status == 0 and "##" in out and "7d" not in out and "4D" in out
    assert out.splitlines()[2].split() == ["1", "2", "3", "4", "5", "6", "7"]  # piles numbered as the table says
    status, out, _ = run(capsys, "show", str(path), "--reveal")
    assert "7d" in out


def test_show_bad_position_names_the_place(capsys, tmp_path):
    path = tmp_path / "p.json"
    doc = position_to_dict(deal("will-o-the-wisp", 1).position())
    doc["stock"][2] = "ZZ"
    path.write_text(json.dumps(doc))
    status, _, err = run(capsys, "show", str(path))
    assert status == 2 and "stock[2]" in err and "'ZZ'" in err


def test_perft_from_stdin(capsys, monkeypatch):
    text = write_position(deal("will-o-the-wisp", 1).position())
    status, out, _ = run(capsys, "perft", "-", "--depth", "4", stdin=text, monkeypatch=monkeypatch)
    assert status == 0 and out.strip() == "109"


def check(capsys, tmp_path, text):
    path = tmp_path / "s.json"
    path.write_text(text)
    status, out, err = run(capsys, "check", str(path))
    return status, json.loads(out), err


def test_check_valid_but_not_won_is_exit_1(capsys, tmp_path):
    position = deal("will-o-the-wisp", 1).position()
    status, result, err = check(capsys, tmp_path, write_solution(position, [DEAL, DEAL]))
    assert status == 1 and result["valid"] and not result["won"] and result["moves"] == 2
    # no error: the spec's error with a null move means a file not read (it said so of a valid one)
    assert "error" not in result
    assert err.endswith("s.json: the moves are legal, but the game is not won after its 2 moves\n"), err


def test_check_names_the_first_illegal_move(capsys, tmp_path):
    position = deal("will-o-the-wisp", 1).position()
    status, result, _ = check(capsys, tmp_path, write_solution(position, [DEAL, Move("t0", "t0"), DEAL]))
    assert status == 1 and result["valid"] is False
    assert result["error"]["move"] == 1 and result["moves"] == 1
    assert "onto itself" in result["error"]["reason"]


def test_check_won_solution_is_exit_0(capsys, tmp_path):
    from .helpers import position, suit_run

    start = position("will-o-the-wisp", piles=[f"| {suit_run('S', 13, 2)}", "| AS"], finished="C D H")
    status, result, _ = check(capsys, tmp_path, write_solution(start, [Move("t1", "t0")]))
    assert status == 0 and result == {"format": "wisp-check/1", "valid": True, "won": True, "moves": 1}


@pytest.mark.parametrize("text", ["{not json", '{"format": "wisp-solution/9", "position": {}, "moves": []}', "[]"])
def test_check_unreadable_is_exit_2_with_null_move(capsys, tmp_path, text):
    status, result, err = check(capsys, tmp_path, text)
    assert status == 2 and result["valid"] is False and result["error"]["move"] is None
    assert err.count("\n") == 1


def test_real_process_never_prints_a_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe not utf8")
    for argv in (["show", str(bad)], ["check", str(bad)], ["deal", "nope"], ["perft", str(bad), "--depth", "1"]):
        proc = subprocess.run([sys.executable, "-m", "wispwidget", *argv], capture_output=True, text=True)
        assert proc.returncode == 2, argv
        assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr


@pytest.mark.parametrize("argv", [["study", "will-o-the-wisp", "--deals", "1-12", "--quiet"],
                                  ["study", "will-o-the-wisp", "--deals", "1-12", "--quiet", "--workers", "2"],
                                  ["study", "will-o-the-wisp", "--deals", "1-12", "--quiet", "--player", "heuristic"]])
def test_a_reader_that_goes_away_stops_a_study_quietly(argv):
    """`wispwidget study ... | head -1`: the study stops with status 0 and says nothing (it said "a worker failed:
    BrokenPipeError", status 4)."""
    proc = subprocess.Popen([sys.executable, "-m", "wispwidget", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith(b'{"game"')
    proc.stdout.close()  # as head does after its line
    err = proc.stderr.read().decode()
    assert proc.wait(120) == 0, err
    assert err == ""


def test_in_a_terminal_the_json_lines_never_share_a_line_with_the_progress_bar():
    import os
    import pty

    main_fd, side = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "wispwidget", "study", "micro-wisp", "--deals", "1-6"],
                            stdout=side, stderr=side, stdin=subprocess.DEVNULL)
    os.close(side)
    chunks = []
    while True:
        try:
            chunk = os.read(main_fd, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    assert proc.wait(60) == 0
    os.close(main_fd)
    lines = b"".join(chunks).decode().replace("\r\n", "\n").split("\n")
    records = [line for line in lines if '"seed"' in line]
    assert len(records) == 6 and all(line.startswith("{") for line in records)  # nothing drawn before them
    assert not any("deals," in line and "elapsed" in line for line in lines)  # the lines are the progress


def test_the_study_help_explains_every_option_and_no_peek_budget_is_noted(capsys):
    import argparse

    from wispwidget.cli import build_parser

    parser = build_parser()
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    study = commands.choices["study"]
    undescribed = [a.dest for a in study._actions if not a.help]
    assert undescribed == [], undescribed
    player = next(a for a in study._actions if a.dest == "player")
    assert player.help.startswith("who plays: thoughtful") and "no-peek (the planner" in player.help
    status, _, err = run(capsys, "study", "micro-wisp", "--deals", "1-1", "--player", "no-peek",
                         "--max-positions", "5000", "--quiet")
    assert status == 0 and "no-peek player solves the rest of the game in at most --max-positions (5,000)" in err
    status, _, err = run(capsys, "study", "micro-wisp", "--deals", "1-1", "--player", "no-peek", "--quiet")
    assert status == 0 and "note:" not in err


def test_solve_writes_a_solution_that_check_replays_and_keeps_an_old_one_when_it_finds_none(capsys, tmp_path):
    deal_file, solution = tmp_path / "deal.json", tmp_path / "solution.json"
    deal_file.write_text(write_position(deal("micro-wisp", 1).position()))
    status, out, _ = run(capsys, "solve", str(deal_file), "--solution", str(solution))
    assert status == 0 and '"won"' in out
    status, out, _ = run(capsys, "check", str(solution))
    assert status == 0 and json.loads(out)["valid"] is True and json.loads(out)["won"] is True
    before = solution.read_text()
    status, _, err = run(capsys, "solve", str(deal_file), "--max-positions", "1", "--solution", str(solution))
    assert status == 0 and "was not written" in err and solution.read_text() == before
    status, _, err = run(capsys, "solve", str(deal_file), "--solution", str(tmp_path / "no" / "such" / "x.json"))
    assert status == 2 and "--solution" in err  # checked before any work


def test_a_run_stopped_mid_bar_says_so_on_a_line_of_its_own(capsys, monkeypatch, tmp_path):
    """The last word of a failed run started at the end of the progress bar's line ("…~11s left wispwidget:
    interrupted")."""
    from wispwidget.studies import study as study_module

    real, seen = study_module.run_job, []

    def stopped_at_the_third(job):
        seen.append(job.seed)
        if len(seen) == 3:
            raise KeyboardInterrupt
        return real(job)

    monkeypatch.setattr(study_module, "run_job", stopped_at_the_third)
    from wispwidget import cli

    monkeypatch.setattr(cli, "_lines_share_the_terminal", lambda output: False)  # draw the bar, as in a terminal
    status = main(["study", "mini-wisp", "--deals", "1-6", "--output", str(tmp_path / "x.jsonl")])
    err = capsys.readouterr().err
    assert status == 130
    last = err.split("\n")[-2]
    assert last.startswith("wispwidget: interrupted") and "deals," in err  # the bar was drawn, then a new line


def test_an_unknown_option_is_refused_with_the_one_likely_meant(capsys):
    """A teacher typed `study ... --json`: "unrecognized arguments: --json", and nothing said the option is
    --summary-json."""
    status, out, err = run(capsys, "study", "mini-wisp", "--deals", "1-2", "--json")
    assert status == 2 and out == ""
    assert err.strip() == ("wispwidget: study: unrecognized arguments: --json (did you mean --summary-json?) "
                           "(wispwidget study --help lists them)")
    status, _, err = run(capsys, "study", "mini-wisp", "--deals", "1-2", "--max-positons", "5", "stray")
    assert status == 2 and "--max-positons (did you mean --max-positions?) 5 stray (wispwidget" in err
    assert err.count("\n") == 1  # one line


def test_version(capsys):
    """``wispwidget --version`` said "give a command"."""
    import wispwidget

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out == f"wispwidget {wispwidget.__version__}\n"
