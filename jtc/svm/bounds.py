"""The out-of-bounds condition of an index, shared by array accesses and String models."""

from __future__ import annotations

import z3

from jtc.svm.values import Primitive, Sym, concrete, term_of


def outside(index: Primitive, length: Primitive) -> z3.BoolRef:
    """The condition that `index` is out of bounds of `length` (a symbolic length is never negative).
    With a constant index k >= 0 it is `k >= length`, the very term of a loop guard `i < length`
    that exits when `i >= length`, so the path's guard decides the check (Machine.choose)."""
    if not isinstance(index, Sym) and concrete(index) >= 0:
        return term_of(index, "I") >= term_of(length, "I")
    return z3.UGE(term_of(index, "I"), term_of(length, "I"))
