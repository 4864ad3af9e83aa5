"""A stub as the test writes it: a lambda for an interface with one method, else an anonymous class
whose methods return the answers the search chose (its shape: templates/blocks.java.j2)."""

from __future__ import annotations

from dataclasses import dataclass

from jtc.emit.arguments import Arguments
from jtc.emit.java_text import block
from jtc.emit.naming import LocalNames
from jtc.model.classindex import ClassIndex
from jtc.model.classfile import ACC_PROTECTED, ACC_PUBLIC
from jtc.model.program import Answer, Stub
from jtc.model.types import InternalName, parse_method_descriptor


@dataclass(frozen=True)
class _Override:
    """One method of an anonymous class, as the template writes it."""

    access: str  # the modifier and its space, or ""
    returns: str
    name: str
    parameters: str
    answer: str | None  # the returned expression; None for a void method


def stub_expression(statement: Stub, arguments: Arguments, local_names: LocalNames) -> str:
    """The stub as an expression; lines after the first are indented relative to it."""
    spelling = arguments.spelling
    answered = dict(zip((a.key for a in statement.answered), statement.args[len(statement.constructor_params):]))
    if statement.is_interface and len(statement.answers) == 1:
        answer = statement.answers[0]
        parameters = ", ".join(local_names.allocate(n) for n in _parameter_names(arguments.index, statement.owner, answer))
        if answer.returns == "V":
            return f"({parameters}) -> {{\n}}"
        return f"({parameters}) -> {arguments.argument(answered[answer.key], answer.returns, cast=False)}"
    declaration = arguments.index.lookup(statement.owner)
    constructor_arguments = ", ".join(arguments.argument(v, p, cast=True)
                                      for v, p in zip(statement.args, statement.constructor_params))
    stub_type = spelling.spell_class(statement.owner)
    methods = []
    for answer in statement.answers:
        method = declaration.method(answer.name, answer.desc) if declaration else None
        access = "public " if statement.is_interface or method is None or method.access & ACC_PUBLIC else \
            "protected " if method.access & ACC_PROTECTED else ""
        params, returns = parse_method_descriptor(answer.desc)
        names = _parameter_names(arguments.index, statement.owner, answer)
        signature = ", ".join(f"{spelling.spell(p)} {n}" for p, n in zip(params, names))
        returned = spelling.spell(returns)
        methods.append(_Override(access, returned, answer.name, signature, None if returns == "V" else
                                 arguments.argument(answered[answer.key], returns, cast=False)))
    return block("anonymous_class", type=stub_type, arguments=constructor_arguments, methods=methods)


def _parameter_names(index: ClassIndex, owner: InternalName, answer: Answer) -> list[str]:
    """The abstract method's parameter names where the class file has them (else arg0, arg1…)."""
    for _, info in index.supertypes(owner):
        method = info.method(answer.name, answer.desc) if info is not None else None
        if method is not None and method.param_names and all(n.isidentifier() for n in method.param_names):
            return list(method.param_names)
    return [f"arg{i}" for i in range(len(parse_method_descriptor(answer.desc)[0]))]
