"""Files replaced whole: a new file beside the old one, flushed and synced, then renamed over it."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def replace_whole(path: str | Path, text: str) -> None:
    """Make ``path`` hold exactly ``text``, or leave it as it was (a kill, a full disk, a file-size limit): the
    text goes to a temporary file in the same folder (``.NAME.*.tmp``), synced, then renamed over ``path``; on
    failure the temporary file is removed."""
    path = Path(path)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
