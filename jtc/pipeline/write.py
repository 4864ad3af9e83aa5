"""Writing: the validated test class put where the user asked, once, whole (jtc/atomic.py), when its
class is done: a run interrupted at any point leaves the previous file or the new one."""

from __future__ import annotations

from pathlib import Path

from jtc.atomic import write_atomically
from jtc.emit.validate import ValidationReport


def write(output_dir: Path, validation: ValidationReport) -> str | None:
    """Where the validated test class was written under `output_dir`; None when nothing was
    validated (the validation's note says why)."""
    if validation.written is None or validation.rendered is None:
        return None
    written = output_dir / validation.rendered.relative_path
    write_atomically(written, validation.rendered.source)
    return str(written)
