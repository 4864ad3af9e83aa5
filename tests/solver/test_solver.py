"""The solver wrapper: slicing, caching, Java values from models, and the random fallback."""

from __future__ import annotations

import math
import random

import z3

from jtc.solver.fallback import search
from jtc.solver.solver import SAT, UNKNOWN, UNSAT, Level, Solver
from jtc.svm.inputs import InputVariables, PrimitiveInput, StringInput
from jtc.svm.models import strings  # noqa: F401  (sets z3's string encoding to the BMP)


def test_slicing_keeps_only_constraints_connected_to_the_goal():
    a, b, c = z3.BitVecs("a b c", 32)
    solver = Solver()
    prefix = [solver.constraint(e) for e in (a > 5, b < 3, c == a + 1)]
    assert [k.expr for k in solver.slice(prefix, solver.constraint(c > 100))] == [c == a + 1, a > 5]
    assert [k.expr for k in solver.slice(prefix, solver.constraint(b == 1))] == [b < 3]


def test_models_become_java_values_of_the_declared_types():
    variables = InputVariables({(0, 0): PrimitiveInput("b", "B"), (0, 1): PrimitiveInput("c", "C"),
                                (0, 2): PrimitiveInput("z", "Z"), (0, 3): PrimitiveInput("j", "J")})
    b, c, z, j = (variables.primitive(n, d) for n, d in (("b", "B"), ("c", "C"), ("z", "Z"), ("j", "J")))
    solver = Solver()
    goal = z3.And(z == 1, j < -(2**62), b < -100, c > 60000)
    result = solver.solve([], solver.constraint(goal), variables.descs, variables.by_name())
    assert result.status == SAT
    values = result.assignment
    assert -128 <= values["b"] < -100 and 60000 < values["c"] <= 0xFFFF
    assert values["z"] is True and values["j"] < -(2**62)


def test_floating_point_models_include_nan_and_negative_zero():
    variables = InputVariables({(0, 0): PrimitiveInput("d", "D"), (0, 1): PrimitiveInput("f", "F")})
    d, f = variables.primitive("d", "D"), variables.primitive("f", "F")
    solver = Solver()
    nan = solver.solve([], solver.constraint(z3.fpIsNaN(d)), variables.descs, variables.by_name())
    assert nan.status == SAT and math.isnan(nan.assignment["d"])
    zero = solver.solve([], solver.constraint(z3.And(z3.fpIsZero(f), z3.fpIsNegative(f))), variables.descs,
                        variables.by_name())
    assert zero.assignment["f"] == 0.0 and math.copysign(1.0, zero.assignment["f"]) < 0


def test_solving_in_the_solvers_own_context_leaves_the_default_context_intact():
    """Models are read in the solver's context; a term built there by mistake in the default one
    corrupted z3's memory, and building terms afterwards crashed the process."""
    variables = InputVariables({(0, 0): PrimitiveInput("w", "D")})
    w = variables.primitive("w", "D")
    solver = Solver()
    result = solver.solve([], solver.constraint(z3.fpGT(w, z3.FPVal(0.0, z3.Float64()))), variables.descs,
                          variables.by_name())
    assert result.status == SAT and result.assignment["w"] > 0.0
    assert sum(z3.BitVecVal(i, 32).as_long() for i in range(2000)) == sum(range(2000))


def test_string_models_are_utf16_units():
    variables = InputVariables({(0, 0): StringInput("s", 8)})
    s = variables.raw("s", "Ljava/lang/String;")
    solver = Solver()
    goal = z3.And(z3.Length(s) == 2, z3.StrToCode(z3.SubString(s, 0, 1)) == 0xD800,
                  z3.StrToCode(z3.SubString(s, 1, 1)) == ord("\\"))
    result = solver.solve([], solver.constraint(goal), variables.descs, variables.by_name())
    assert result.status == SAT and result.assignment["s"] == "\ud800\\"


def test_queries_on_string_inputs_and_their_unknowns_are_counted_apart():
    variables = InputVariables({(0, 0): StringInput("s", 8), (0, 1): PrimitiveInput("x", "I")})
    s, x = variables.raw("s", "Ljava/lang/String;"), variables.primitive("x", "I")
    solver = Solver(quick_rlimit=1, fast_rlimit=1)
    hard = z3.And(z3.InRe(s, z3.Plus(z3.Range("0", "9"))), z3.StrToInt(s) * z3.StrToInt(s) == 1522756)
    descs, by_name = variables.descs, variables.by_name()
    assert solver.solve([], solver.constraint(hard), descs, by_name).status == UNKNOWN
    assert solver.solve([], solver.constraint(x > 4), descs, by_name, Level.THOROUGH).status == SAT
    assert solver.solve([], solver.constraint(z3.Length(s) == 3), descs, by_name, Level.THOROUGH).status == SAT
    solver.solve([], solver.constraint(z3.Length(s) == 4), descs, by_name, Level.FAST)  # gives up: escalated
    assert solver.stats.queries == 3 and (solver.stats.string_queries, solver.stats.string_unknown) == (2, 1)


def test_unsat_and_cache():
    x = z3.BitVec("x", 32)
    solver = Solver()
    descs, variables = {"x": "I"}, {"x": x}
    query = ([solver.constraint(x > 5)], solver.constraint(x < 3))
    assert solver.solve(*query, descs, variables).status == UNSAT
    assert solver.solve(*query, descs, variables).status == UNSAT
    assert solver.stats.unsat == 1 and solver.stats.cache_hits == 1


def test_resource_limit_gives_unknown_and_the_fallback_finds_a_checked_answer():
    variables = InputVariables({(0, 0): PrimitiveInput("m", "D"), (0, 1): PrimitiveInput("l", "D")})
    m, length = variables.primitive("m", "D"), variables.primitive("l", "D")
    rne = z3.RNE()
    bmi = z3.fpDiv(rne, m, z3.fpMul(rne, length, length))
    goal = z3.And(z3.fpGT(m, z3.FPVal(0.0, z3.Float64())), z3.fpGT(length, z3.FPVal(0.0, z3.Float64())),
                  z3.fpLT(bmi, z3.FPVal(18.5, z3.Float64())))
    solver = Solver(rlimit=1)
    assert solver.solve([], solver.constraint(goal), variables.descs, variables.by_name()).status == UNKNOWN
    # Start far away (bmi about 0.03): the local search has to walk into the window.
    found = search([goal, z3.fpGEQ(bmi, z3.FPVal(18.5 * 0.99, z3.Float64()))], variables.by_name(), variables.descs,
                   ["m", "l"], {"m": 40.67, "l": 35.48}, random.Random(1))
    assert found is not None
    bmi_value = found["m"] / (found["l"] * found["l"])
    assert found["m"] > 0 and found["l"] > 0 and 18.5 * 0.99 <= bmi_value < 18.5


def test_variables_of_constraints_that_share_subterms():
    a, b, c = z3.BitVecs("a b c", 32)
    s = z3.String("s")
    solver = Solver()
    shared = a * b + 7
    assert solver.constraint(shared > 3).variables == {"a", "b"}
    assert solver.constraint(z3.And(shared < c, z3.Length(s) == z3.BV2Int(c))).variables == {"a", "b", "c", "s"}
    assert solver.constraint(z3.BoolVal(True)).variables == frozenset()
    assert solver.constraint(shared > 3).variables == {"a", "b"}  # from the index


def test_each_level_settles_easy_queries_and_hard_ones_escalate():
    x, y = z3.BitVecs("x y", 64)
    descs, variables = {"x": "J", "y": "J"}, {"x": x, "y": y}
    solver = Solver()
    easy = solver.constraint(z3.And(x > 5, x < 9))
    assert solver.solve([], easy, descs, variables, Level.FAST).status == SAT
    assert solver.stats.sat == 1 and solver.stats.escalated == 0
    hard = solver.constraint(z3.And(x * y == 0x7FFF_FFFF_FFFF_FFF1, x > 1, y > 1, x * x * x != y))
    assert solver.solve([], hard, descs, variables, Level.FAST).status == UNKNOWN
    assert solver.stats.escalated == 1 and solver.stats.unknown == 0  # a fast attempt that gave up is no verdict


def test_the_conditions_on_the_goals_own_variables_refute_it_without_the_rest_of_the_path():
    text, hour, month = z3.Strings("text hour month")
    solver = Solver()
    digits = z3.Concat(z3.Range("0", "9"), z3.Range("0", "9"))
    shape = z3.And(text == z3.Concat(month, hour), z3.InRe(hour, digits),
                   z3.InRe(month, z3.Union(z3.Re("Jan"), z3.Re("Feb"))))
    prefix = [solver.constraint(shape), solver.constraint(z3.IndexOf(z3.StringVal("JanFeb"), month, 0) >= 0)]
    descs = {"text": "Ljava/lang/String;"}
    assert solver.refutes(prefix, solver.constraint(z3.PrefixOf(z3.StringVal("-"), hour)), descs)
    assert solver.stats.refuted == 1 and solver.stats.unsat == 1 and solver.stats.string_queries == 1
    assert not solver.refutes(prefix, solver.constraint(hour == "12"), descs)
    # infeasible only with the month's lookup, which does not speak of the text itself: not refuted
    assert not solver.refutes(prefix, solver.constraint(z3.Length(text) == 1), descs)
    assert solver.stats.refuted == 1
