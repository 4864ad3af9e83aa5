"""The condition on the inputs under which a test takes the branch it alone covers.

The replay of a test's run holds each decision of its path with the condition, over the input
variables, that selected the outcome taken. For the first branch edge the test alone covers, that
condition is read back as a relation of one input to a constant or to another input (`day > 7`,
`amount > balance`, `key == null`, a String's length: `name.length() > 10`), which a test name can
say (`greetOfNameLengthAbove10…`). A `switch`'s default over cases that are a run of constants
(`case 1` … `case 7`) is said by the side of the run the test's input lies on (`nameOfDayAbove7Throws…`
for 9). Inputs are named after their parameter (`s0.Weekday.name(I)Ljava/lang/String;.day`, see
exploration/templates.py); a condition over anything else (an array element, an arithmetic term, a
parameter without a name, a String's characters) says nothing a reader would follow, and gives none.

Only a search's run has input variables: a minimised test is run again with concrete values, so its
condition is read from the run it was cut from (the same call under test, with the same inputs).
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping

import z3

from jtc.model.testcases import InputCondition, Relation
from jtc.execution.runs import Execution
from jtc.svm.path import DecisionKind

RELATIONS = {
    z3.Z3_OP_SLT: Relation.LESS, z3.Z3_OP_ULT: Relation.LESS, z3.Z3_OP_FPA_LT: Relation.LESS,
    z3.Z3_OP_SLEQ: Relation.AT_MOST, z3.Z3_OP_ULEQ: Relation.AT_MOST, z3.Z3_OP_FPA_LE: Relation.AT_MOST,
    z3.Z3_OP_SGT: Relation.GREATER, z3.Z3_OP_UGT: Relation.GREATER, z3.Z3_OP_FPA_GT: Relation.GREATER,
    z3.Z3_OP_SGEQ: Relation.AT_LEAST, z3.Z3_OP_UGEQ: Relation.AT_LEAST, z3.Z3_OP_FPA_GE: Relation.AT_LEAST,
    z3.Z3_OP_EQ: Relation.EQUAL, z3.Z3_OP_FPA_EQ: Relation.EQUAL, z3.Z3_OP_DISTINCT: Relation.NOT_EQUAL,
}
NEGATED = {Relation.LESS: Relation.AT_LEAST, Relation.AT_LEAST: Relation.LESS, Relation.GREATER: Relation.AT_MOST,
            Relation.AT_MOST: Relation.GREATER, Relation.EQUAL: Relation.NOT_EQUAL,
            Relation.NOT_EQUAL: Relation.EQUAL, Relation.NULL: Relation.NOT_NULL, Relation.NOT_NULL: Relation.NULL}
_MIRRORED = {Relation.LESS: Relation.GREATER, Relation.GREATER: Relation.LESS, Relation.AT_MOST: Relation.AT_LEAST,
             Relation.AT_LEAST: Relation.AT_MOST}
WIDENINGS = frozenset({z3.Z3_OP_SIGN_EXT, z3.Z3_OP_ZERO_EXT, z3.Z3_OP_EXTRACT, z3.Z3_OP_INT2BV})
# `s<statement>.<label><descriptor>.<parameter>`, the parameter maybe with `.length` or `==null`.
_INPUT = re.compile(r"\)\[*(?:[ZBCSIJFDV]|L[^;]*;)\.(?P<parameter>[A-Za-z_$][\w$]*)(?P<suffix>\.length|==null)?$")


def alone_condition(execution: Execution, alone: frozenset[Hashable]) -> InputCondition | None:
    """The condition of the first decision of `execution`'s path that takes a branch edge in
    `alone` (coverage items only this test has), when it reads as a relation of inputs."""
    replay = execution.replay
    if replay is None:
        return None
    for decision in replay.decisions:
        if decision.kind in (DecisionKind.BRANCH, DecisionKind.SWITCH) and (*decision.site, decision.label) in alone:
            found = input_condition(decision.cond, execution.assignment)
            if found is not None:
                return found
    return None


def input_condition(condition: z3.BoolRef, assignment: Mapping[str, object] = {}) -> InputCondition | None:
    """`condition` as one relation of an input to a constant or another input, if it is one; a
    `switch` default by the side of its cases the input's value (in `assignment`) lies on."""
    if z3.is_and(condition):
        return _outside_cases(condition, assignment)
    negated = False
    while z3.is_not(condition):
        condition, negated = condition.arg(0), not negated
    if z3.is_or(condition):  # a floating-point comparison's NaN disjunct (dcmpg, dcmpl)
        parts = [part for part in condition.children() if part.decl().kind() in RELATIONS]
        if len(parts) != 1:
            return None
        condition = parts[0]
    found = _relation(condition)
    if found is None:
        return None
    return InputCondition(found.subject, NEGATED[found.relation], found.other) if negated else found


def _outside_cases(condition: z3.BoolRef, assignment: Mapping[str, object]) -> InputCondition | None:
    """A `switch` default, `x != 1 && … && x != 7`, as `x < 1` or `x > 7`, whichever the input's
    value satisfies; None when the cases are not a run of constants or the value is unknown."""
    subjects, constants = set(), set()
    for part in condition.children():
        found = input_condition(part)
        if found is None or found.relation != Relation.NOT_EQUAL or not isinstance(found.other, int):
            return None
        subjects.add(found.subject)
        constants.add(found.other)
    variables = {input_name(variable): variable.decl().name() for variable in _variables(condition)}
    value = assignment.get(variables.get(next(iter(subjects)), ""), None) if len(subjects) == 1 else None
    low, high = min(constants, default=0), max(constants, default=0)
    if not isinstance(value, int) or isinstance(value, bool) or len(constants) != high - low + 1:
        return None
    return InputCondition(subjects.pop(), Relation.LESS, low) if value < low else InputCondition(
        subjects.pop(), Relation.GREATER, high)


def _variables(term: z3.ExprRef) -> list[z3.ExprRef]:
    """The uninterpreted constants (input variables) of `term`."""
    if z3.is_const(term) and term.decl().kind() == z3.Z3_OP_UNINTERPRETED:
        return [term]
    return [variable for child in term.children() for variable in _variables(child)]


def _relation(condition: z3.ExprRef) -> InputCondition | None:
    if z3.is_const(condition) and condition.decl().kind() == z3.Z3_OP_UNINTERPRETED:
        name = input_name(condition)
        if name is None or not name.endswith("==null"):
            return None
        return InputCondition(name.removesuffix("==null"), Relation.NULL)
    relation = RELATIONS.get(condition.decl().kind()) if z3.is_app(condition) else None
    if relation is None or condition.num_args() != 2:
        return None
    left, right = (_operand(condition.arg(position)) for position in range(2))
    if isinstance(left, str) and right is not None:
        return InputCondition(left, relation, right)
    if isinstance(right, str) and left is not None:
        return InputCondition(right, _MIRRORED.get(relation, relation), left)
    return None


def _operand(term: z3.ExprRef) -> str | int | float | None:
    """An input's name, or a constant's value; None for any other term."""
    while z3.is_app(term) and term.decl().kind() in WIDENINGS:
        term = term.arg(0)
    if z3.is_bv_value(term):
        return term.as_signed_long()
    if z3.is_int_value(term):
        return term.as_long()
    if z3.is_app(term) and term.decl().kind() == z3.Z3_OP_SEQ_LENGTH and z3.is_const(term.arg(0)):
        name = input_name(term.arg(0))
        return f"{name}.length" if name is not None and not name.endswith(("==null", ".length")) else None
    if z3.is_fp_value(term):
        value = float(z3.simplify(z3.fpToReal(term)).as_fraction()) if not term.isNaN() and not term.isInf() else None
        return value
    if z3.is_const(term) and term.decl().kind() == z3.Z3_OP_UNINTERPRETED:
        name = input_name(term)
        return name if name is not None and not name.endswith("==null") else None
    return None


def input_name(variable: z3.ExprRef) -> str | None:
    """The parameter an input variable stands for (with `.length`, `==null`), None when it has no
    name of its own (an array element, `arg0`)."""
    match = _INPUT.search(variable.decl().name())
    if match is None or re.fullmatch(r"arg\d+", match["parameter"]):
        return None
    return match["parameter"] + (match["suffix"] or "")
