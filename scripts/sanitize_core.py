"""The C core's ASan+UBSan build run over random and extreme positions (tests/test_native_sanitized.py).

Run: ``python scripts/sanitize_core.py [--seconds 40]``. It compiles the sanitized build
(``-fsanitize=address,undefined -fno-sanitize-recover=all``, with the test hooks) and runs itself again in a
subprocess under ``LD_PRELOAD`` of the compiler's libasan, with that library as the core
(``WISPWIDGET_CORE_LIBRARY``). The child plays the extreme cases (all 104 Black Widow cards on one pile,
one deal that removes 56 runs, a Spider game with a waste), then random play-outs of every catalogue game,
comparing the core's moves and results with the engine's at each step and solving from some positions with
each search, until its time is up. Any sanitizer report ends the child at once with a non-zero status.
"""

from __future__ import annotations

import argparse
import ctypes
import dataclasses
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def sanitizer_runtime(command: list[str]) -> str:
    """The path of the compiler's ASan runtime (it must be loaded before Python's own malloc is used)."""
    out = subprocess.run([*command, "-print-file-name=libasan.so"], capture_output=True, text=True, check=True)
    path = out.stdout.strip()
    if not os.path.isabs(path) or not os.path.exists(path):
        raise FileNotFoundError(f"the compiler has no ASan runtime ({path!r})")
    return path


def run(seconds: float, cache: Path | None = None, canary: bool = False) -> subprocess.CompletedProcess:
    """Build the sanitized core and run the child; its CompletedProcess (stdout and stderr as text). With
    ``canary`` the child only commits a signed overflow in the core, which an armed UBSan must report."""
    sys.path.insert(0, str(ROOT))
    from wispwidget.search._build import compile_core, find_compiler

    compiler = find_compiler()
    command = [compiler] if isinstance(compiler, str) else list(compiler)
    cache = cache or Path(tempfile.gettempdir()) / "wispwidget-sanitized"
    library = compile_core(ROOT / "wispwidget" / "_native", cache, sanitize=True)
    env = dict(os.environ, LD_PRELOAD=sanitizer_runtime(command), WISPWIDGET_CORE_LIBRARY=str(library),
               ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:halt_on_error=1",
               UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1",
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    env.pop("WISPWIDGET_PURE_PYTHON", None)
    mode = ["--canary"] if canary else ["--child", "--seconds", str(seconds)]
    return subprocess.run([sys.executable, __file__, *mode], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=seconds + 120)


def child(seconds: float) -> int:
    """The workload, in the sanitized process."""
    from tests.native_cases import many_runs_game, seventy_piles, six_decks, spider_with_waste, widow_all_on_t0
    from tests.test_native import differential_playout
    from wispwidget import CATALOGUE, Game
    from wispwidget.games.catalogue import register
    from wispwidget.games.soundness import forty_dead_test_is_sound, spider_dead_test_is_sound
    from wispwidget.search import native
    from wispwidget.search.solver import UnsupportedGame, solve

    started = time.monotonic()
    keys = sorted(CATALOGUE)  # the catalogue's games (the odd ones registered below are played on their own)
    lib = native.load()
    assert lib is not None and native.load_test_hooks() is not None, native.why_unavailable
    assert os.environ["WISPWIDGET_CORE_LIBRARY"] in lib._name, lib._name
    solves = 0
    # the extreme cases
    wide = widow_all_on_t0(1)
    beams = dataclasses.replace(native.default_strategy(wide), restart_chunk=0)
    assert native.core_solve(lib, wide, 60_000, strategy=beams).stats["passes"] > 6 * 30
    assert solve(widow_all_on_t0(0), 50_000).result == "lost"
    storm = register(many_runs_game())
    differential_playout(storm, seeds=range(1, 3), steps=3)
    for algorithm in ("dfs", "best-first", "beam", "restarts"):
        strategy = native.Strategy(algorithm=algorithm, restart_chunk=0 if algorithm == "beam" else 100)
        assert solve(Game.new(storm, seed=1).position(), 1_000, strategy=strategy).result == "won"
    # a winning line with no room in the caller's buffer: an error, with the search unwound cleanly
    start = Game.new(storm, seed=1).position()
    dfs_only, blob = native.encode_spec(start, native.Strategy(algorithm="dfs")), native.encode_position(start)
    data, no_room = (ctypes.c_uint8 * len(blob)).from_buffer_copy(blob), (ctypes.c_int32 * 1)()
    code = lib.wisp_solve(ctypes.byref(dfs_only), data, len(blob), 1_000, 0.0, None, no_room, 0,
                          ctypes.byref(native.WispStats()))
    assert code == native.C["WISP_ERROR"], code
    waste = register(spider_with_waste())
    differential_playout(waste, seeds=range(1, 4), steps=100)
    for seed in range(1, 6):
        solve(Game.new(waste, seed=seed).position(), 20_000)
        solves += 1
    assert solve(Game.new(register(six_decks()), seed=1).position(), 500).engine == "python"
    try:
        solve(Game.new(register(seventy_piles()), seed=1).position(), 500)
        raise AssertionError("seventy piles were not refused")
    except UnsupportedGame:
        pass
    assert native.load_test_hooks().wisp_test_offsets(1 << 20) == 1
    # random play-outs of every catalogue game until the time is up
    rng = random.Random(0)
    algorithms = ("beam", "dfs", "best-first", "restarts")
    steps = rounds = 0
    while time.monotonic() - started < seconds:
        for key in keys:
            if time.monotonic() - started >= seconds:
                break
            spec = CATALOGUE[key]
            seed = rng.randrange(1, 10_000)
            differential_playout(spec, seeds=[seed], steps=40, key=f"{key}{seed}")
            game = Game.new(spec, seed=seed)
            for _ in range(rng.randrange(0, 60)):
                moves = game.legal_moves()
                if not moves:
                    break
                game.push(rng.choice(moves))
            position = game.position()
            if forty_dead_test_is_sound(position.spec) or spider_dead_test_is_sound(position.spec):
                native.native_hopeless(position)
            algorithm = algorithms[rounds % len(algorithms)]
            strategy = dataclasses.replace(native.default_strategy(position), algorithm=algorithm,
                                           restart_chunk=rng.choice((0, 200, 2000)), seed=rng.randrange(1000))
            solve(position, rng.choice((500, 3_000, 20_000)), strategy=strategy)
            solves += 1
            steps += 40
        rounds += 1
    print(f"sanitized core clean: {rounds} rounds over {len(keys)} games, about {steps} play-out steps, "
          f"{solves} solves, in {time.monotonic() - started:.0f} s")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--canary", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.exit(child(args.seconds))
    if args.canary:
        from wispwidget.search import native

        print(native.load_test_hooks().wisp_test_canary(1))  # never printed where UBSan is armed
        sys.exit(0)
    done = run(args.seconds)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr[-20_000:])
    sys.exit(done.returncode)


if __name__ == "__main__":
    main()
