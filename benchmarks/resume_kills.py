"""Kill ``study --resume`` with SIGKILL at random moments and count the finished deals left on disk.

Run: ``python benchmarks/resume_kills.py [--kills 30] [--deals 20000] [--seed 1]``.

An earlier run's ``FILE.partial`` holds ``--deals`` finished Mini Wisp deals (one real line, renumbered). Each
cycle starts ``wispwidget study mini-wisp --deals 1-N+100 --output FILE --resume`` and kills it after a random
delay, spread over its start, its rewrite of the kept lines and its first new deals; then it counts the deals
``FILE`` and ``FILE.partial`` hold between them. Target: 0 lost over every kill (the rewrite goes through a
synced temporary file, ``.FILE.partial.*.tmp``, and a rename; before, it truncated ``FILE.partial`` and lost up
to 14,607 of 20,000).
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wispwidget.studies.study import finished_seeds

ROOT = Path(__file__).resolve().parent.parent


def study_line(seed: int) -> str:
    """A real study line of Mini Wisp deal 1, renumbered (a study line for deal ``seed``)."""
    command = [sys.executable, "-m", "wispwidget", "study", "mini-wisp", "--deals", "1-1", "--quiet"]
    line = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT).stdout.splitlines()[0]
    record = json.loads(line)
    record["seed"] = seed
    return json.dumps(record)


def _temporaries(partial: Path) -> list[Path]:
    """The temporary files a resumed run's rewrite of ``partial`` makes (``io.files.replace_whole``)."""
    return list(partial.parent.glob(f".{partial.name}.*.tmp"))


def _start(command: list[str], partial: Path, base: bytes, out: Path) -> subprocess.Popen:
    """An interrupted run's files (``FILE.partial`` with the base deals, no ``FILE``), then the resumed run."""
    out.unlink(missing_ok=True)
    for left in _temporaries(partial):
        left.unlink(missing_ok=True)
    partial.write_bytes(base)
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def rewrite_window(command: list[str], partial: Path, base: bytes, out: Path) -> tuple[float, float]:
    """When, from its start, a resumed run begins and ends its rewrite of the kept lines (seen by polling)."""
    started = time.perf_counter()
    process = _start(command, partial, base, out)
    before = partial.stat().st_ino
    begin = end = None
    while end is None and process.poll() is None:  # begun: a new file, or this one cut short; ended: back whole
        now = time.perf_counter() - started
        try:
            here = partial.stat()
        except FileNotFoundError:
            here = None
        if begin is None and (bool(_temporaries(partial)) or (here and here.st_size < len(base))):
            begin = now
        if here is None or here.st_ino != before or (begin is not None and here.st_size >= len(base)):
            end = now
        time.sleep(0.0005)
    process.kill()
    process.wait()
    end = end if end is not None else time.perf_counter() - started
    return (begin if begin is not None else end), end


def kill_cycles(kills: int, deals: int, seed: int, folder: Path) -> dict[str, float]:
    """Run the cycles in ``folder``. Returns the kills, the deals lost at worst (target 0), the rewrite's window
    (seconds from the start) and how many kills found the rewrite under way."""
    template = json.loads(study_line(1))
    out = folder / "lines.jsonl"
    partial = Path(f"{out}.partial")
    base = "".join(json.dumps({**template, "seed": s}) + "\n" for s in range(1, deals + 1)).encode()
    wanted = set(range(1, deals + 1))
    command = [sys.executable, "-m", "wispwidget", "study", "mini-wisp", "--deals", f"1-{deals + 100}",
               "--output", str(out), "--resume", "--quiet"]
    begin, end = rewrite_window(command, partial, base, out)
    rng = random.Random(seed)
    lost = during = 0
    for _ in range(kills):
        process = _start(command, partial, base, out)
        time.sleep(max(0.0, rng.uniform(begin - 0.05, end + 0.05)))
        during += bool(_temporaries(partial))
        process.send_signal(signal.SIGKILL)
        process.wait()
        lost = max(lost, len(wanted - finished_seeds([str(out), str(partial)])))
    return {"kills": kills, "deals": deals, "lost_at_worst": lost, "rewrite_from_s": round(begin, 3),
            "rewrite_to_s": round(end, 3), "kills_during_rewrite": during}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print(json.dumps(kill_cycles(args.kills, args.deals, args.seed, Path(folder))))


if __name__ == "__main__":
    main()
