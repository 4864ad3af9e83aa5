"""A statement of a test as a Java expression: a constructor or method call on its receiver, a
field read or written, an array, a collection, a stub (stubs.py) or a call through reflection
(reflection.py)."""

from __future__ import annotations

from jtc.emit.arguments import Arguments, arg_slot
from jtc.calls.jdk import NOT_GENERIC, PROPERTIES
from jtc.emit.naming import LocalNames, simple_class_name
from jtc.emit.reflection import reflective_call
from jtc.emit.stubs import stub_expression
from jtc.model.program import Construct, FieldLoad, FieldStore, Invoke, NewArray, NewCollection, Null, Statement, Stub
from jtc.model.types import Descriptor, InternalName, internal_name, is_class_type

LIST_OF_RELEASE = 9  # List.of came with Java 9: tests of Java 8 classes fill collections by Arrays.asList


class Expressions:
    """The expressions of one test, written for Java `release` (javac.release_for_tests)."""

    def __init__(self, arguments: Arguments, local_names: LocalNames, release: int) -> None:
        self.arguments = arguments
        self.spelling = arguments.spelling
        self.index = arguments.index
        self.local_names = local_names
        self.release = release

    @property
    def variables(self) -> dict[int, tuple[str, Descriptor]]:
        """Statement index -> (its local or the expression written for it, the declared type)."""
        return self.arguments.variables

    def call(self, statement: Statement, discarded: bool = False, index: int | None = None) -> str:
        """The statement as an expression; `discarded` when its value is not used (the body of a
        lambda given to assertThrows must be a statement expression: no cast around it); `index`
        is its position in the program (None for an observer's call)."""
        if statement.reflective:
            return reflective_call(statement, self.arguments, discarded)
        spelling = self.spelling
        arguments = self.arguments.arguments(statement, skip=1 if self.constructs_inner(statement) else 0, index=index)
        if isinstance(statement, Construct):
            if self.constructs_inner(statement):
                first = statement.args[0]
                enclosing = self.arguments.argument(first, statement.param_descs[0], cast=isinstance(first, Null))
                if not enclosing.isidentifier():
                    enclosing = f"({enclosing})"
                return f"{enclosing}.new {simple_class_name(statement.owner)}({arguments})"
            return f"new {spelling.spell_class(statement.owner)}({arguments})"
        if isinstance(statement, NewArray):
            return f"new {spelling.spell(statement.desc)} {{{arguments}}}"
        if isinstance(statement, FieldLoad):
            target = spelling.spell_class(statement.owner) if statement.receiver is None else self.receiver(statement)
            return f"{target}.{statement.name}"
        if isinstance(statement, NewCollection):
            return self.collection(statement, index)
        if isinstance(statement, Stub):
            return stub_expression(statement, self.arguments, self.local_names)
        target = spelling.spell_class(statement.owner) if statement.receiver is None else self.receiver(statement)
        if isinstance(statement, FieldStore):
            return f"{target}.{statement.name} = {arguments}"
        if isinstance(statement, Invoke) and statement.returns is not None and not discarded:
            returned = spelling.spell(spelling.declared_type(statement.returns))
            return f"({returned}) {target}.{statement.name}({arguments})"
        return f"{target}.{statement.name}({arguments})"

    def receiver(self, statement: Invoke | FieldStore | FieldLoad) -> str:
        """The receiver as written before the call's dot: a local, or the expression of an inlined
        statement, in parentheses when it is a cast (`((Monster) monsters.get(0)).getSquare()`)."""
        assert statement.receiver is not None
        name, declared = self.variables[statement.receiver.index]
        if name.startswith("("):
            name = f"({name})"
        if is_class_type(declared) and self.index.is_subtype(internal_name(declared), statement.owner):
            return name
        return f"(({self.spelling.spell_class(statement.owner)}) {name})"

    def collection(self, statement: NewCollection, index: int | None) -> str:
        """`new ArrayList<>(List.of(a, b))` (Arrays.asList when an element is null, or for Java 8); a map is
        filled by `put` statements after its declaration (`map_puts`)."""
        made = self.spelling.spell_class(statement.owner)
        if not statement.args or statement.is_map:
            return f"new {made}()" if statement.owner in NOT_GENERIC else f"new {made}<>()"
        elements = ", ".join(self.arguments.argument(v, p, False, arg_slot(index, position))
                             for position, (v, p) in enumerate(zip(statement.args, statement.param_descs)))
        if any(isinstance(v, Null) for v in statement.args) or self.release < LIST_OF_RELEASE:
            return f"new {made}<>({self.spelling.spell_class(InternalName('java/util/Arrays'))}.asList({elements}))"
        return f"new {made}<>({self.spelling.spell_class(InternalName('java/util/List'))}.of({elements}))"

    def map_puts(self, statement: NewCollection, local: str, index: int) -> list[str]:
        """The statements that fill the map in `local` with the entries of `statement`."""
        values = [self.arguments.argument(v, p, False, arg_slot(index, position))
                  for position, (v, p) in enumerate(zip(statement.args, statement.param_descs))]
        put = "setProperty" if statement.owner == PROPERTIES else "put"
        return [f"{local}.{put}({values[i]}, {values[i + 1]});" for i in range(0, len(values) - 1, 2)]

    def constructs_inner(self, statement: Statement) -> bool:
        """`outer.new Inner(…)`: the first constructor argument is the enclosing instance."""
        return isinstance(statement, Construct) and bool(statement.args) and self.index.is_inner(statement.owner)
