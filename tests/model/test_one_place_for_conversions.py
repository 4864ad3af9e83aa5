"""Descriptors and internal names are converted by jtc/model/types.py alone: a hand-made `[1:-1]`
slice or `f"L{…};"` elsewhere takes an array descriptor apart wrongly ('[I'[1:-1] is '') and hides
a conversion mypy can check there (Descriptor, InternalName, BinaryName)."""

from __future__ import annotations

import re
from pathlib import Path

JTC = Path(__file__).resolve().parents[2] / "jtc"
HAND_MADE = re.compile(r'\[1:-1\]|f"L\{')


def test_no_conversion_is_made_by_hand_outside_model_types() -> None:
    found = [f"{path.relative_to(JTC.parent)}:{number}: {line.strip()}"
             for path in sorted(JTC.rglob("*.py")) if path != JTC / "model" / "types.py"
             for number, line in enumerate(path.read_text().splitlines(), 1) if HAND_MADE.search(line)]
    assert not found, "\n".join(found)
