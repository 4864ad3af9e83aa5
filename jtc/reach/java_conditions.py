"""Conditions over a run's inputs (z3 terms) written as Java, for the report of unreachable lines:
`x > 5 && x < 3`. A relation of one input to a constant or another input reads as the test names
read it (minimise/conditions.py); any other term is written operator by operator, inputs by their
parameter names, constants as Java literals, and what has no Java form in z3's own notation.
"""

from __future__ import annotations

import z3

from jtc.emit.literals import string_literal
from jtc.minimise.conditions import NEGATED, RELATIONS, WIDENINGS, input_condition, input_name
from jtc.model.testcases import InputCondition, Relation

_OPERATORS = {
    z3.Z3_OP_BADD: "+", z3.Z3_OP_BSUB: "-", z3.Z3_OP_BMUL: "*", z3.Z3_OP_BSDIV: "/", z3.Z3_OP_BSDIV_I: "/",
    z3.Z3_OP_BSREM: "%", z3.Z3_OP_BSREM_I: "%", z3.Z3_OP_BAND: "&", z3.Z3_OP_BOR: "|", z3.Z3_OP_BXOR: "^",
    z3.Z3_OP_BSHL: "<<", z3.Z3_OP_BASHR: ">>", z3.Z3_OP_BLSHR: ">>>", z3.Z3_OP_ADD: "+", z3.Z3_OP_SUB: "-",
    z3.Z3_OP_MUL: "*", z3.Z3_OP_FPA_ADD: "+", z3.Z3_OP_FPA_SUB: "-", z3.Z3_OP_FPA_MUL: "*",
    z3.Z3_OP_FPA_DIV: "/", z3.Z3_OP_AND: "&&", z3.Z3_OP_OR: "||",
}
# Comparisons of mathematical integers (a String's length), besides the bit-vector and floating-point ones.
_COMPARISONS = {z3.Z3_OP_LT: "<", z3.Z3_OP_LE: "<=", z3.Z3_OP_GT: ">", z3.Z3_OP_GE: ">="}


def java_conjunction(conditions: list[z3.BoolRef]) -> str:
    """The conditions joined with `&&`, each in Java."""
    return " && ".join(_parenthesised(condition) if z3.is_or(condition) else java_condition(condition)
                       for condition in conditions)


def java_condition(condition: z3.ExprRef) -> str:
    readable = z3.is_bool(condition) and not z3.is_and(condition) and not _measures_text(condition)
    relation = input_condition(condition) if readable else None
    if relation is not None:
        return _relation(relation)
    return _term(condition)


def _measures_text(term: z3.ExprRef) -> bool:
    """Whether a String's length is part of `term` (`name.length()` in Java, which the relations
    of test names write `name.length`)."""
    return z3.is_app(term) and (term.decl().kind() == z3.Z3_OP_SEQ_LENGTH or any(map(_measures_text, term.children())))


def _relation(condition: InputCondition) -> str:
    if condition.relation in (Relation.NULL, Relation.NOT_NULL):
        return f"{condition.subject} {'==' if condition.relation == Relation.NULL else '!='} null"
    return f"{condition.subject} {condition.relation.value} {condition.other}"


def _term(term: z3.ExprRef) -> str:
    if z3.is_true(term) or z3.is_false(term):
        return "true" if z3.is_true(term) else "false"
    if z3.is_bv_value(term):
        return str(term.as_signed_long())
    if z3.is_int_value(term):
        return str(term.as_long())
    if z3.is_string_value(term):
        return string_literal(term.as_string())
    if z3.is_const(term) and term.decl().kind() == z3.Z3_OP_UNINTERPRETED:
        name = input_name(term) or term.decl().name()
        return name.replace("==null", " == null")
    if not z3.is_app(term):
        return str(term)
    kind, children = term.decl().kind(), term.children()
    if kind in WIDENINGS and len(children) == 1:
        return _term(children[0])
    if kind == z3.Z3_OP_NOT:
        inner = children[0]
        if z3.is_app(inner) and inner.decl().kind() in RELATIONS and inner.num_args() == 2:
            negated = NEGATED[RELATIONS[inner.decl().kind()]].value
            return f"{_parenthesised(inner.arg(0))} {negated} {_parenthesised(inner.arg(1))}"
        return f"!{_parenthesised(inner)}"
    if kind in (z3.Z3_OP_BNEG, z3.Z3_OP_UMINUS, z3.Z3_OP_FPA_NEG):
        return f"-{_parenthesised(children[0])}"
    if kind == z3.Z3_OP_SEQ_LENGTH:
        return f"{_parenthesised(children[0])}.length()"
    if kind == z3.Z3_OP_ITE:
        return f"{_parenthesised(children[0])} ? {_parenthesised(children[1])} : {_parenthesised(children[2])}"
    operator = RELATIONS[kind].value if kind in RELATIONS else _OPERATORS.get(kind, _COMPARISONS.get(kind))
    if operator is not None and len(children) >= 2:
        logical = kind in (z3.Z3_OP_AND, z3.Z3_OP_OR)  # relations and negations bind tighter: no parentheses
        return f" {operator} ".join(java_condition(child) if logical and _binds_tighter(child) else
                                    _parenthesised(child) for child in children)
    return str(term)


def _binds_tighter(term: z3.ExprRef) -> bool:
    return z3.is_app(term) and (term.decl().kind() in RELATIONS or term.decl().kind() in _COMPARISONS
                                or term.decl().kind() == z3.Z3_OP_NOT)


def _parenthesised(term: z3.ExprRef) -> str:
    text = java_condition(term)
    atomic = not z3.is_app(term) or term.num_args() == 0 or term.decl().kind() in WIDENINGS \
        or term.decl().kind() == z3.Z3_OP_SEQ_LENGTH
    return text if atomic else f"({text})"
