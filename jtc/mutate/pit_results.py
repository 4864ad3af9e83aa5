"""PIT's XML report (mutations.xml) read into jtc's mutants and verdicts, so that PIT's scores go through
the same table, JSON and union as jtc's own.

A <mutation> element carries `status` (PIT's DetectionStatus), `mutatedClass`, `mutatedMethod` with
`methodDescription`, `lineNumber`, `mutator` (the operator's class), `indexes` (PIT's instruction index,
which counts labels and line entries too, unlike jtc's), `killingTest` and `description`.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

from jtc.errors import InternalError
from jtc.mutate.model import Mutant, Status, Verdict

# A JUnit Platform unique id's segment that names the test method: [method:m(int)], a parameterized
# or repeated test's [test-template:m(int)], a dynamic one's [test-factory:m()], JUnit 4's [test:m(a.BTest)].
_METHOD_SEGMENT = re.compile(r"\[(?:method|test-template|test-factory|test):([^(\]]+)")


def as_jtc_test(pit_name: str) -> str:
    """PIT's name of a test ('a.BTest.[engine:junit-jupiter]/[class:a.BTest]/[method:m()]') as jtc's runner
    names it ('a.BTest#m'); a name of another form is kept as it is."""
    test_class, separator, unique_id = pit_name.partition(".[engine:")
    found = _METHOD_SEGMENT.findall(unique_id)
    return f"{test_class}#{found[-1]}" if separator and found else pit_name


def operator_name(mutator: str) -> str:
    """The operator as PIT's documentation names its class: 'NegateConditionalsMutator',
    'RemoveConditionalMutator_EQUAL_ELSE' (the package of PIT's mutators left out)."""
    return mutator.rpartition(".")[2]


def _text(element: ElementTree.Element, tag: str) -> str:
    return (element.findtext(tag) or "").strip()


def read_mutations(path: Path) -> tuple[tuple[Mutant, ...], dict[str, Verdict]]:
    """The mutants of a mutations.xml in PIT's order, and a verdict for each by id. An id names the class,
    method, PIT's instruction index and operator, and a number when PIT made two alike there."""
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError) as error:
        raise InternalError(f"PIT's report {path} cannot be read: {error}") from None
    mutants: list[Mutant] = []
    verdicts: dict[str, Verdict] = {}
    made: Counter[str] = Counter()
    for element in root.iter("mutation"):
        try:
            status = Status(element.get("status", ""))
        except ValueError:
            raise InternalError(f"PIT's report {path} has a mutant of status {element.get('status')!r}") from None
        class_name, method = _text(element, "mutatedClass"), _text(element, "mutatedMethod")
        method += _text(element, "methodDescription")
        index = int(_text(element, "indexes/index") or -1)
        operator = operator_name(_text(element, "mutator"))
        base = f"{class_name}#{method}@{index}:{operator}"
        mutant = Mutant(f"{base}:{made[base]}", class_name, method, int(_text(element, "lineNumber") or -1), index, operator,
                        _text(element, "description"))
        made[base] += 1
        mutants.append(mutant)
        killer = _text(element, "killingTest")
        verdicts[mutant.id] = Verdict(status, as_jtc_test(killer) if killer else "")
    return tuple(mutants), verdicts
