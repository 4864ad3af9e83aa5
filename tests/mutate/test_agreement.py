"""The mutants jtc's runner and PIT share, matched by class, method, line and kind of change, and how
often the two tools' verdicts on them agree (pure Python: the mutants as each tool describes them)."""

from __future__ import annotations

import pytest

from jtc.mutate.agreement import Agreement, agreement, jtc_kind, matched, pit_kind
from jtc.mutate.model import Mutant, Status, SuiteMutation, Verdict


def ours(method: str, line: int, instruction: int, operator: str, description: str = "") -> Mutant:
    return Mutant(f"a.B#{method}@{instruction}:{operator}:{description}", "a.B", method, line, instruction, operator,
                  description)


def theirs(method: str, line: int, index: int, mutator: str, class_name: str = "a.B") -> Mutant:
    return Mutant(f"{class_name}#{method}@{index}:{mutator}:0", class_name, method, line, index, mutator, "")


@pytest.mark.parametrize(("operator", "description", "kind"), [
    ("negate-conditional", "replaced if_icmpge with if_icmplt", "negate-conditional"),
    ("conditional-boundary", "replaced if_icmpge with if_icmpgt", "conditional-boundary"),
    ("math", "replaced iadd with isub", "math"),
    ("constant", "replaced increment by 1 with -1", "increment"),
    ("constant", "replaced constant 5 with 6", "constant"),
    ("return-value", "replaced return value with false", "return-false"),
    ("return-value", "replaced return value with true", "return-true"),
    ("return-value", "replaced return value with 0L", "return-zero"),
    ("return-value", "replaced return value with 0.0f", "return-zero"),
    ("return-value", "replaced return value with null", "return-null"),
    ("return-value", 'replaced return value with ""', "return-empty"),
    ("return-value", "replaced return value with Collections.emptyList()", "return-empty"),
    ("void-call", "removed call to a.B.log", "void-call"),
])
def test_each_of_jtcs_operators_has_its_kind(operator: str, description: str, kind: str) -> None:
    assert jtc_kind(ours("m()I", 3, 0, operator, description)) == kind


@pytest.mark.parametrize(("mutator", "kind"), [
    ("NegateConditionalsMutator", "negate-conditional"), ("ConditionalsBoundaryMutator", "conditional-boundary"),
    ("MathMutator", "math"), ("IncrementsMutator", "increment"), ("InlineConstantMutator", "constant"),
    ("BooleanFalseReturnValsMutator", "return-false"), ("BooleanTrueReturnValsMutator", "return-true"),
    ("PrimitiveReturnsMutator", "return-zero"), ("NullReturnValsMutator", "return-null"),
    ("EmptyObjectReturnValsMutator", "return-empty"), ("VoidMethodCallMutator", "void-call"),
    ("InvertNegsMutator", None), ("RemoveConditionalMutator_EQUAL_ELSE", None), ("SwitchMutator", None),
])
def test_pits_operators_map_to_jtcs_kinds_or_to_none(mutator: str, kind: str | None) -> None:
    assert pit_kind(theirs("m()I", 3, 0, mutator)) == kind


def test_mutants_pair_by_place_and_kind_in_instruction_order() -> None:
    jtc = [ours("m(II)I", 7, 2, "negate-conditional"), ours("m(II)I", 7, 9, "negate-conditional"),
           ours("m(II)I", 7, 2, "conditional-boundary"), ours("m(II)I", 8, 11, "return-value", "replaced return value with 0"),
           ours("m(II)I", 9, 12, "constant", "replaced constant 3 with 4")]
    pit = [theirs("m(II)I", 7, 21, "NegateConditionalsMutator"), theirs("m(II)I", 7, 5, "NegateConditionalsMutator"),
           theirs("m(II)I", 8, 24, "PrimitiveReturnsMutator"), theirs("m(II)I", 7, 5, "RemoveConditionalMutator_ORDER_ELSE"),
           theirs("m(II)I", 8, 24, "MathMutator"), theirs("n()V", 7, 5, "NegateConditionalsMutator")]
    pairs = [(a.instruction, b.instruction, b.operator) for a, b in matched(jtc, pit)]
    assert pairs == [(2, 5, "NegateConditionalsMutator"), (9, 21, "NegateConditionalsMutator"),
                     (11, 24, "PrimitiveReturnsMutator")]


def test_agreement_counts_the_shared_mutants_each_tool_kills() -> None:
    jtc_mutants = (ours("m()I", 1, 0, "math"), ours("m()I", 2, 1, "math"), ours("m()I", 3, 2, "math"),
                   ours("m()I", 4, 3, "math"), ours("m()I", 5, 4, "constant", "replaced constant 2 with 3"))
    pit_mutants = (theirs("m()I", 1, 0, "MathMutator"), theirs("m()I", 2, 1, "MathMutator"),
                   theirs("m()I", 3, 2, "MathMutator"), theirs("m()I", 4, 3, "MathMutator"),
                   theirs("m()I", 4, 3, "InvertNegsMutator"), theirs("m()I", 1, 0, "MathMutator", "c.D"))
    jtc_statuses = [Status.KILLED, Status.TIMED_OUT, Status.SURVIVED, Status.NO_COVERAGE, Status.KILLED]
    pit_statuses = [Status.KILLED, Status.SURVIVED, Status.MEMORY_ERROR, Status.NO_COVERAGE, Status.KILLED,
                    Status.KILLED]
    jtc = SuiteMutation("s", jtc_mutants, {m.id: Verdict(s) for m, s in zip(jtc_mutants, jtc_statuses)})
    pit = SuiteMutation("s", pit_mutants, {m.id: Verdict(s) for m, s in zip(pit_mutants, pit_statuses)})
    found = agreement(jtc, pit, "a.B")
    assert found == Agreement(jtc_mutants=5, pit_mutants=5, both_killed=1, jtc_only=1, pit_only=1, neither=1)
    assert found.shared == 4 and found.ratio == 0.5
    assert found.as_json() == {"jtc_mutants": 5, "pit_mutants": 5, "shared": 4, "jtc_killed": 2, "pit_killed": 2,
                               "both_killed": 1, "jtc_only": 1, "pit_only": 1, "neither": 1, "agreement": 0.5}
    assert agreement(jtc, pit).pit_mutants == 6 and agreement(jtc, pit, "x.Y").ratio is None
