"""Constraints compiled to Python: their branch distance over concrete inputs, exactly as z3 evaluates them.

The fallback search evaluates the same constraints thousands of times, each time on other input
values. Substituting the values into the z3 terms and simplifying costs milliseconds per evaluation
(the terms of a loop over a String or a continued fraction have thousands of nodes, and the Python
API wraps every node it touches); a compiled evaluator costs microseconds.

`compile_distance` walks the terms once and writes a Python function: one local per shared subterm,
computed in dependency order with z3's semantics (bit-vectors as unsigned ints with total division,
IEEE floats as Python floats rounded to the sort, Strings as Python strings, z3's integers as ints),
then the distance of each constraint. The distance is 0.0 exactly when the constraint holds (so a
zero sum is a solution) and otherwise grows with how far the comparison operands are apart, the
branch distance of search-based test generation. Terms with an operation the compiler does not
know raise `Unsupported`; the caller evaluates those constraints through z3.
"""

from __future__ import annotations

import ctypes
import math
from typing import Callable, Mapping, Sequence

import z3

from jtc.svm.concrete import double_from_bits, f32, fdiv_double, float_from_bits, int_to_float32

UNSATISFIABLE = 1e6  # distance of an atom that no nearby change can fix (NaN operands, booleans)

COMPARISONS = {
    z3.Z3_OP_LT: "<", z3.Z3_OP_LE: "<=", z3.Z3_OP_GT: ">", z3.Z3_OP_GE: ">=",
    z3.Z3_OP_SLT: "<", z3.Z3_OP_SLEQ: "<=", z3.Z3_OP_SGT: ">", z3.Z3_OP_SGEQ: ">=",
    z3.Z3_OP_ULT: "u<", z3.Z3_OP_ULEQ: "u<=", z3.Z3_OP_UGT: "u>", z3.Z3_OP_UGEQ: "u>=",
    z3.Z3_OP_FPA_LT: "<", z3.Z3_OP_FPA_LE: "<=", z3.Z3_OP_FPA_GT: ">", z3.Z3_OP_FPA_GE: ">=",
    z3.Z3_OP_FPA_EQ: "==", z3.Z3_OP_EQ: "==", z3.Z3_OP_DISTINCT: "!=",
}
NEGATED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "u<": "u>=", "u<=": "u>", "u>": "u<=", "u>=": "u<",
           "==": "!=", "!=": "=="}

Assignment = Mapping[str, object]


class Unsupported(Exception):
    """A term the compiler has no Python form for."""


def gap(op: str, a: float | int, b: float | int, unsigned_width: int) -> float:
    """How far `a op b` is from holding, by the operands' values (0 when the values say it holds)."""
    if isinstance(a, float) and math.isnan(a) or isinstance(b, float) and math.isnan(b):
        return 0.0 if op == "!=" else UNSATISFIABLE
    if op.startswith("u"):
        a, b, op = a % (1 << unsigned_width), b % (1 << unsigned_width), op[1:]
    step = 1.0 if isinstance(a, int) and isinstance(b, int) else 1e-9 * max(1.0, abs(a), abs(b))
    if op == "<":
        return 0.0 if a < b else float(a - b) + step
    if op == "<=":
        return 0.0 if a <= b else float(a - b)
    if op == ">":
        return 0.0 if a > b else float(b - a) + step
    if op == ">=":
        return 0.0 if a >= b else float(b - a)
    if op == "==":
        return float(abs(a - b)) if a != b else 0.0
    return 0.0 if a != b else 1.0


def normalised(distance: float) -> float:
    return distance / (distance + 1.0) if math.isfinite(distance) else 1.0


def _atom(holds: bool, op: str, a: float | int, b: float | int, width: int) -> float:
    """The distance of one comparison whose truth is already known: 0 exactly when it holds."""
    if holds:
        return 0.0
    try:
        distance = normalised(gap(op, a, b, width))
    except OverflowError:  # inf - inf and the like
        distance = 1.0
    return distance if distance > 0.0 else 1e-12  # the values are equal but the comparison fails (-0.0, NaN)


# ---- z3's semantics on Python values -------------------------------------------------------------

def _signed(value: int, width: int) -> int:
    return value - (1 << width) if value >> (width - 1) else value


def _sdiv(a: int, b: int, width: int) -> int:
    mask = (1 << width) - 1
    if b == 0:
        return 1 if a >> (width - 1) else mask
    sa, sb = _signed(a, width), _signed(b, width)
    quotient = abs(sa) // abs(sb)
    return (quotient if (sa >= 0) == (sb >= 0) else -quotient) & mask


def _srem(a: int, b: int, width: int) -> int:
    if b == 0:
        return a
    sa, sb = _signed(a, width), _signed(b, width)
    remainder = abs(sa) % abs(sb)
    return (remainder if sa >= 0 else -remainder) & ((1 << width) - 1)


def _smod(a: int, b: int, width: int) -> int:
    if b == 0:
        return a
    return (_signed(a, width) % _signed(b, width)) & ((1 << width) - 1)


def _ashr(a: int, b: int, width: int) -> int:
    if b >= width:
        return (1 << width) - 1 if a >> (width - 1) else 0
    return (_signed(a, width) >> b) & ((1 << width) - 1)


def _same_fp(a: float, b: float) -> bool:
    """z3's `=` on floating point: NaN equals NaN, 0.0 differs from -0.0."""
    if a != a or b != b:
        return a != a and b != b
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


def _fp_remainder(a: float, b: float) -> float:
    """IEEE remainder (round-to-nearest quotient); exact, so a float's remainder needs no rounding."""
    if a != a or b != b or math.isinf(a) or b == 0.0:
        return math.nan
    if math.isinf(b):
        return a
    return math.remainder(a, b)


def _fp_sqrt(a: float) -> float:
    if a != a or a < 0.0:
        return math.nan
    return math.sqrt(a)


def _fp_to_int(a: float, width: int) -> int:
    """fp.to_sbv/to_ubv toward zero; z3 leaves NaN, infinities and overflow unspecified."""
    if a != a or math.isinf(a):
        return 0
    return int(a) & ((1 << width) - 1)


def _negative(a: float) -> bool:
    return a == a and math.copysign(1.0, a) < 0.0


def _positive(a: float) -> bool:
    return a == a and math.copysign(1.0, a) > 0.0


def _substring(s: str, offset: int, length: int) -> str:
    if offset < 0 or offset >= len(s) or length <= 0:
        return ""
    return s[offset:offset + length]


def _code(s: str) -> int:
    return ord(s) if len(s) == 1 else -1


def _at(s: str, i: int) -> str:
    return s[i] if 0 <= i < len(s) else ""


def _index(s: str, t: str, start: int) -> int:
    """str.indexof: -1 for a start before the string (Python's find would count from the end)."""
    return s.find(t, start) if start >= 0 else -1


def _from_code(code: int) -> str:
    """str.from_code under the BMP encoding: one char, or "" outside 0..0xFFFF."""
    return chr(code) if 0 <= code <= 0xFFFF else ""


HELPERS: dict[str, object] = {
    "_signed": _signed, "_sdiv": _sdiv, "_srem": _srem, "_smod": _smod, "_ashr": _ashr, "_same_fp": _same_fp,
    "_rem": _fp_remainder, "_sqrt": _fp_sqrt, "_toint": _fp_to_int, "_neg": _negative, "_pos": _positive,
    "_substr": _substring, "_code": _code, "_at": _at, "_index": _index, "_from_code": _from_code, "_f32": f32, "_fdiv": fdiv_double, "_i2f": int_to_float32,
    "_f32bits": float_from_bits, "_f64bits": double_from_bits, "_atom": _atom, "_isinf": math.isinf,
    "_fabs": math.fabs,
}


def string_value(expr: z3.ExprRef) -> str:
    """The characters of a z3 String constant (as_string() escapes some of them)."""
    length = z3.Z3_get_string_length(expr.ctx_ref(), expr.as_ast())
    buffer = (ctypes.c_uint * length)()
    z3.Z3_get_string_contents(expr.ctx_ref(), expr.as_ast(), length, buffer)
    return "".join(map(chr, buffer))


def fp_value(expr: z3.FPNumRef) -> float:
    if expr.isNaN():
        return math.nan
    bits = z3.simplify(z3.fpToIEEEBV(expr)).as_long()
    return float_from_bits(bits) if expr.sort().ebits() == 8 else double_from_bits(bits)


def _fp_single(sort: z3.SortRef) -> bool:
    """True for Float32, False for Float64; other formats are not Java's."""
    ebits, sbits = sort.ebits(), sort.sbits()
    if (ebits, sbits) == (8, 24):
        return True
    if (ebits, sbits) == (11, 53):
        return False
    raise Unsupported(f"floating-point sort ({ebits}, {sbits})")


def _width(expr: z3.ExprRef) -> int:
    return expr.sort().size()


# ---- the compiler ------------------------------------------------------------------------------

class _Compiler:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.local: dict[int, str] = {}  # AST id -> Python expression of its value (a local or a literal)
        self.constants: list[object] = []
        self.inputs: dict[str, str] = {}  # variable name -> local

    def constant(self, value: object) -> str:
        self.constants.append(value)
        return f"K[{len(self.constants) - 1}]"

    def term(self, root: z3.ExprRef) -> str:
        """The Python expression of `root`'s value, emitting lines for its subterms (iteratively: the
        terms of a long loop are deep)."""
        pending: list[tuple[z3.ExprRef, bool]] = [(root, False)]
        while pending:
            expr, expanded = pending.pop()
            key = expr.get_id()
            if key in self.local:
                continue
            children = expr.children() if z3.is_app(expr) else []
            if not expanded and children:
                pending.append((expr, True))
                pending.extend((child, False) for child in reversed(children)
                               if child.get_id() not in self.local)
                continue
            code = self._node(expr, [self.local[child.get_id()] for child in children])
            if code.isidentifier() or _literal(code):
                self.local[key] = code
            else:
                name = f"v{len(self.lines)}"
                self.lines.append(f"    {name} = {code}")
                self.local[key] = name
        return self.local[root.get_id()]

    def _node(self, expr: z3.ExprRef, args: list[str]) -> str:  # noqa: C901 (one case per operation)
        if not z3.is_app(expr):
            raise Unsupported(f"not an application: {expr.sexpr()[:80]}")
        kind = expr.decl().kind()
        if kind == z3.Z3_OP_UNINTERPRETED:
            if args:
                raise Unsupported(f"uninterpreted function {expr.decl().name()}")
            return self._input(expr)
        if z3.is_bv_value(expr):
            return str(expr.as_long())
        if z3.is_int_value(expr):
            return str(expr.as_long())
        if z3.is_string_value(expr):
            return self.constant(string_value(expr))
        if z3.is_fp_value(expr):
            return self.constant(fp_value(expr))
        if kind == z3.Z3_OP_TRUE:
            return "True"
        if kind == z3.Z3_OP_FALSE:
            return "False"
        if z3.is_rational_value(expr) or z3.is_algebraic_value(expr):
            raise Unsupported("real number")
        if kind in (z3.Z3_OP_FPA_RM_NEAREST_TIES_TO_EVEN, z3.Z3_OP_FPA_RM_TOWARD_ZERO):
            return "None"  # a rounding mode: the operation using it checks which one it is
        build = _BOOLEAN.get(kind) or _BITVECTOR.get(kind) or _ARITHMETIC.get(kind) or _STRING.get(kind)
        if build is not None:
            return build(expr, args)
        if kind in _FLOATING:
            return _FLOATING[kind](self, expr, args)
        raise Unsupported(f"operation {expr.decl().name()}")

    def _input(self, expr: z3.ExprRef) -> str:
        name = expr.decl().name()
        sort = expr.sort()
        source = f"env[{self.constant(name)}]"
        if isinstance(sort, z3.BitVecSortRef):
            code = f"int({source}) & {(1 << sort.size()) - 1}"
        elif sort.kind() == z3.Z3_BOOL_SORT:
            code = f"bool({source})"
        elif isinstance(sort, z3.FPSortRef):
            _fp_single(sort)
            code = f"float({source})"
        elif sort.kind() == z3.Z3_SEQ_SORT and z3.is_string(expr):
            code = f"str({source})"
        else:
            raise Unsupported(f"variable of sort {sort}")
        local = f"x{len(self.inputs)}"
        self.lines.append(f"    {local} = {code}")
        self.inputs[name] = local
        return local

    def distance(self, expr: z3.ExprRef, negated: bool = False) -> str:
        """The expression of the distance of `expr` (or of its negation) from holding."""
        if z3.is_not(expr):
            return self.distance(expr.arg(0), not negated)
        if z3.is_and(expr) or z3.is_or(expr):
            parts = [self.distance(child, negated) for child in expr.children()]
            if len(parts) == 1:
                return parts[0]
            return "(" + " + ".join(parts) + ")" if z3.is_and(expr) != negated else f"min({', '.join(parts)})"
        kind = expr.decl().kind() if z3.is_app(expr) else None
        op = COMPARISONS.get(kind) if kind is not None and expr.num_args() == 2 else None
        holds = self.term(expr)
        if op is not None:
            left, right = expr.arg(0), expr.arg(1)
            numbers = [self._number(side, self.term(side)) for side in (left, right)]
            if numbers[0] is not None and numbers[1] is not None:
                width = _width(left) if z3.is_bv(left) else 64
                condition = f"not {holds}" if negated else holds
                return f"_atom({condition}, {NEGATED[op] if negated else op!r}, {numbers[0]}, {numbers[1]}, {width})"
        return f"(1.0 if {holds} else 0.0)" if negated else f"(0.0 if {holds} else 1.0)"

    @staticmethod
    def _number(expr: z3.ExprRef, code: str) -> str | None:
        """The operand as a Python number, as the distance compares it (bit-vectors signed)."""
        if z3.is_bv(expr):
            return f"_signed({code}, {_width(expr)})"
        if z3.is_fp(expr) or z3.is_int(expr):
            return code
        return None


def _literal(code: str) -> bool:
    return code.lstrip("-").isdigit() or code in ("True", "False", "None") or code.startswith("K[")


def _nary(joiner: str) -> Callable[[z3.ExprRef, list[str]], str]:
    return lambda expr, args: "(" + f" {joiner} ".join(args) + ")"


def _masked(joiner: str) -> Callable[[z3.ExprRef, list[str]], str]:
    return lambda expr, args: "((" + f" {joiner} ".join(args) + f") & {(1 << _width(expr)) - 1})"


def _equal(expr: z3.ExprRef, args: list[str]) -> str:
    if z3.is_fp(expr.arg(0)):
        return f"_same_fp({args[0]}, {args[1]})"
    return f"({args[0]} == {args[1]})"


def _distinct(expr: z3.ExprRef, args: list[str]) -> str:
    equal = "_same_fp({}, {})" if z3.is_fp(expr.arg(0)) else "({} == {})"
    pairs = [equal.format(args[i], args[j]) for i in range(len(args)) for j in range(i + 1, len(args))]
    return "(not (" + " or ".join(pairs) + "))"


def _signed_compare(op: str) -> Callable[[z3.ExprRef, list[str]], str]:
    def build(expr: z3.ExprRef, args: list[str]) -> str:
        width = _width(expr.arg(0))
        return f"(_signed({args[0]}, {width}) {op} _signed({args[1]}, {width}))"
    return build


def _binary(op: str) -> Callable[[z3.ExprRef, list[str]], str]:
    return lambda expr, args: f"({args[0]} {op} {args[1]})"


def _helper(name: str) -> Callable[[z3.ExprRef, list[str]], str]:
    return lambda expr, args: f"{name}({args[0]}, {args[1]}, {_width(expr)})"


def _shift_left(expr: z3.ExprRef, args: list[str]) -> str:
    width = _width(expr)
    return f"((({args[0]} << {args[1]}) & {(1 << width) - 1}) if {args[1]} < {width} else 0)"


def _shift_right(expr: z3.ExprRef, args: list[str]) -> str:
    return f"(({args[0]} >> {args[1]}) if {args[1]} < {_width(expr)} else 0)"


def _extract(expr: z3.ExprRef, args: list[str]) -> str:
    high, low = expr.decl().params()
    return f"(({args[0]} >> {low}) & {(1 << (high - low + 1)) - 1})"


def _sign_extend(expr: z3.ExprRef, args: list[str]) -> str:
    width = _width(expr.arg(0))
    high = ((1 << _width(expr)) - 1) ^ ((1 << width) - 1)
    return f"(({args[0]} | {high}) if {args[0]} >> {width - 1} else {args[0]})"


def _concat(expr: z3.ExprRef, args: list[str]) -> str:
    code = args[0]
    for child, arg in zip(expr.children()[1:], args[1:]):
        code = f"(({code} << {_width(child)}) | {arg})"
    return code


def _udiv(expr: z3.ExprRef, args: list[str]) -> str:
    return f"(({args[0]} // {args[1]}) if {args[1]} else {(1 << _width(expr)) - 1})"


def _urem(expr: z3.ExprRef, args: list[str]) -> str:
    return f"(({args[0]} % {args[1]}) if {args[1]} else {args[0]})"


_BOOLEAN: dict[int, Callable[[z3.ExprRef, list[str]], str]] = {
    z3.Z3_OP_AND: _nary("and"), z3.Z3_OP_OR: _nary("or"),
    z3.Z3_OP_NOT: lambda expr, args: f"(not {args[0]})",
    z3.Z3_OP_XOR: lambda expr, args: f"({args[0]} != {args[1]})",
    z3.Z3_OP_IMPLIES: lambda expr, args: f"((not {args[0]}) or {args[1]})",
    z3.Z3_OP_IFF: _binary("=="),
    z3.Z3_OP_ITE: lambda expr, args: f"({args[1]} if {args[0]} else {args[2]})",
    z3.Z3_OP_EQ: _equal, z3.Z3_OP_DISTINCT: _distinct,
}

_BITVECTOR: dict[int, Callable[[z3.ExprRef, list[str]], str]] = {
    z3.Z3_OP_BADD: _masked("+"), z3.Z3_OP_BMUL: _masked("*"), z3.Z3_OP_BSUB: _masked("-"),
    z3.Z3_OP_BNEG: lambda expr, args: f"((-{args[0]}) & {(1 << _width(expr)) - 1})",
    z3.Z3_OP_BAND: _nary("&"), z3.Z3_OP_BOR: _nary("|"), z3.Z3_OP_BXOR: _nary("^"),
    z3.Z3_OP_BNOT: lambda expr, args: f"({args[0]} ^ {(1 << _width(expr)) - 1})",
    z3.Z3_OP_BSDIV: _helper("_sdiv"), z3.Z3_OP_BSDIV_I: _helper("_sdiv"),
    z3.Z3_OP_BSREM: _helper("_srem"), z3.Z3_OP_BSREM_I: _helper("_srem"),
    z3.Z3_OP_BSMOD: _helper("_smod"), z3.Z3_OP_BSMOD_I: _helper("_smod"),
    z3.Z3_OP_BUDIV: _udiv, z3.Z3_OP_BUDIV_I: _udiv, z3.Z3_OP_BUREM: _urem, z3.Z3_OP_BUREM_I: _urem,
    z3.Z3_OP_BSHL: _shift_left, z3.Z3_OP_BLSHR: _shift_right, z3.Z3_OP_BASHR: _helper("_ashr"),
    z3.Z3_OP_EXTRACT: _extract, z3.Z3_OP_SIGN_EXT: _sign_extend,
    z3.Z3_OP_ZERO_EXT: lambda expr, args: args[0], z3.Z3_OP_CONCAT: _concat,
    z3.Z3_OP_ULT: _binary("<"), z3.Z3_OP_ULEQ: _binary("<="), z3.Z3_OP_UGT: _binary(">"), z3.Z3_OP_UGEQ: _binary(">="),
    z3.Z3_OP_SLT: _signed_compare("<"), z3.Z3_OP_SLEQ: _signed_compare("<="),
    z3.Z3_OP_SGT: _signed_compare(">"), z3.Z3_OP_SGEQ: _signed_compare(">="),
    z3.Z3_OP_BV2INT: lambda expr, args: args[0],
    z3.Z3_OP_SBV2INT: lambda expr, args: f"_signed({args[0]}, {_width(expr.arg(0))})",
    z3.Z3_OP_INT2BV: lambda expr, args: f"({args[0]} & {(1 << _width(expr)) - 1})",
}

_ARITHMETIC: dict[int, Callable[[z3.ExprRef, list[str]], str]] = {
    z3.Z3_OP_ADD: _nary("+"), z3.Z3_OP_SUB: _nary("-"), z3.Z3_OP_MUL: _nary("*"),
    z3.Z3_OP_UMINUS: lambda expr, args: f"(-{args[0]})",
    z3.Z3_OP_LT: _binary("<"), z3.Z3_OP_LE: _binary("<="), z3.Z3_OP_GT: _binary(">"), z3.Z3_OP_GE: _binary(">="),
}

_STRING: dict[int, Callable[[z3.ExprRef, list[str]], str]] = {
    z3.Z3_OP_SEQ_LENGTH: lambda expr, args: f"len({args[0]})",
    z3.Z3_OP_SEQ_EXTRACT: lambda expr, args: f"_substr({args[0]}, {args[1]}, {args[2]})",
    z3.Z3_OP_SEQ_AT: lambda expr, args: f"_at({args[0]}, {args[1]})",
    z3.Z3_OP_STR_TO_CODE: lambda expr, args: f"_code({args[0]})",
    z3.Z3_OP_STR_FROM_CODE: lambda expr, args: f"_from_code({args[0]})",
    z3.Z3_OP_SEQ_INDEX: lambda expr, args: f"_index({args[0]}, {args[1]}, {args[2]})",
    z3.Z3_OP_SEQ_PREFIX: lambda expr, args: f"{args[1]}.startswith({args[0]})",
    z3.Z3_OP_SEQ_SUFFIX: lambda expr, args: f"{args[1]}.endswith({args[0]})",
    z3.Z3_OP_SEQ_CONTAINS: lambda expr, args: f"({args[1]} in {args[0]})",
    z3.Z3_OP_SEQ_CONCAT: _nary("+"),
}


def _rounded(expr: z3.ExprRef, code: str) -> str:
    return f"_f32({code})" if _fp_single(expr.sort()) else code


def _nearest(expr: z3.ExprRef) -> None:
    if expr.arg(0).decl().kind() != z3.Z3_OP_FPA_RM_NEAREST_TIES_TO_EVEN:
        raise Unsupported(f"rounding mode {expr.arg(0)}")


def _fp_arithmetic(op: str) -> Callable[[_Compiler, z3.ExprRef, list[str]], str]:
    """+, -, * and / on the binary64 values, then rounded to the sort: exact for binary32 too, since
    double has more than twice float's precision (double rounding is innocuous for these)."""
    def build(compiler: _Compiler, expr: z3.ExprRef, args: list[str]) -> str:
        _nearest(expr)
        code = f"_fdiv({args[1]}, {args[2]})" if op == "/" else f"({args[1]} {op} {args[2]})"
        return _rounded(expr, code)
    return build


def _fp_simple(template: str) -> Callable[[_Compiler, z3.ExprRef, list[str]], str]:
    return lambda compiler, expr, args: template.format(*args)


def _fp_rem(compiler: _Compiler, expr: z3.ExprRef, args: list[str]) -> str:
    return _rounded(expr, f"_rem({args[0]}, {args[1]})")


def _fp_sqrt_op(compiler: _Compiler, expr: z3.ExprRef, args: list[str]) -> str:
    _nearest(expr)
    return _rounded(expr, f"_sqrt({args[1]})")


def _to_fp(compiler: _Compiler, expr: z3.ExprRef, args: list[str]) -> str:
    single = _fp_single(expr.sort())
    if expr.num_args() == 1:  # reinterpret IEEE bits
        if not z3.is_bv(expr.arg(0)):
            raise Unsupported("to_fp of one non-bit-vector")
        return f"{'_f32bits' if single else '_f64bits'}({args[0]})"
    _nearest(expr)
    source = expr.arg(1)
    if z3.is_bv(source):  # a signed integer
        value = f"_signed({args[1]}, {_width(source)})"
        return f"_i2f({value})" if single else f"float({value})"
    if z3.is_fp(source):
        _fp_single(source.sort())
        return f"_f32({args[1]})" if single else args[1]
    raise Unsupported(f"to_fp from {source.sort()}")


def _fp_to_bv(compiler: _Compiler, expr: z3.ExprRef, args: list[str]) -> str:
    if expr.arg(0).decl().kind() != z3.Z3_OP_FPA_RM_TOWARD_ZERO:
        raise Unsupported(f"rounding mode {expr.arg(0)}")
    return f"_toint({args[1]}, {_width(expr)})"


_FLOATING: dict[int, Callable[[_Compiler, z3.ExprRef, list[str]], str]] = {
    z3.Z3_OP_FPA_ADD: _fp_arithmetic("+"), z3.Z3_OP_FPA_SUB: _fp_arithmetic("-"),
    z3.Z3_OP_FPA_MUL: _fp_arithmetic("*"), z3.Z3_OP_FPA_DIV: _fp_arithmetic("/"),
    z3.Z3_OP_FPA_REM: _fp_rem, z3.Z3_OP_FPA_SQRT: _fp_sqrt_op,
    z3.Z3_OP_FPA_NEG: _fp_simple("(-{0})"), z3.Z3_OP_FPA_ABS: _fp_simple("_fabs({0})"),
    z3.Z3_OP_FPA_LT: _fp_simple("({0} < {1})"), z3.Z3_OP_FPA_LE: _fp_simple("({0} <= {1})"),
    z3.Z3_OP_FPA_GT: _fp_simple("({0} > {1})"), z3.Z3_OP_FPA_GE: _fp_simple("({0} >= {1})"),
    z3.Z3_OP_FPA_EQ: _fp_simple("({0} == {1})"),
    z3.Z3_OP_FPA_IS_NAN: _fp_simple("({0} != {0})"), z3.Z3_OP_FPA_IS_INF: _fp_simple("_isinf({0})"),
    z3.Z3_OP_FPA_IS_ZERO: _fp_simple("({0} == 0.0)"),
    z3.Z3_OP_FPA_IS_NEGATIVE: _fp_simple("_neg({0})"), z3.Z3_OP_FPA_IS_POSITIVE: _fp_simple("_pos({0})"),
    z3.Z3_OP_FPA_TO_FP: _to_fp, z3.Z3_OP_FPA_TO_SBV: _fp_to_bv,
}


class Evaluator:
    """The summed distance of some constraints; `unsupported` lists those it could not compile.

    `cost` estimates the work of one evaluation in lines of generated code (a constraint evaluated
    through z3 instead counts as UNSUPPORTED_COST lines): a deterministic measure of time."""

    UNSUPPORTED_COST = 20_000

    def __init__(self, function: Callable[[Assignment], float], unsupported: list[z3.BoolRef], source: str) -> None:
        self.function = function
        self.unsupported = unsupported
        self.source = source
        self.cost = source.count("\n") + 20 + self.UNSUPPORTED_COST * len(unsupported)  # 20: the call itself

    def __call__(self, assignment: Assignment) -> float:
        return self.function(assignment)


def _function(compiler: _Compiler, result: str) -> Callable[[Assignment], object]:
    source = "def _evaluate(env):\n" + "".join(line + "\n" for line in compiler.lines) + f"    return {result}\n"
    namespace: dict[str, object] = dict(HELPERS, K=tuple(compiler.constants))
    exec(compile(source, "<constraints>", "exec"), namespace)  # noqa: S102 (code generated from z3 terms)
    function = namespace["_evaluate"]
    function.source = source  # type: ignore[attr-defined]
    return function  # type: ignore[return-value]


def compile_values(terms: Sequence[z3.ExprRef]) -> Callable[[Assignment], tuple]:
    """A function from input values to the values of `terms` (bit-vectors unsigned, as z3 has them);
    raises Unsupported when a term has an operation the compiler does not know."""
    compiler = _Compiler()
    results = [compiler.term(term) for term in terms]
    return _function(compiler, "(" + "".join(r + ", " for r in results) + ")")  # type: ignore[return-value]


def compile_distance(constraints: Sequence[z3.BoolRef]) -> Evaluator:
    """One Python function computing the distance sum of the compilable `constraints`."""
    compiler = _Compiler()
    parts: list[str] = []
    unsupported: list[z3.BoolRef] = []
    for constraint in constraints:
        try:
            parts.append(compiler.distance(constraint))
        except Unsupported:
            unsupported.append(constraint)
    function = _function(compiler, " + ".join(parts) if parts else "0.0")
    return Evaluator(function, unsupported, function.source)  # type: ignore[arg-type, attr-defined]
