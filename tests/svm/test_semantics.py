"""Semantics: for every instruction family, the SVM's path conditions and values against the JVM.

Each method of tests/fixtures/semantics/sem/Ops.java runs on the real JVM for a set of inputs
(overflow, NaN, -0.0, zero divisors, out-of-range indices, ...). For every execution X:

* the replay never disagrees with a value the JVM reported (no desync);
* X's own inputs satisfy X's path condition, and X's symbolic result evaluates to the JVM's result;
* for every other execution Y: Y's inputs satisfy X's path condition exactly when Y took X's path
  (same decisions), and then X's symbolic result evaluated at Y's inputs is Y's JVM result (or Y
  threw the same exception as X).

So a wrong condition (too weak or too strong) or a wrong term for any instruction fails a test. A run
whose replay counted approximations (a symbolic value replaced by the run's own) is only held to its
own inputs and to the inputs of runs that took its path; the tests that matter assert they have none.
"""

from __future__ import annotations

import itertools
import subprocess
from dataclasses import dataclass

import pytest
import z3
import z3.z3util

from jtc.jvm.protocol import decode_returned
from jtc.model.program import Construct, FieldLoad, Invoke, Literal, VarRef
from jtc.execution.runs import Execution
from jtc.exploration.templates import Limits, ProgramTemplate
from jtc.svm.concrete import double_from_bits, f32, float_from_bits, same_value
from jtc.svm.inputs import Assignment, InputVariables, constant
from jtc.svm.models.characters import WHITESPACE
from jtc.svm.models.strings import same_ignoring_case
from jtc.svm.values import Sym

INT_MIN, INT_MAX = -(2**31), 2**31 - 1
LONG_MIN, LONG_MAX = -(2**63), 2**63 - 1
INTS = [0, 1, -1, 7, -13, 31, 32, 33, INT_MAX, INT_MIN]
LONGS = [0, 1, -1, 5, -64, 63, 64, 2**40 + 3, LONG_MAX, LONG_MIN]
NAN, INF = float("nan"), float("inf")
DOUBLES = [0.0, -0.0, 1.5, -2.25, 3.0, 1e300, -1e-300, 2.5e9, NAN, INF, -INF, 5e-324]
FLOATS = [f32(x) for x in (0.0, -0.0, 1.5, -2.25, 3.0, 3e38, 1e-45, 2.5e9, 16777217.0)] + [NAN, INF, -INF]
SHIFTS = [0, 1, 31, 32, 33, 63, 64, -1]


@dataclass
class Run:
    assignment: Assignment
    execution: Execution

    @property
    def path(self) -> tuple:
        return tuple((d.site, d.label) for d in self.execution.replay.decisions)


def _inputs_set(expr: z3.ExprRef, variables: InputVariables, assignment: Assignment) -> z3.ExprRef:
    names = variables.by_name()
    pairs = [(names[n], constant(names[n], variables.descs[n], v)) for n, v in assignment.items() if n in names]
    value = z3.simplify(z3.substitute(expr, *pairs)) if pairs else z3.simplify(expr)
    return z3.simplify(value)  # z3's rewriter can leave a comparison of two string constants for a second pass


def _defined(run: Run, variables: InputVariables, assignment: Assignment) -> z3.ModelRef | None:
    """The values of the strings a path defines besides its inputs (a split's pieces), under
    `assignment`: a model of the path condition with the inputs set; None when it does not hold."""
    solver = z3.Solver()
    solver.add(*(_inputs_set(d.cond, variables, assignment) for d in run.execution.replay.decisions))
    return solver.model() if solver.check() == z3.sat else None


def _evaluate(expr: z3.ExprRef, variables: InputVariables, assignment: Assignment, run: Run | None = None) -> object:
    """The value of a term under the inputs; the strings `run`'s path defines (svm/models/parsing.py's
    pieces) take the one value the path condition leaves them."""
    value = _inputs_set(expr, variables, assignment)
    if run is not None and z3.z3util.get_vars(value):
        model = _defined(run, variables, assignment)
        assert model is not None, f"the path condition does not hold for {assignment}"
        value = z3.simplify(model.eval(value, model_completion=True))
    if z3.is_bool(value):
        assert z3.is_true(value) or z3.is_false(value), f"not a closed condition: {value}"
        return z3.is_true(value)
    if z3.is_fp(value):
        if z3.is_true(z3.simplify(z3.fpIsNaN(value))):
            return NAN
        bits = z3.simplify(z3.fpToIEEEBV(value)).as_long()
        return float_from_bits(bits) if value.sort().ebits() == 8 else double_from_bits(bits)
    raw, width = value.as_long(), value.size()
    return raw - (1 << width) if raw >= 1 << (width - 1) else raw


def _holds(run: Run, variables: InputVariables, assignment: Assignment) -> bool:
    conditions = [_inputs_set(d.cond, variables, assignment) for d in run.execution.replay.decisions]
    if any(z3.z3util.get_vars(c) for c in conditions):
        return _defined(run, variables, assignment) is not None
    return all(_evaluate(d.cond, variables, assignment) for d in run.execution.replay.decisions)


def run_all(engine, name: str, desc: str, vectors: list[tuple], owner: str = "sem/Ops") -> tuple[list[Run], InputVariables]:
    table = engine.repository.get(owner)
    method = table.method(name, desc)
    template = ProgramTemplate.for_method(method, Limits(64, 32))
    variables = template.variables()
    specs = [template.specs[key] for key in sorted(template.specs)]
    runs = []
    for vector in vectors:
        assignment: Assignment = {}
        for spec, value in zip(specs, vector):
            if hasattr(spec, "length_name"):
                assignment[spec.null_name] = value is None
                if value is not None:
                    assignment[spec.length_name] = len(value)
                    assignment.update({spec.element_name(i): v for i, v in enumerate(value)})
            elif hasattr(spec, "null_name"):
                assignment[spec.null_name] = value is None
                if value is not None:
                    assignment[spec.name] = value
            else:
                assignment[spec.name] = value
        execution = engine.executor.execute(template.build(assignment), variables, assignment)
        assert execution.replay is not None, execution.result
        assert execution.replay.desync is None, f"{name}{vector}: {execution.replay.desync}"
        runs.append(Run(assignment, execution))
    return runs, variables


def _jvm_outcome(run: Run) -> tuple[str, object]:
    result = run.execution.result
    last = result.executed - 1
    if result.status[last] == "threw":
        return "threw", result.values[last]
    returned = decode_returned(result.values[last])
    return "ok", returned.value if isinstance(returned, Literal) else returned


def check(engine, name: str, desc: str, vectors: list[tuple], owner: str = "sem/Ops") -> list[Run]:
    """Every run of `owner.name` on `vectors` against every other (see the module's docstring)."""
    runs, variables = run_all(engine, name, desc, vectors, owner)
    for x in runs:
        assert _holds(x, variables, x.assignment), f"{name}{x.assignment}: own path condition is false"
        status, value = _jvm_outcome(x)
        symbolic = x.execution.replay.outcomes[-1].value
        if status == "ok" and isinstance(symbolic, Sym):
            assert same_value(_evaluate(symbolic.t, variables, x.assignment, x), value), (name, x.assignment)
        for y in runs:
            same_path = x.path == y.path
            if x.execution.replay.approximations and not same_path:
                continue  # the condition of a path with approximations may also hold for other paths
            assert _holds(x, variables, y.assignment) == same_path, \
                f"{name}: path condition of {x.assignment} vs inputs {y.assignment} (same path: {same_path})"
            if not same_path:
                continue
            y_status, y_value = _jvm_outcome(y)
            assert y_status == status, (name, x.assignment, y.assignment)
            if status == "threw":
                assert y_value == value
            elif x.execution.replay.approximations:
                continue  # a value the VM took from the run (counted) may differ on the same path
            elif isinstance(symbolic, Sym):
                assert same_value(_evaluate(symbolic.t, variables, y.assignment, x), y_value), \
                    f"{name}: result term of {x.assignment} at {y.assignment}"
            else:
                assert same_value(value, y_value) if not isinstance(value, (tuple, list)) else value == y_value
    return runs


def pairs(xs: list, ys: list) -> list[tuple]:
    return list(itertools.product(xs, ys))


INT_BINARY = ["iadd", "isub", "imul", "idiv", "irem", "ibits"]


@pytest.mark.parametrize("name", INT_BINARY)
def test_int_arithmetic(semantics_engine, name):
    runs = check(semantics_engine, name, "(II)I", pairs(INTS, [0, 1, -1, 3, -7, INT_MAX, INT_MIN]))
    if name in ("idiv", "irem"):  # division by zero is an explicit, explored decision
        kinds = {d.kind for r in runs for d in r.execution.replay.decisions}
        assert "div-zero" in kinds


@pytest.mark.parametrize("name", ["ishl", "ishr", "iushr"])
def test_int_shifts_mask_the_distance(semantics_engine, name):
    check(semantics_engine, name, "(II)I", pairs([1, -1, 0x12345678, INT_MIN], SHIFTS))


@pytest.mark.parametrize("name", ["ineg", "iinc", "i2b", "i2c", "i2s", "narrowBranch"])
def test_int_unary_and_narrowing(semantics_engine, name):
    check(semantics_engine, name, "(I)I", [(v,) for v in INTS + [65, 128, 255, 0x1_0041, 40000, -129]])


@pytest.mark.parametrize("name,desc", [("i2l", "(I)J"), ("i2f", "(I)F"), ("i2d", "(I)D")])
def test_int_widening(semantics_engine, name, desc):
    check(semantics_engine, name, desc, [(v,) for v in INTS + [16777217, -16777217]])


def test_narrow_parameter_types(semantics_engine):
    vectors = [(b, c, s, z) for b in (-128, -1, 0, 127) for c in (0, 65, 0xFFFF) for s in (-32768, 5, 32767)
               for z in (True, False)]
    check(semantics_engine, "narrowParams", "(BCSZ)I", vectors)


@pytest.mark.parametrize("name", ["ladd", "lmul", "ldiv", "lrem", "lbits"])
def test_long_arithmetic(semantics_engine, name):
    check(semantics_engine, name, "(JJ)J", pairs(LONGS, [0, 1, -1, 7, LONG_MAX, LONG_MIN]))


def test_long_shifts(semantics_engine):
    check(semantics_engine, "lshifts", "(JI)J", pairs([1, -1, 0x1234_5678_9ABC_DEF0, LONG_MIN], SHIFTS))


def test_lcmp(semantics_engine):
    check(semantics_engine, "lcmp", "(JJ)I", pairs(LONGS[:6], LONGS[:6]))


@pytest.mark.parametrize("name,desc", [("l2i", "(J)I"), ("l2f", "(J)F"), ("l2d", "(J)D")])
def test_long_narrowing_and_float_conversion(semantics_engine, name, desc):
    check(semantics_engine, name, desc, [(v,) for v in LONGS + [2**53 + 1, 2**62 + 2**38 + 1, -(2**60) - 1]])


@pytest.mark.parametrize("name", ["fadd", "fmul", "fdiv", "frem"])
def test_float_arithmetic(semantics_engine, name):
    check(semantics_engine, name, "(FF)F", pairs(FLOATS[:8] + [NAN], [f32(0.0), f32(-0.0), f32(1.5), f32(-3.0), INF, NAN]))


@pytest.mark.parametrize("name", ["dadd", "dmul", "ddiv", "drem"])
def test_double_arithmetic(semantics_engine, name):
    check(semantics_engine, name, "(DD)D", pairs(DOUBLES, [0.0, -0.0, 1.5, -3.0, INF, NAN]))


def test_negation(semantics_engine):
    check(semantics_engine, "fneg", "(F)F", [(v,) for v in FLOATS])
    check(semantics_engine, "dneg", "(D)D", [(v,) for v in DOUBLES])


def test_float_compare_with_nan(semantics_engine):
    check(semantics_engine, "fcmp", "(FF)I", pairs([f32(1.0), f32(-0.0), f32(0.0), NAN, INF], [f32(1.0), f32(0.0), NAN]))
    check(semantics_engine, "dcmp", "(DD)I", pairs([1.0, -0.0, 0.0, NAN, -INF], [1.0, 0.0, NAN]))


def test_nan_and_negative_zero_branches(semantics_engine):
    check(semantics_engine, "negativeZero", "(D)I", [(v,) for v in DOUBLES])
    check(semantics_engine, "isNan", "(D)I", [(v,) for v in DOUBLES])


@pytest.mark.parametrize("name,desc", [("f2i", "(F)I"), ("f2l", "(F)J"), ("f2d", "(F)D")])
def test_float_conversions_saturate(semantics_engine, name, desc):
    check(semantics_engine, name, desc, [(v,) for v in FLOATS + [f32(-2.5), f32(2.9e9), f32(-9.5e18), f32(9.3e18)]])


@pytest.mark.parametrize("name,desc", [("d2i", "(D)I"), ("d2l", "(D)J"), ("d2f", "(D)F")])
def test_double_conversions_saturate(semantics_engine, name, desc):
    check(semantics_engine, name, desc, [(v,) for v in DOUBLES + [-2.5, 2.9e9, -9.5e18, 9.3e18, 3.4e38, 3.5e38]])


def test_every_if_form(semantics_engine):
    check(semantics_engine, "zeroTests", "(I)I", [(v,) for v in INTS])
    check(semantics_engine, "compareTests", "(II)I", pairs([0, 1, -1, INT_MIN], [0, 1, -1, INT_MAX]))


def test_switches(semantics_engine):
    runs = check(semantics_engine, "table", "(I)I", [(v,) for v in range(-1, 8)])
    assert {d.kind for r in runs for d in r.execution.replay.decisions} == {"switch"}
    check(semantics_engine, "lookup", "(I)I", [(v,) for v in (-1000, 7, 1 << 20, 0, 8, INT_MIN)])


def test_array_loads_bounds_and_index(semantics_engine):
    runs = check(semantics_engine, "load", "([II)I", pairs([(5, 6, 7), (), (1,)], [0, 1, 2, 3, -1]))
    kinds = {d.kind for r in runs for d in r.execution.replay.decisions}
    assert {"bounds", "index"} <= kinds


def test_array_loops_lengths_and_null(semantics_engine):
    check(semantics_engine, "sum", "([I)I", [((),), ((1,),), ((1, 2, 3),), ((INT_MAX, 1),)])
    runs = check(semantics_engine, "length", "([I)I", [(None,), ((),), ((4, 5),)])
    assert any(d.kind == "branch" for r in runs for d in r.execution.replay.decisions)


def test_array_stores_and_narrow_elements(semantics_engine):
    check(semantics_engine, "store", "(II)I", pairs([0, 2, 3, 4, -1], [9, -9]))
    check(semantics_engine, "byteStore", "([BI)I", pairs([(1,), ()], [1, 200, -129, 0x7F]))
    check(semantics_engine, "charArray", "([C)I", [((),), ((97, 120),), ((97, 121, 122),)])


def test_symbolic_array_size(semantics_engine):
    runs = check(semantics_engine, "sized", "(I)I", [(0,), (3,), (-1,), (INT_MIN,)])
    assert any(d.kind == "negative-size" for r in runs for d in r.execution.replay.decisions)


def test_wide_arrays(semantics_engine):
    check(semantics_engine, "doubles", "([DI)D", pairs([(1.5, -0.0), (NAN,)], [0, 1, 2]))
    check(semantics_engine, "longs", "([J)J", [((1, 2),), ((LONG_MIN, 1),), ((),)])


def test_exceptions_caught_and_uncaught(semantics_engine):
    check(semantics_engine, "safeDiv", "(II)I", pairs([7, INT_MIN], [0, 2, -1]))
    check(semantics_engine, "catcher", "(I)I", [(v,) for v in (0, 3, 4, -5, INT_MAX)])
    runs = check(semantics_engine, "uncaught", "(I)I", [(v,) for v in (0, 4, 100)])
    thrown = [r for r in runs if _jvm_outcome(r)[0] == "threw"]
    assert thrown and all(r.execution.replay.thrown_by_code for r in thrown)
    check(semantics_engine, "finallyBlock", "(I)I", [(v,) for v in (0, 1, 5, -3)])


def test_static_fields_start_fresh_every_execution(semantics_engine):
    runs = check(semantics_engine, "statics", "(I)I", [(v,) for v in (1, 6, 100, -20)])
    assert [_jvm_outcome(r)[1] for r in runs] == [-6, 11, 105, 15]


def test_instance_fields_and_private_calls(semantics_engine):
    check(semantics_engine, "instance", "(I)I", [(v,) for v in (0, 6, 7, -100)])


def test_an_array_made_while_a_class_initialiser_runs_first(semantics_engine):
    runs = check(semantics_engine, "lateInit", "(I)I", [(0,), (3,), (-1,)])
    assert [_jvm_outcome(r) for r in runs] == [("ok", 7), ("ok", 10), ("threw", "java.lang.NegativeArraySizeException")]


def test_recursion(semantics_engine):
    check(semantics_engine, "gcd", "(II)I", pairs([12, 0, -8, 35], [18, 0, 5]))


def test_checkcast_and_instanceof(semantics_engine):
    runs = check(semantics_engine, "casts", "(I)I", [(v,) for v in (1, 0, -3, -6)])
    assert _jvm_outcome(runs[-1]) == ("threw", "java.lang.ClassCastException")


def test_strings(semantics_engine):
    check(semantics_engine, "strings", "(Ljava/lang/String;)I",
          [(None,), ("",), ("ab",), ("abqd",), ("jtc",), ("abcd",), ("\u00e9\ud800z",)])
    check(semantics_engine, "charAt", "(Ljava/lang/String;I)I", pairs(["", "ab", "\uffff"], [0, 1, -1]))


def test_a_loop_guard_decides_the_bounds_checks_in_its_body(semantics_engine):
    """`a[i]` and `s.charAt(i)` after the guard `i < a.length` / `i < s.length()` cannot be out of
    bounds: the check's condition is the guard's own term, so it is no decision (no infeasible node)."""
    runs = check(semantics_engine, "sum", "([I)I", [((),), ((1,),), ((1, 2, 3),)])
    runs += check(semantics_engine, "count", "(Ljava/lang/String;C)I",
                  pairs(["", "a", "abca", "\u00e9b"], [ord("a"), ord("b")]))
    kinds = [d.kind for r in runs for d in r.execution.replay.decisions]
    assert "branch" in kinds and "bounds" not in kinds and "model" not in kinds


def test_character_is_whitespace_is_a_condition_on_the_char(semantics_engine):
    """Each end of each whitespace range, the chars just outside, and the non-breaking spaces Java
    leaves out (\u00A0, \u2007, \u202F)."""
    edges = {c for low, high in WHITESPACE for c in (low - 1, low, high, high + 1)} | {0xA0, 0x2007, 0x202F, 0x41}
    runs = check(semantics_engine, "blank", "(C)I", [(c,) for c in sorted(edges)])
    assert all(r.execution.replay.approximations == 0 for r in runs)
    assert {d.kind for r in runs for d in r.execution.replay.decisions} == {"branch"}


def test_string_search_slices_and_forms(semantics_engine):
    check(semantics_engine, "textOps", "(Ljava/lang/String;)I",
          [(v,) for v in ("", "no colon", "a:ok", "a: ok ", "a:b:c", "ab:xyz", "x:abab", ":")])
    check(semantics_engine, "slice", "(Ljava/lang/String;II)I",
          [(s, b, e) for s in ("", "hello") for b, e in ((0, 0), (1, 3), (2, 9), (-1, 2), (3, 1))])
    runs = check(semantics_engine, "direction", "(Ljava/lang/String;)I",
                 [(v,) for v in ("n", " North ", "UP", "west", "wESt", "x", "", "Ea", "\u00c0n", "AaBB")])
    assert [_jvm_outcome(r)[1] for r in runs] == [1, 1, 2, 3, 3, 0, 4, 0, 0, 0]
    check(semantics_engine, "lowerChars", "(Ljava/lang/String;)I", [(v,) for v in ("", "ax", "AX", "bx!", "Q", "abc")])
    runs = check(semantics_engine, "blanks", "(Ljava/lang/String;)I",
                 [(v,) for v in ("", " ", "\u2003\t", " x ", "\u00a0y", "a b", "ab", "\u3000xy", "\u0085")])
    unchanged = [r for r in runs if _jvm_outcome(r)[1] in (0, 1, 4, 5)]  # a stripped string is the run's own
    assert len(unchanged) == 7 and all(r.execution.replay.approximations == 0 for r in unchanged)


def test_parse_int_and_split(semantics_engine):
    runs = check(semantics_engine, "parse", "(Ljava/lang/String;)I",  # signs, and the edge of overflow
                 [(v,) for v in ("7", "0042", "-13", "", "12a", "-", "x", "1 2", "+5", "2147483647", "2147483648",
                                 "-2147483648", "-2147483649", "000000000002147483647", "-+3", "+")])
    assert _jvm_outcome(runs[3]) == ("threw", "java.lang.NumberFormatException")
    assert all(r.execution.replay.approximations == 0 for r in runs)
    check(semantics_engine, "words", "(Ljava/lang/String;)I",
          [(v,) for v in ("", "a go", "ab go", "a  go", " a go", "go", "a go ", "a b c", "x yz")])
    check(semantics_engine, "fields", "(Ljava/lang/String;)I",  # split on one char: pieces by indexOf
          [(v,) for v in ("", ";", ";;", "a", "a;b", "a;b;c", "ISBN-1;x;7", "ISBN-;yy;7", "a;;", "a;b;;", ";b;c",
                          "a;;c", "ISBN-2;title;8", "x;y;z;w")])
    runs = check(semantics_engine, "facts", "(Ljava/lang/String;)I",  # limits 2 and -1, parseLong
                 [(v,) for v in ("", " ", "a", "a b", "a ", "a=b c", "a=b c d", "a=b=c d", "=b x", "a= x", "size=12 f",
                                 "size=-7 f g", "size=x f", "size=123456789012 f", "size=1234567890123456789 f", "k=v  ")])
    assert all(r.execution.replay.approximations == 0 for r in runs)
    runs = check(semantics_engine, "empties", "(Ljava/lang/String;)I",
                 [(v,) for v in ("", ";", ";a;", ";a;x", "a;;a", "a;;b", ";;")])
    assert [_jvm_outcome(r)[1] for r in runs] == [1, 2, 12, 111, 21, 111, 3]


def test_equals_ignoring_case_with_a_known_ascii_string(semantics_engine):
    """Java takes four chars outside ASCII for ASCII letters (K for KELVIN SIGN, long s, dotted and
    dotless i): strings.same_ignoring_case states them, and the JVM agrees."""
    runs = check(semantics_engine, "ignoringCase", "(Ljava/lang/String;Ljava/lang/String;)I",
                 [(t, f) for t in ("*STMF", "*stmf", "*StMf", "*STM", "KISS", "\u212aI\u017fs", "k\u0131\u017f\u017f", "kis",
                                   "", "x") for f in ("TRUE", "tRuE", "false", "")])
    assert {_jvm_outcome(r)[1] for r in runs} == {1, 2, 3, 4, 5}
    assert all(r.execution.replay.approximations == 0 for r in runs)


def test_the_chars_taken_for_each_ascii_char_ignoring_case_are_the_jvm_s(semantics_classes):
    printed = subprocess.run(["java", "-cp", str(semantics_classes), "sem.CaseTable"], capture_output=True, text=True,
                             check=True).stdout.split("\n")
    for line in filter(None, printed):
        code, *others = line.split()
        char = chr(int(code))
        assert sorted(same_ignoring_case(char).replace(char, "", 1)) == sorted(chr(int(o, 16)) for o in others), char


def test_compare_equals_and_hash_of_boxes_and_strings(semantics_engine):
    check(semantics_engine, "boxes", "(II)I", pairs([0, 5, 11, -3, INT_MAX], [5, 11, INT_MIN]))
    check(semantics_engine, "comparable", "(JJ)I", pairs([0, -7, LONG_MAX], [0, 3, LONG_MIN]))
    runs = check(semantics_engine, "sameBox", "(II)I",
                 [(5, 5), (5, 6), (200, 200), (-128, -128), (127, 127), (128, 128), (-129, -129), (0, 200)])
    assert [_jvm_outcome(r)[1] for r in runs] == [1, 0, 0, 1, 1, 0, 0, 0]  # small boxes are shared objects
    runs = check(semantics_engine, "oneBox", "(I)I", [(v,) for v in (5, 200, INT_MIN)])
    assert [_jvm_outcome(r)[1] for r in runs] == [1, 1, 1]  # one box reached twice: the same object, small or not
    check(semantics_engine, "compareStrings", "(Ljava/lang/String;Ljava/lang/String;)I",
          pairs(["", "ab", "b", "abc"], ["ab", "", "ac"]))


def test_string_concatenation_keeps_string_terms(semantics_engine):
    vectors = [(s, i, j, c, z) for s, i, j, c, z in itertools.product(
        ["a", None, "\u00e9"], [0, -7, INT_MIN], [0, LONG_MIN], [ord("a")], [True, False])]
    vectors += [("", 5, 12, 0x20AC, False), ("a", -1, -1, 0, True)]
    runs = check(semantics_engine, "concat", "(Ljava/lang/String;IJCZ)I", vectors)
    assert all(r.execution.replay.approximations == 0 for r in runs)
    assert {d.kind for r in runs for d in r.execution.replay.decisions} >= {"branch"}
    check(semantics_engine, "concatShort", "(SBLjava/lang/String;)I",
          [(s, b, t) for s in (-32768, 0, 7) for b in (-128, 3) for t in ("", "xy", None)])


def test_lambdas_see_their_captured_terms(semantics_engine):
    runs = check(semantics_engine, "lambdas", "(II)I", pairs([0, 2, 5, INT_MAX], [0, -1, 3, INT_MAX]))
    for run in runs:  # x > limit on next's x + step, three times: the loop's x < 3 is constant
        decisions = run.execution.replay.decisions
        assert len(decisions) == 3 and all(d.site[0].name.startswith("lambda$") for d in decisions)
        assert all({"arg0", "arg1"} <= {v.split(".")[-1] for v in map(str, _variables(d.cond))} for d in decisions)
        assert run.execution.replay.approximations == 0
    runs = check(semantics_engine, "streamed", "(I)J", [(v,) for v in (-1, 0, 3, 4, 9, INT_MIN)])
    assert all(len(r.execution.replay.decisions) == 4 for r in runs)  # x * x > limit, once per element


def _variables(expr: z3.ExprRef) -> set[z3.ExprRef]:
    if z3.is_const(expr) and expr.decl().kind() == z3.Z3_OP_UNINTERPRETED:
        return {expr}
    return set().union(*(_variables(child) for child in expr.children())) if expr.children() else set()


def test_enum_constants_by_name(semantics_engine):
    runs = check(semantics_engine, "level", "(Ljava/lang/String;)I", [("LOW",), ("MIDDLE",), ("HIGH",), ("high",),
                                                                      ("",), (None,)])
    assert [_jvm_outcome(r)[0] for r in runs] == ["ok", "ok", "ok", "threw", "threw", "threw"]
    choice = [d for d in runs[0].execution.replay.decisions if d.kind == "model"]
    assert len(choice) == 1 and choice[0].label == "LOW"
    assert {label for label, _ in choice[0].alternatives} == {"MIDDLE", "HIGH", "no-such-constant", "null-name"}


def test_library_models(semantics_engine):
    check(semantics_engine, "maths", "(II)I", pairs([0, -5, 5, INT_MIN], [0, 4, -4]))
    check(semantics_engine, "floatLibrary", "(D)I", [(v,) for v in DOUBLES])


def test_a_key_looked_up_among_the_keys_put_before_is_a_decision(semantics_engine):
    """`map.get(key)`, `containsKey`, `set.contains`, `remove` decide inside the JDK whether `key` is
    one of the keys the code put: a decision on the inputs (equal to one of them), removed and
    cleared keys gone, boxed keys too."""
    texts = ["", "a", "b", "a!"]
    runs = check(semantics_engine, "lookup", "(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)I",
                 [(s, o, k) for s in texts for o in texts for k in texts])
    runs += check(semantics_engine, "held", "(Ljava/lang/String;Ljava/lang/String;I)I",
                  [(s, k, r) for s in ("", "a", "fixed") for k in ("a", "fixed", "b") for r in (0, 1)])
    runs += check(semantics_engine, "boxedKeys", "(II)I", pairs([0, 1, -3], [0, 1, 2, -6]))
    assert "lookup" in {d.kind for r in runs for d in r.execution.replay.decisions}
    assert all(r.execution.replay.approximations == 0 for r in runs)
    # A String key looked up in vain is remembered (the search may register it on the argument first):
    # lookup("a", "b", "") misses "", lookup("a", "b", "a") finds "a" and misses "a!"; a put is no lookup.
    assert [key for _, key in runs[24].execution.replay.missed] == [""]
    assert [key for _, key in runs[25].execution.replay.missed] == ["a!"]


def test_a_reader_over_a_symbolic_text_reads_its_chars(semantics_engine):
    """`read()` through a BufferedReader subclass over a StringReader of the input: each char read is
    the text's next one, the end a decision on its length, mark/reset move back."""
    runs = check(semantics_engine, "lexer", "(Ljava/lang/String;)I",
                 [(v,) for v in ("", ",", "a", "ax", "ay", ",x", "xxx", "\u00e9x")])
    assert [_jvm_outcome(r)[1] for r in runs] == [-1, 1, 4, 2, 3, 1, 2, 2]
    assert all(r.execution.replay.approximations == 0 for r in runs)



def test_a_field_read_statement_replays_with_the_value_the_jvm_read(semantics_engine):
    """`getfield` as a statement (the probe's read of a field): no code of the class runs, the VM
    takes its value from the statement's end, as for a static field's."""
    ops = VarRef(0, "Lsem/Ops;")
    program = (Construct("sem/Ops", "()V", ()), Invoke("sem/Ops", "instance", "(I)I", ops, (Literal("I", 5),)),
               FieldLoad("sem/Ops", "total", "I", ops))
    execution = semantics_engine.executor.execute(program, None, {})
    assert execution.result.values[2] == "I:16"
    assert execution.replay is not None and execution.replay.desync is None
    assert execution.replay.outcomes[-1].value == 16
