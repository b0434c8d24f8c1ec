"""The hostile-input corpus (tests/hostile/, written by scripts/make_hostile_corpus.py).

Command lines run for real, in subprocesses with a timeout: no traceback, no hang, no signal, the documented
exit status, and for errors exactly one line on standard error starting ``wispwidget: ``. Documents go to the
readers: each is refused with a ``FormatError`` whose message is one line.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from wispwidget import FormatError
from wispwidget.io.formats import load_json, move_from_dict, read_position, read_solution
from wispwidget.search.trace import Trace

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "hostile"
CASE_SECONDS = 60


def load(name: str) -> list[dict]:
    return [json.loads(line) for line in (CORPUS / name).read_text(encoding="utf-8").splitlines()]


def test_the_corpus_is_current_and_large_enough():
    spec = importlib.util.spec_from_file_location("make_hostile_corpus", ROOT / "scripts" / "make_hostile_corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    built = module.build()
    for name, cases in built.items():
        assert load(name) == json.loads(json.dumps(cases)), f"{name} is stale: run scripts/make_hostile_corpus.py"
    assert sum(len(cases) for cases in built.values()) >= 400
    commands = {case["argv"][0] for case in built["cli.jsonl"] if case["argv"]}
    assert commands >= {"deal", "show", "check", "perft", "solve", "study"}
    assert {case["reader"] for case in built["formats.jsonl"]} == {"position", "move", "solution", "trace"}


# -- documents -------------------------------------------------------------------------------------


READERS = {
    "position": read_position,
    "move": lambda text: move_from_dict(load_json(text)),
    "solution": read_solution,
    "trace": Trace.from_json,
}


def document(case: dict) -> str | bytes:
    return base64.b64decode(case["bytes"]) if "bytes" in case else case["text"]


@pytest.mark.parametrize("case", load("formats.jsonl"), ids=lambda c: c["id"])
def test_every_hostile_document_is_a_one_line_format_error(case):
    with pytest.raises(FormatError) as caught:
        READERS[case["reader"]](document(case))
    message = str(caught.value)
    assert message and "\n" not in message and len(message) < 400, message


def test_solution_documents_give_a_check_result_not_an_exception():
    from wispwidget.io.check import check_solution_text

    for case in load("formats.jsonl"):
        if case["reader"] == "solution":
            result = check_solution_text(document(case))
            assert result["valid"] is False and result["error"]["move"] is None, case["id"]


# -- command lines ---------------------------------------------------------------------------------


def run_case(case: dict, tmp: Path) -> dict:
    folder = tmp / case["id"].replace("/", "_").replace(":", "_")[:80]
    folder.mkdir(parents=True)
    paths = {}
    for name, content in case["files"].items():
        path = folder / name
        if isinstance(content, dict):
            path.write_bytes(base64.b64decode(content["bytes"]) if "bytes" in content else content["text"].encode())
        else:
            path.write_text(content, encoding="utf-8")
        paths[name] = str(path)
    argv = []
    for arg in case["argv"]:
        for name, path in paths.items():
            arg = arg.replace(f"{{file:{name}}}", path)
        argv.append(arg.replace("{tmp}", str(folder)))
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    command = [sys.executable, "-m", "wispwidget", *argv]
    stdin: int | None = subprocess.PIPE
    stdout: int | object = subprocess.PIPE
    closers: list = []
    if case["stdin"] == "closed":
        stdin = None
    if case["stdout"] == "full":
        handle = open("/dev/full", "wb")  # noqa: SIM115
        closers.append(handle)
        stdout = handle
    pass_fds = ()
    preexec = None
    if case["stdin"] == "closed" or case["stdout"] == "closed":
        closing = [fd for fd, wanted in ((0, case["stdin"] == "closed"), (1, case["stdout"] == "closed")) if wanted]

        def preexec() -> None:
            for fd in closing:
                os.close(fd)

    try:
        proc = subprocess.Popen(command, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, cwd=folder, env=env,
                                preexec_fn=preexec, pass_fds=pass_fds, start_new_session=True)
        data = None if case["stdin"] in (None, "closed") else case["stdin"].encode("utf-8", "surrogatepass")
        try:
            _out, err = proc.communicate(data, timeout=CASE_SECONDS)
            hung = False
        except subprocess.TimeoutExpired:
            proc.kill()
            _out, err = proc.communicate()
            hung = True
    finally:
        for handle in closers:
            handle.close()
    return {"status": proc.returncode, "stderr": err.decode("utf-8", "replace"), "hung": hung}


CLI_CASES = load("cli.jsonl")


@pytest.fixture(scope="module")
def cli_results(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("hostile")
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda case: run_case(case, tmp), CLI_CASES))
    return {case["id"]: result for case, result in zip(CLI_CASES, results)}


def test_the_corpus_gives_no_tracebacks_no_hangs_no_signals(cli_results):
    tracebacks = [k for k, r in cli_results.items() if "Traceback" in r["stderr"]]
    hangs = [k for k, r in cli_results.items() if r["hung"]]
    signals = [k for k, r in cli_results.items() if r["status"] is not None and r["status"] < 0]
    assert (tracebacks, hangs, signals) == ([], [], [])


@pytest.mark.parametrize("case", CLI_CASES, ids=lambda c: c["id"])
def test_every_hostile_command_line_fails_in_one_line(cli_results, case):
    result = cli_results[case["id"]]
    err = result["stderr"]
    assert not result["hung"] and "Traceback" not in err
    assert result["status"] == case["status"], err
    if "says" not in case:  # a documented non-error outcome (check: exit 1, the result on stdout)
        assert err == ""
        return
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith("wispwidget: ") and len(err) < 420, err
    assert case["says"] in err, err
