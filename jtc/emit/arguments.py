"""A value as an argument: a local, an expression written where it is used, a literal, or a
parameterized test's parameter, cast where overload resolution or the parameter's type needs it."""

from __future__ import annotations

from collections.abc import Mapping

from jtc.emit.folding import ARG, Slot
from jtc.emit.literals import java_literal
from jtc.emit.spelling import Spelling
from jtc.model.program import Construct, Invoke, Literal, Null, Statement, Value, VarRef
from jtc.model.types import (
    BOXABLE, Descriptor, OBJECT_DESC, internal_name, is_array, is_class_type, is_primitive, is_reference)


def arg_slot(index: int | None, position: int) -> Slot | None:
    """The slot of argument `position` of statement `index` (None: a call outside the program)."""
    return None if index is None else Slot(ARG, index, position)


class Arguments:
    """The arguments one test writes; `variables` are what its earlier statements are written as."""

    def __init__(self, spelling: Spelling, parameters: Mapping[Slot, str]) -> None:
        """`parameters` names the slots that are parameters of a parameterized test."""
        self.spelling = spelling
        self.index = spelling.index
        self.parameters = parameters
        # statement index -> (its local, or its expression when written where used; the declared type)
        self.variables: dict[int, tuple[str, Descriptor]] = {}

    def assignable(self, declared: Descriptor, param: Descriptor) -> bool:
        """Whether a local of type `declared` can be passed for `param` without a cast."""
        if declared == param:
            return True
        if not (is_reference(declared) and is_reference(param)):
            return False
        if param == OBJECT_DESC:
            return True
        return is_class_type(declared) and is_class_type(param) and self.index.is_subtype(internal_name(declared), internal_name(param)) is True

    def argument(self, value: Value, param: Descriptor, cast: bool, slot: Slot | None = None) -> str:
        """One argument; `cast` when overload resolution needs the exact parameter type. A value in
        a slot of a parameterized test is the test's parameter of the slot's type."""
        spell = self.spelling.spell
        if slot is not None and slot in self.parameters and not isinstance(value, VarRef):
            return self.parameter_argument(self.parameters[slot], value.desc, param, cast)
        if isinstance(value, VarRef):
            name, declared = self.variables[value.index]
            if declared == param or (self.assignable(declared, param) and not cast):
                return name
            return f"({spell(param)}) {name}"
        if isinstance(value, Null):
            return f"({spell(param)}) null" if cast else "null"
        text = java_literal(value)
        if isinstance(value, Literal) and is_primitive(param) and value.desc != param:
            return f"({spell(param)}) {text}"
        if isinstance(value, Literal) and is_primitive(value.desc) and param in BOXABLE:
            # Boxed; `(Integer) -1` would read as a subtraction from a variable Integer.
            return f"({spell(param)}) {f'({text})' if text.startswith('-') else text}" if cast else text
        if value.desc != param and (cast or not self.assignable(value.desc, param)):
            return f"({spell(param)}) {text}"
        return text

    def parameter_argument(self, name: str, desc: Descriptor, param: Descriptor, cast: bool) -> str:
        """A parameter of type `desc` passed for `param`, cast as a literal of its type would be."""
        spell = self.spelling.spell
        if is_primitive(desc) and is_primitive(param) and desc != param:
            return f"({spell(param)}) {name}"
        if is_primitive(desc) and param in BOXABLE:
            return f"({spell(param)}) {name}" if cast else name  # boxed
        if desc != param and (cast or not self.assignable(desc, param)):
            return f"({spell(param)}) {name}"
        return name

    def arguments(self, statement: Statement, skip: int = 0, index: int | None = None) -> str:
        """The argument list from argument `skip` on (an inner class's enclosing instance is not
        in the list); `index` is the statement's position, for the slots of a parameterized test."""
        params = statement.param_descs
        overloaded = isinstance(statement, (Construct, Invoke))
        rivals = self.index.rival_params(statement.owner, statement.name, statement.desc) if overloaded else []
        rendered = []
        for position in range(skip, len(params)):
            value, param = statement.args[position], params[position]
            if rivals is None:
                cast = True
            elif isinstance(value, Null):
                cast = any(is_reference(r[position]) and r[position] != param for r in rivals)
            else:
                cast = any(r[position] != param for r in rivals)
            # A null for a trailing array parameter reads as a varargs call without the cast.
            cast = cast or (isinstance(value, Null) and is_array(param) and position == len(params) - 1)
            rendered.append(self.argument(value, param, cast, arg_slot(index, position)))
        return ", ".join(rendered)
