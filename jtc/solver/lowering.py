"""Comparisons of bit-vectors made from String integers, restated over the integers.

The symbolic VM keeps a Java int as a 32-bit vector, so `s.length() > 0` or `s.charAt(0) == '_'`
reach z3 as comparisons of `int2bv(str.len s)` or `int2bv(str.to_code …)`. Beside a regular
expression's membership, z3's string solver spends its whole resource limit relating those bits to
the string's characters (the formats fixtures' queries came back unknown even at ten times the
limit) while the same conditions over the integers are settled at once. So every signed comparison
or equality whose operands have an integer meaning — numerals, `int2bv` of an integer term,
`sign_extend`, sums, differences, negations and choices of those — is replaced by the comparison of
those integers, and `bv2int` of such a vector by its integer. The replacement is exact: an integer
that may not fit the vector's width is wrapped (`mod`), and the lengths and positions of Strings are
below 2^31 (Java's limit, stated as a condition of the query), so what is satisfiable stays so and
models keep their meaning; the variables are not touched.
"""

from __future__ import annotations

import z3

JAVA_MAX_LENGTH = 2**31 - 1  # a Java String's length and any position in it are below 2^31

Range = tuple[int | None, int | None]
_UNBOUNDED: Range = (None, None)

_COMPARISONS = {
    z3.Z3_OP_SLT: lambda a, b: a < b, z3.Z3_OP_SLEQ: lambda a, b: a <= b,
    z3.Z3_OP_SGT: lambda a, b: a > b, z3.Z3_OP_SGEQ: lambda a, b: a >= b,
    z3.Z3_OP_EQ: lambda a, b: a == b, z3.Z3_OP_DISTINCT: lambda a, b: a != b,
}


def lower(formula: z3.BoolRef) -> z3.BoolRef:
    """`formula` with its bit-vector comparisons of String integers stated over the integers (itself if none)."""
    return _Lowering().apply(formula)


def _occurrence(kind: int, left: z3.ArithRef, right: z3.ArithRef) -> z3.BoolRef | None:
    """A comparison of a whole-text search's position with -1 or 0 that only asks whether the
    needle occurs (`indexOf(t) < 0`, `lastIndexOf(t) != -1`), stated with `contains`, else None.
    Exact: such a position is -1 when the needle is absent and at least 0 when present (an empty
    needle included); z3 settled `contains(name, ".DIR")` in a VMS listing's query where it gave up
    on the position."""
    compare = _COMPARISONS[kind]
    for search, bound, search_first in ((left, right, True), (right, left, False)):
        if not z3.is_int_value(bound) or bound.as_long() not in (-1, 0) or not _whole_search(search):
            continue
        def holds(position: int) -> bool:
            return bool(compare(position, bound.as_long()) if search_first else compare(bound.as_long(), position))
        absent, present = holds(-1), {holds(0), holds(1)}
        if len(present) == 1 and absent not in present:
            found = z3.Contains(search.arg(0), search.arg(1))
            return found if present == {True} else z3.Not(found)
    return None


def _whole_search(term: z3.ExprRef) -> bool:
    """Whether `term` is the position of a needle searched in a whole text (from its start or its end)."""
    if not z3.is_app(term):
        return False
    return _last_index(term) or term.decl().kind() == z3.Z3_OP_SEQ_INDEX and z3.is_int_value(term.arg(2)) \
        and term.arg(2).as_long() == 0


def _last_index(term: z3.ExprRef) -> bool:
    """Whether `term` is `seq.last_indexof` (z3's API gives it no kind of its own)."""
    return z3.is_app(term) and term.decl().name() == "seq.last_indexof"


def _signed(value: int, width: int) -> int:
    return value - (1 << width) if value >= 1 << (width - 1) else value


def _add(a: Range, b: Range, sign: int = 1) -> Range:
    low_b, high_b = (b if sign > 0 else (None if b[1] is None else -b[1], None if b[0] is None else -b[0]))
    return (None if a[0] is None or low_b is None else a[0] + low_b,
            None if a[1] is None or high_b is None else a[1] + high_b)


class _Lowering:
    """One walk over a formula (its DAG: shared subterms are visited once)."""

    def __init__(self) -> None:
        self.replaced: list[tuple[z3.ExprRef, z3.ExprRef]] = []
        self.strings: dict[int, z3.SeqRef] = {}  # Strings whose length the replacement bounds
        self._integers: dict[int, z3.ArithRef | None] = {}
        self._ranges: dict[int, Range] = {}
        self._seen: set[int] = set()

    def apply(self, formula: z3.BoolRef) -> z3.BoolRef:
        pending: list[z3.ExprRef] = [formula]
        while pending:
            term = pending.pop()
            if term.get_id() in self._seen or not z3.is_app(term) or z3.is_re(term):
                continue  # a regular expression holds no comparison
            self._seen.add(term.get_id())
            replacement = self._atom(term)
            if replacement is not None:
                self.replaced.append((term, replacement))
            else:
                pending.extend(term.children())
        if not self.replaced:
            return formula
        bounds = [z3.Length(text) <= JAVA_MAX_LENGTH for text in self.strings.values()]
        return z3.And(z3.substitute(formula, *self.replaced), *bounds)

    def _atom(self, term: z3.ExprRef) -> z3.ExprRef | None:
        """The integer statement of a comparison of vectors or of `bv2int`, or None."""
        kind = term.decl().kind()
        if kind in _COMPARISONS and term.num_args() == 2 and z3.is_bv(term.arg(0)):
            left, right = self._integer(term.arg(0)), self._integer(term.arg(1))
            if left is None or right is None or (z3.is_int_value(left) and z3.is_int_value(right)):
                return None
            occurrence = _occurrence(kind, left, right)
            return occurrence if occurrence is not None else _COMPARISONS[kind](left, right)
        if kind == z3.Z3_OP_BV2INT:
            value = self._integer(term.arg(0))
            if value is None or z3.is_int_value(value):
                return None
            low = self._range(value)[0]
            return value if low is not None and low >= 0 else value % (1 << term.arg(0).size())
        return None

    def _integer(self, vector: z3.ExprRef) -> z3.ArithRef | None:
        """The signed integer a vector stands for, when it has one, else None (memoised)."""
        key = vector.get_id()
        if key not in self._integers:
            self._integers[key] = self._compute(vector)
        return self._integers[key]

    def _compute(self, vector: z3.ExprRef) -> z3.ArithRef | None:
        if not z3.is_bv(vector):
            return None  # an operand of another sort: the rounding mode and value of `fpToSBV`
        width = vector.size()
        if z3.is_bv_value(vector):
            return z3.IntVal(_signed(vector.as_long(), width), vector.ctx)
        kind = vector.decl().kind() if z3.is_app(vector) else None
        if kind == z3.Z3_OP_INT2BV:
            return self._fit(vector.arg(0), width)
        if kind == z3.Z3_OP_SIGN_EXT:
            return self._integer(vector.arg(0))
        if kind == z3.Z3_OP_ITE:
            then, other = self._integer(vector.arg(1)), self._integer(vector.arg(2))
            return None if then is None or other is None else z3.If(vector.arg(0), then, other)
        parts = [self._integer(child) for child in vector.children()]
        if any(part is None for part in parts):
            return None
        if kind == z3.Z3_OP_BADD:
            return self._fit(z3.Sum(parts), width)
        if kind == z3.Z3_OP_BSUB and len(parts) == 2:
            return self._fit(parts[0] - parts[1], width)  # type: ignore[operator]
        if kind == z3.Z3_OP_BNEG:
            return self._fit(-parts[0], width)  # type: ignore[operator]
        return None

    def _fit(self, value: z3.ArithRef, width: int) -> z3.ArithRef:
        """`value` as a signed integer of `width` bits: itself where it always fits, else wrapped."""
        low, high = self._range(value)
        half = 1 << (width - 1)
        if low is not None and high is not None and -half <= low and high < half:
            return value
        return (value + half) % (1 << width) - half

    def _range(self, value: z3.ExprRef) -> Range:
        """Bounds of an integer term (None: unbounded), from what its operations can give (memoised)."""
        key = value.get_id()
        if key not in self._ranges:
            self._ranges[key] = self._bounds(value)
        return self._ranges[key]

    def _bounds(self, value: z3.ExprRef) -> Range:
        if z3.is_int_value(value):
            return value.as_long(), value.as_long()
        kind = value.decl().kind() if z3.is_app(value) else None
        if kind == z3.Z3_OP_STR_TO_CODE:
            return -1, 0x10FFFF
        if kind == z3.Z3_OP_SEQ_LENGTH:
            self._bound(value.arg(0))
            return 0, JAVA_MAX_LENGTH
        if kind == z3.Z3_OP_SEQ_INDEX:
            self._bound(value.arg(0))
            return -1, JAVA_MAX_LENGTH - 1
        if _last_index(value):
            self._bound(value.arg(0))
            return -1, JAVA_MAX_LENGTH
        if kind == z3.Z3_OP_STR_TO_INT:
            return -1, None
        if kind == z3.Z3_OP_MOD and z3.is_int_value(value.arg(1)) and value.arg(1).as_long() > 0:
            return 0, value.arg(1).as_long() - 1
        if kind in (z3.Z3_OP_ADD, z3.Z3_OP_SUB):
            total = self._range(value.arg(0))
            for child in value.children()[1:]:
                total = _add(total, self._range(child), 1 if kind == z3.Z3_OP_ADD else -1)
            return total
        if kind == z3.Z3_OP_UMINUS:
            return _add((0, 0), self._range(value.arg(0)), -1)
        if kind == z3.Z3_OP_ITE:
            (low_a, high_a), (low_b, high_b) = self._range(value.arg(1)), self._range(value.arg(2))
            return (None if low_a is None or low_b is None else min(low_a, low_b),
                    None if high_a is None or high_b is None else max(high_a, high_b))
        return _UNBOUNDED

    def _bound(self, text: z3.SeqRef) -> None:
        self.strings.setdefault(text.get_id(), text)
