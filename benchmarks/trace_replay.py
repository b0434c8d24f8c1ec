"""How long replaying a 100,000-event search trace takes: Python's ``Trace.state_at`` and node positions, and the
browser's replay (js/trace/replay.ts, run by node) stepping through every step.

Linear means: stepping through all k steps costs about as much as one replay of the whole trace.
Run: PYTHONPATH=. python benchmarks/trace_replay.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import wispwidget as ww  # noqa: E402
from wispwidget.widgets.trace_view import node_positions, trace_payload  # noqa: E402

JS = """
import { readFileSync } from "node:fs";
import { Replayer, replay } from "%s";
const trace = JSON.parse(readFileSync(process.argv[2], "utf8"));
const n = trace.events.length;
let t = performance.now();
replay(trace, n);
const once = performance.now() - t;
t = performance.now();
const r = new Replayer(trace);
for (let k = 0; k <= n; k++) r.at(k);
const every = performance.now() - t;
console.log(JSON.stringify({ events: n, once_ms: once, every_step_ms: every }));
"""


def timed(fn):
    started = time.perf_counter()
    value = fn()
    return value, time.perf_counter() - started


def main() -> None:
    result, search = timed(lambda: ww.trace(ww.deal("mini-moon", 3).position(), "bfs", max_expansions=200_000))
    trace = result.trace
    n = len(trace)
    print(f"trace: bfs on Mini Moon 3, {n} events ({search:.1f} s to search)")
    _, once = timed(lambda: trace.state_at(n))
    _, every = timed(lambda: [trace.state_at(k).current for k in range(n + 1)])
    sampled = range(0, n + 1, max(1, n // 100))
    _, sets = timed(lambda: [len(trace.state_at(k).frontier) for k in sampled])  # keep no snapshot alive
    print(f"python state_at({n}), the first call (indexes the trace): {once * 1000:.0f} ms; then all {n + 1} steps "
          f"in order: {every * 1000:.0f} ms in all; {len(sampled)} steps with their frontier set: "
          f"{sets * 1000:.0f} ms")
    positions, took = timed(lambda: node_positions(trace, limit=10**9))
    print(f"python node positions, every generated node ({len(positions)}): {took:.2f} s "
          f"({took / len(positions) * 1e6:.0f} us a node)")
    with tempfile.TemporaryDirectory() as tmp:
        payload = trace_payload(trace)
        payload["positions"] = {}
        (Path(tmp) / "trace.json").write_text(json.dumps(payload))
        bench = Path(tmp) / "bench.ts"
        bench.write_text(JS % (ROOT / "js" / "trace" / "replay.ts"))
        subprocess.run(["npx", "esbuild", str(bench), "--bundle", "--platform=node", "--format=esm",
                        f"--outfile={tmp}/bench.mjs", "--log-level=warning"], check=True, cwd=ROOT)
        out = subprocess.run(["node", f"{tmp}/bench.mjs", f"{tmp}/trace.json"], check=True, capture_output=True,
                             text=True).stdout
        js = json.loads(out)
    print(f"browser replay (node): all {js['events']} events once {js['once_ms']:.0f} ms; every one of the "
          f"{js['events'] + 1} steps in order {js['every_step_ms']:.0f} ms in all")


if __name__ == "__main__":
    main()
