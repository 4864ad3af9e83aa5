"""The path condition of one execution: decisions that depended on inputs, in order.

A decision is one outcome at one site with the condition that selects it, plus the conditions of
the outcomes not taken, which is all the constraint tree needs to grow unexplored siblings.
Decisions whose condition does not depend on inputs are never created (seed 002, §5.5): their other
outcomes are infeasible, and the condition adds nothing to the path.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Hashable

import z3

from jtc.model.classtable import MethodInfo

Site = tuple[MethodInfo, int]


class DecisionKind(StrEnum):
    """Explicit branches and the implicit checks the JVM makes (architecture decision 4)."""

    BRANCH = "branch"
    SWITCH = "switch"
    DIV_ZERO = "div-zero"
    BOUNDS = "bounds"
    NULL_CHECK = "null"
    NEGATIVE_SIZE = "negative-size"
    INDEX = "index"  # heap simulation: a symbolic array index fixed to its concrete value (seed 002, §3.2)
    MODEL = "model"  # outcomes chosen inside a library model (e.g. String.charAt's bounds)
    LOOKUP = "lookup"  # a key found among those a JDK collection holds, or not (svm/models/lookups.py)
    # A comparison a library method makes on its arguments and hides in its result (Math.min's cap,
    # Integer.compare's sign): JaCoCo counts no branch there, but the search aims at every outcome and
    # a test that alone takes one is kept (svm/models/maths.py, comparisons.py).
    COMPARISON = "comparison"
    STATEMENT = "statement"  # which statement of a candidate sequence comes next (sequence grouping)


_NONE = object()


@dataclass(frozen=True, slots=True)
class Decision:
    site: Site
    kind: DecisionKind
    label: Hashable
    condition: z3.BoolRef  # selects `label`; when `negated`, selects the other outcome instead
    # Other outcomes with their conditions; for INDEX decisions the alternatives are open-ended
    # ("any other index"), expressed by `open_term`, and this tuple is empty.
    alternatives: tuple[tuple[Hashable, z3.BoolRef], ...]
    open_term: z3.ExprRef | None = None
    # A two-way decision's other outcome, whose condition is `not cond`: built only when the
    # constraint tree meets the site for the first time (most decisions repeat known paths).
    other: Hashable = _NONE
    # A two-way decision keeps the condition of its first-named outcome and whether the other was
    # taken, so the negation is built only for the outcome a new node of the tree needs: most
    # decisions repeat known paths, and z3.Not cost a tenth of a replay on StringUtils.
    negated: bool = False
    # The condition of an earlier decision's outcome that every outcome of this one implies: the
    # queries after it leave that condition out (z3 gave up on OS2's listing queries holding both a
    # pattern's membership and the pieces of its shape, and settled each at once without it).
    implies: z3.BoolRef | None = None

    @property
    def cond(self) -> z3.BoolRef:
        """The condition that selects `label`."""
        return z3.Not(self.condition) if self.negated else self.condition

    def others(self) -> tuple[tuple[Hashable, z3.BoolRef], ...]:
        """The outcomes not taken, with their conditions."""
        if self.other is _NONE:
            return self.alternatives
        return ((self.other, self.condition if self.negated else z3.Not(self.condition)),)

    @property
    def labels(self) -> frozenset[Hashable]:
        """Every outcome of the decision, the one taken among them."""
        others = (self.other,) if self.other is not _NONE else tuple(label for label, _ in self.alternatives)
        return frozenset((self.label, *others))

    @property
    def key(self) -> tuple[Site, DecisionKind, Hashable]:
        return (self.site, self.kind, self.label)

    def describe(self) -> str:
        method, index = self.site
        return f"{method.qualified_name}#{index} (line {method.line_of(index)}) {self.kind}={self.label}"


def binary(site: Site, kind: DecisionKind, outcome: Hashable, other: Hashable, cond: z3.BoolRef) -> Decision:
    """A two-way decision where `cond` selects `outcome` and its negation selects `other`."""
    return Decision(site, kind, outcome, cond, (), other=other)


def choice(site: Site, kind: DecisionKind, labels: tuple[Hashable, Hashable], cond: z3.BoolRef,
           holds: bool) -> Decision:
    """A two-way decision between labels[0], selected by `cond`, and labels[1]; `holds` tells
    which was taken. No negation is built unless the tree asks for it."""
    first, second = labels
    if holds:
        return Decision(site, kind, first, cond, (), other=second)
    return Decision(site, kind, second, cond, (), other=first, negated=True)
