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


def test_mypy_tells_the_three_spellings_apart(tmp_path: Path) -> None:
    """A descriptor passed where an internal name is wanted (and the other mix-ups) is a type error,
    and the conversions of jtc/model/types.py are what make one spelling another."""
    from mypy import api

    snippet = '''
from jtc.model.program import Construct
from jtc.model.types import STRING_CLASS, STRING_DESC, binary_name, internal_name, object_desc

object_desc(STRING_DESC)
Construct(STRING_DESC, "()V", ())
internal_name(STRING_CLASS)
binary_name(STRING_DESC)
reveal_type(binary_name(internal_name(object_desc(STRING_CLASS))))
'''
    mixed_up = tmp_path / "mixed_up.py"
    mixed_up.write_text(snippet)
    out, _, status = api.run(["--no-incremental", "--follow-imports=silent", "--ignore-missing-imports",
                              "--cache-dir", str(tmp_path / "cache"), str(mixed_up)])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 1
    assert [line.split(": error: ")[1].split("  [")[0] for line in errors] == [
        'Argument 1 to "object_desc" has incompatible type "Descriptor"; expected "InternalName"',
        'Argument 1 to "Construct" has incompatible type "Descriptor"; expected "InternalName"',
        'Argument 1 to "internal_name" has incompatible type "InternalName"; expected "Descriptor"',
        'Argument 1 to "binary_name" has incompatible type "Descriptor"; expected "InternalName"',
    ]
    assert 'Revealed type is "jtc.model.types.BinaryName"' in out
