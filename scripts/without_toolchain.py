"""Run a command as on a machine with only Python: no node, npm, C compiler or zig on PATH.

Run: ``python scripts/without_toolchain.py -- pip install ".[notebook]"``. It builds a folder of links to every
program on PATH except the toolchain (``HIDDEN``), puts only that folder on PATH, and runs the command;
``tests/test_install.py`` installs the wheel and the sdist this way.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HIDDEN = re.compile(r"^(node|nodejs|npm|npx|corepack|cc|c\+\+|c89|c99|gcc.*|g\+\+.*|cpp.*|clang.*|tcc|zig|"
                    r"x86_64-linux-gnu-(gcc|g\+\+|cpp).*|aarch64-linux-gnu-(gcc|g\+\+|cpp).*)$")


def toolchain_free_path(folder: Path, path: str | None = None) -> str:
    """A PATH holding one folder of links to the programs of ``path`` (default: $PATH) but the toolchain."""
    folder.mkdir(parents=True, exist_ok=True)
    for directory in (path if path is not None else os.environ.get("PATH", "")).split(os.pathsep):
        if not directory or not Path(directory).is_dir():
            continue
        for program in Path(directory).iterdir():
            link = folder / program.name
            if HIDDEN.match(program.name) or link.exists() or not os.access(program, os.X_OK) or program.is_dir():
                continue
            link.symlink_to(program.resolve())
    return str(folder)


def main(argv: list[str]) -> int:
    """Run ``argv`` (after ``--``) with the toolchain hidden; return its exit status."""
    command = argv[argv.index("--") + 1:] if "--" in argv else argv
    if not command:
        print("usage: python scripts/without_toolchain.py -- COMMAND ...", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PATH=toolchain_free_path(Path(tmp) / "bin"))
        env.pop("CC", None)
        return subprocess.call(command, env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
