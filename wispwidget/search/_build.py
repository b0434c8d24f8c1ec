"""Compiling the C core. Used by the install-time build hook and on first use.

Standard library only: the build hook loads this file before the package exists.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

CFLAGS = ["-O2", "-std=c99", "-shared", "-fPIC"]


def library_name(source: Path) -> str:
    """The compiled core's file name; the source's hash is in it, so a stale build is never loaded."""
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:12]
    suffix = ".dll" if sys.platform == "win32" else ".so"
    return f"libwispsolve-{digest}{suffix}"


def system_compiler() -> list[str] | None:
    """The C compiler on this machine: $CC, Python's own, or cc/gcc/clang on PATH; None when there is none."""
    for name in (os.environ.get("CC"), sysconfig.get_config_var("CC"), "cc", "gcc", "clang"):
        if name and shutil.which(name.split()[0]):
            return [name.split()[0]]
    return None


def zig_compiler() -> list[str] | None:
    """``zig cc`` from the ``ziglang`` package (a C compiler that installs from PyPI), if it is installed."""
    if importlib.util.find_spec("ziglang") is None:
        return None
    return [sys.executable, "-m", "ziglang", "cc"]


def find_compiler() -> list[str]:
    """The command that compiles C here: the system's compiler, else ``zig cc`` from ``ziglang``."""
    command = system_compiler() or zig_compiler()
    if command is None:
        raise FileNotFoundError("no C compiler found (install gcc or clang, or pip install ziglang; or set CC)")
    return command


def compile_core(native_dir: Path, target_dir: Path | None = None) -> Path:
    """Compile ``wispsolve.c`` from ``native_dir`` into ``target_dir`` (default: the same); return the library."""
    source = native_dir / "wispsolve.c"
    target = (target_dir or native_dir) / library_name(source)
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        scratch = Path(tmp) / target.name
        subprocess.run([*find_compiler(), *CFLAGS, "-o", str(scratch), str(source)], check=True,
                       capture_output=True)
        os.replace(scratch, target)
    return target
