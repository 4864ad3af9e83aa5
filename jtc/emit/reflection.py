"""A member the test may not name (private), reached through the reflection helpers the test class
then holds (templates/reflection.java.j2), the way the generator reached it."""

from __future__ import annotations

from jtc.emit.arguments import Arguments
from jtc.emit.literals import string_literal
from jtc.model.program import Construct, FieldStore, Invoke, Statement
from jtc.model.types import OBJECT_DESC, binary_name


def reflective_call(statement: Statement, arguments: Arguments, discarded: bool = False) -> str:
    """The call through the helpers, its result cast back to the type the test declares for it
    (unless the value is `discarded`)."""
    spelling = arguments.spelling
    owner = f"Class.forName({string_literal(binary_name(statement.owner))})"
    values = [arguments.argument(v, p, cast=True) for v, p in zip(statement.args, statement.param_descs)]
    if isinstance(statement, Construct):
        types = ", ".join(f"{spelling.spell(p)}.class" for p in statement.param_descs)
        expression = f"newDeclared({owner}, new Class<?>[] {{{types}}}{''.join(', ' + v for v in values)})"
    else:
        assert isinstance(statement, (Invoke, FieldStore))
        target = "null" if statement.receiver is None else arguments.variables[statement.receiver.index][0]
        if isinstance(statement, FieldStore):
            return f"setDeclared({owner}, {target}, {string_literal(statement.name)}, {values[0]})"
        types = ", ".join(f"{spelling.spell(p)}.class" for p in statement.param_descs)
        expression = (f"invokeDeclared({owner}, {target}, {string_literal(statement.name)}, "
                      f"new Class<?>[] {{{types}}}{''.join(', ' + v for v in values)})")
    declared = spelling.declared_type(statement.result_desc)
    if discarded or statement.result_desc == "V" or declared == OBJECT_DESC:
        return expression
    return f"({spelling.spell(declared)}) {expression}"
