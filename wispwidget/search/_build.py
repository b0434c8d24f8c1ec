"""Compiling the C core. Used by the install-time build hook and on first use.

Standard library only: the build hook loads this file before the package exists. Every ``.c`` file of the
core's folder is compiled into one library. The product build has the entry points ``wisp_abi`` and
``wisp_solve``; the test build (``test_hooks=True``, ``-DWISP_TEST_HOOKS``) adds the tests' hooks
(``wisp_moves``, ``wisp_apply``, ``wisp_hopeless``) and is only ever loaded by the tests.
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
from collections.abc import Sequence
from pathlib import Path

CFLAGS = ["-O2", "-std=c99", "-shared", "-fPIC"]
TEST_FLAGS = ["-DWISP_TEST_HOOKS"]
SANITIZE_FLAGS = ["-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"]


def _folder(source: Path) -> Path:
    source = Path(source)
    return source if source.is_dir() else source.parent


def sources(native_dir: Path) -> list[Path]:
    """The core's C files, in a fixed order."""
    return sorted(Path(native_dir).glob("*.c"))


def library_name(source: Path, flavour: str = "", flags: Sequence[str] = ()) -> str:
    """The compiled core's file name for the core's folder (or any file in it); the hash of every source and
    header, and of the flags, is in it, so a stale build is never loaded. ``flavour`` names a variant build
    (``test``, ``sanitized``)."""
    folder = _folder(source)
    digest = hashlib.sha256()
    for path in sorted([*folder.glob("*.c"), *folder.glob("*.h")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(" ".join(flags).encode())
    suffix = ".dll" if sys.platform == "win32" else ".so"
    return f"libwispsolve{'-' + flavour if flavour else ''}-{digest.hexdigest()[:12]}{suffix}"


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


def compile_core(native_dir: Path, target_dir: Path | None = None, *, test_hooks: bool = False,
                 sanitize: bool = False) -> Path:
    """Compile every ``.c`` file of ``native_dir`` into one library in ``target_dir`` (default: the same);
    return its path. ``test_hooks`` builds the test library; ``sanitize`` (implies the hooks) the ASan+UBSan
    one the sanitizer test loads."""
    native_dir = Path(native_dir)
    flags = [*CFLAGS, *(TEST_FLAGS if test_hooks or sanitize else []), *(SANITIZE_FLAGS if sanitize else [])]
    flavour = "sanitized" if sanitize else "test" if test_hooks else ""
    target = Path(target_dir or native_dir) / library_name(native_dir, flavour, flags)
    if target.exists():
        return target
    command = find_compiler()
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as tmp:
        scratch = Path(tmp) / target.name
        subprocess.run([*command, *flags, "-I", str(native_dir), "-o", str(scratch),
                        *(str(p) for p in sources(native_dir))], check=True, capture_output=True)
        os.replace(scratch, target)
    return target
