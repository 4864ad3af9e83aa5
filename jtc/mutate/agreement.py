"""How far jtc's mutation runner and PIT agree on the mutants both make.

A mutant of one tool is matched with one of the other when both change the same method of the same
class on the same line in the same way: PIT's operators that have a counterpart among jtc's map to
a common kind (a negated conditional, a boundary moved, a math operator swapped, an increment
reversed, a constant changed, a returned value replaced by false, true, 0, null or an empty value, a
void call removed). Mutants of one kind on one line are paired in the order of their instructions
(each tool counts instructions its own way, but both in the method's order). What only one tool
makes (PIT's inverted negations and removed conditionals, jtc's changed constants under PIT's
default set) stays out of the comparison.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from jtc.mutate.model import Mutant, SuiteMutation

# PIT's operators (pit_results.operator_name) that have a counterpart among jtc's, by kind.
PIT_KINDS = {
    "NegateConditionalsMutator": "negate-conditional",
    "ConditionalsBoundaryMutator": "conditional-boundary",
    "MathMutator": "math",
    "IncrementsMutator": "increment",
    "InlineConstantMutator": "constant",
    "BooleanFalseReturnValsMutator": "return-false",
    "BooleanTrueReturnValsMutator": "return-true",
    "PrimitiveReturnsMutator": "return-zero",
    "NullReturnValsMutator": "return-null",
    "EmptyObjectReturnValsMutator": "return-empty",
    "VoidMethodCallMutator": "void-call",
}
_ZEROS = frozenset({"0", "0L", "0.0f", "0.0"})


def jtc_kind(mutant: Mutant) -> str:
    """The kind of one of jtc's mutants (java-agent/src/mutate: Operators, Constants, ReturnValues)."""
    if mutant.operator == "constant":
        return "increment" if mutant.description.startswith("replaced increment") else "constant"
    if mutant.operator == "return-value":
        value = mutant.description.removeprefix("replaced return value with ")
        return {"false": "return-false", "true": "return-true", "null": "return-null"}.get(
            value, "return-zero" if value in _ZEROS else "return-empty")
    return mutant.operator


def pit_kind(mutant: Mutant) -> str | None:
    """The kind of one of PIT's mutants, None when jtc makes none like it."""
    return PIT_KINDS.get(mutant.operator)


def _by_place(mutants: Iterable[Mutant], kind_of: Callable[[Mutant], str | None]
              ) -> dict[tuple[str, str, int, str], list[Mutant]]:
    places: dict[tuple[str, str, int, str], list[Mutant]] = defaultdict(list)
    for mutant in mutants:
        kind = kind_of(mutant)
        if kind is not None:
            places[(mutant.class_name, mutant.method, mutant.line, kind)].append(mutant)
    return places


def matched(jtc_mutants: Iterable[Mutant], pit_mutants: Iterable[Mutant]) -> list[tuple[Mutant, Mutant]]:
    """The pairs (jtc's mutant, PIT's) that change the same instruction in the same way."""
    ours, theirs = _by_place(jtc_mutants, jtc_kind), _by_place(pit_mutants, pit_kind)
    def in_order(group: list[Mutant]) -> list[Mutant]:
        return sorted(group, key=lambda mutant: mutant.instruction)

    pairs: list[tuple[Mutant, Mutant]] = []
    for place in sorted(ours.keys() & theirs.keys()):
        pairs.extend(zip(in_order(ours[place]), in_order(theirs[place])))
    return pairs


@dataclass(frozen=True)
class Agreement:
    """The verdicts of two tools on the mutants they share, for one suite (and one class, or all)."""

    jtc_mutants: int  # all that jtc makes
    pit_mutants: int  # all that PIT makes
    both_killed: int  # of the shared ones
    jtc_only: int  # killed by jtc's run, not by PIT's
    pit_only: int
    neither: int

    @property
    def shared(self) -> int:
        return self.both_killed + self.jtc_only + self.pit_only + self.neither

    @property
    def ratio(self) -> float | None:
        """The share of shared mutants on which the tools agree (both kill it, or neither does)."""
        return (self.both_killed + self.neither) / self.shared if self.shared else None

    def as_json(self) -> dict[str, int | float | None]:
        ratio = self.ratio
        return {"jtc_mutants": self.jtc_mutants, "pit_mutants": self.pit_mutants, "shared": self.shared,
                "jtc_killed": self.both_killed + self.jtc_only, "pit_killed": self.both_killed + self.pit_only,
                "both_killed": self.both_killed, "jtc_only": self.jtc_only, "pit_only": self.pit_only,
                "neither": self.neither, "agreement": round(ratio, 4) if ratio is not None else None}


def agreement(jtc: SuiteMutation, pit: SuiteMutation, class_name: str | None = None) -> Agreement:
    """How the two tools' runs of one suite agree, on one class under test (nested classes included) or all."""
    def counted(mutants: Iterable[Mutant]) -> list[Mutant]:
        return [m for m in mutants if class_name is None or m.outer_class() == class_name]

    ours, theirs = counted(jtc.mutants), counted(pit.mutants)
    tally = [0, 0, 0, 0]  # both, jtc only, PIT only, neither
    for mine, other in matched(ours, theirs):
        killed = jtc.verdicts[mine.id].status.detected, pit.verdicts[other.id].status.detected
        tally[{(True, True): 0, (True, False): 1, (False, True): 2, (False, False): 3}[killed]] += 1
    return Agreement(len(ours), len(theirs), *tally)
