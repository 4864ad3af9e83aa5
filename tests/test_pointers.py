"""Every module or document the code and the docs point to exists: a comment that names
`making/taking.py` or a doc that links `docs/commands.md` leads somewhere. Paths are read relative to
the checkout, to jtc/, to java-agent/ and to the folder of the file that names them."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# A relative path of at least one folder ending in .py or .md, not part of a longer path or URL.
POINTER = re.compile(r"(?<![\w/.:-])((?:[\w-]+/)+[\w-]+\.(?:py|md))\b")
BASES = (ROOT, ROOT / "jtc", ROOT / "java-agent", ROOT / "tests")


def _tracked_sources() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "*.py", "*.md", "*.java", "*.gradle", "*.sh"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / name for name in listed if not name.startswith(("sample-projects/", "tests/fixtures/"))]


def _leads_somewhere(pointer: str, source: Path) -> bool:
    return any((base / pointer).exists() for base in (*BASES, source.parent))


def test_every_pointer_to_a_module_or_document_leads_somewhere() -> None:
    stale = sorted({f"{source.relative_to(ROOT)}: {pointer}"
                    for source in _tracked_sources()
                    for pointer in POINTER.findall(source.read_text(errors="replace"))
                    if not _leads_somewhere(pointer, source)})
    assert not stale, "pointers to files that do not exist:\n" + "\n".join(stale)
