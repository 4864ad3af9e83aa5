"""Files written whole or not at all: a run that is interrupted (Ctrl-C, a build's timeout, a kill)
leaves each file as it was before or as it was meant to be, never half written.

The text goes to a temporary file beside the target (the same file system, named so that no build
compiles it: `.FooTest.java.<pid>.<random>.tmp`), which then replaces the target in one rename.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def write_atomically(path: Path, text: str) -> None:
    """Write `text` (UTF-8) to `path`, creating its folders; the file's mode follows the umask."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        with os.fdopen(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), "w",
                       encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:  # an interrupt too: no temporary file is left behind
        temporary.unlink(missing_ok=True)
        raise
