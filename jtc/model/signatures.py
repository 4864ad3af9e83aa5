"""Generic signatures (JVMS §4.7.9.1): `List<Ghost>` where the descriptor only says `List`.

Sequence generation needs the element types of collection parameters (a `List<Ghost>` gets
ghosts), and the emitter spells declared types with their type arguments. Type variables are
replaced by their first bound (`T extends Comparable<T>` reads as `Comparable`), wildcards by their
bound (`? extends Unit` reads as `Unit`), an unbounded wildcard by nothing known (None).
"""

from __future__ import annotations

from dataclasses import dataclass

from jtc.model.types import Descriptor, InternalName, OBJECT_DESC, array_desc, element_type, is_array, object_desc


@dataclass(frozen=True)
class GenericType:
    """A type with the type arguments the signature gives it; `args` are None where unknown."""

    desc: Descriptor  # the erased descriptor
    args: tuple[GenericType | None, ...] = ()
    variable: bool = False  # a type variable, read as its bound

    @property
    def element(self) -> GenericType | None:
        """The component type of an array (arrays hold it as their one argument)."""
        return self.args[0] if is_array(self.desc) else None

    @property
    def concrete(self) -> bool:
        """Whether every type argument is known and no type variable is involved (so that a test
        can spell it with its arguments)."""
        return not self.variable and all(a is not None and a.concrete for a in self.args)


def plain(desc: Descriptor) -> GenericType:
    """A type without type arguments (what a descriptor alone says)."""
    if is_array(desc):
        return GenericType(desc, (plain(element_type(desc)),))
    return GenericType(desc)


@dataclass(frozen=True)
class MethodSignature:
    params: tuple[GenericType, ...]
    returns: GenericType


class _Parser:
    def __init__(self, text: str, bounds: dict[str, GenericType]) -> None:
        self.text = text
        self.pos = 0
        self.bounds = dict(bounds)

    def peek(self) -> str:
        return self.text[self.pos]

    def next(self) -> str:
        self.pos += 1
        return self.text[self.pos - 1]

    def type_parameters(self) -> None:
        """`<T:Ljava/lang/Object;U::Ljava/lang/Comparable<TU;>;>`: remember each one's first bound."""
        if self.peek() != "<":
            return
        self.next()
        pending: list[tuple[str, list[GenericType]]] = []
        while self.peek() != ">":
            name = self.text[self.pos:self.text.index(":", self.pos)]
            self.pos += len(name)
            bounds: list[GenericType] = []
            while self.peek() == ":":
                self.next()
                if self.peek() in "LT[":
                    bounds.append(self.reference())
            pending.append((name, bounds))
            self.bounds.setdefault(name, GenericType(OBJECT_DESC, variable=True))
        self.next()
        for name, bounds in pending:
            bound = bounds[0] if bounds else GenericType(OBJECT_DESC)
            self.bounds[name] = GenericType(bound.desc, bound.args, variable=True)

    def type(self) -> GenericType:
        if self.peek() in "ZBCSIJFDV":
            return GenericType(Descriptor(self.next()))
        return self.reference()

    def reference(self) -> GenericType:
        kind = self.peek()
        if kind == "[":
            self.next()
            element = self.type()
            return GenericType(array_desc(element.desc), (element,), element.variable)
        if kind == "T":
            end = self.text.index(";", self.pos)
            name = self.text[self.pos + 1:end]
            self.pos = end + 1
            return self.bounds.get(name, GenericType(OBJECT_DESC, variable=True))
        return self.class_type()

    def class_type(self) -> GenericType:
        """`Lpkg/Outer<TT;>.Inner<Ljava/lang/String;>;` -> Lpkg/Outer$Inner; with the last arguments."""
        assert self.next() == "L"
        name = ""
        args: tuple[GenericType | None, ...] = ()
        while True:
            start = self.pos
            while self.peek() not in "<.;":
                self.next()
            name += self.text[start:self.pos]
            args = self.arguments() if self.peek() == "<" else ()
            if self.peek() == ".":
                self.next()
                name += "$"
                continue
            self.next()  # ';'
            return GenericType(object_desc(InternalName(name)), args)

    def arguments(self) -> tuple[GenericType | None, ...]:
        self.next()  # '<'
        found: list[GenericType | None] = []
        while self.peek() != ">":
            kind = self.peek()
            if kind == "*":
                self.next()
                found.append(None)
                continue
            if kind in "+-":
                self.next()
            found.append(self.reference())
        self.next()
        return tuple(found)


def parse_method_signature(signature: str, class_bounds: dict[str, GenericType] | None = None) -> MethodSignature:
    parser = _Parser(signature, class_bounds or {})
    parser.type_parameters()
    assert parser.next() == "("
    params = []
    while parser.peek() != ")":
        params.append(parser.type())
    parser.next()
    return MethodSignature(tuple(params), parser.type())


def parse_field_signature(signature: str, class_bounds: dict[str, GenericType] | None = None) -> GenericType:
    return _Parser(signature, class_bounds or {}).reference()


def class_type_bounds(signature: str | None) -> dict[str, GenericType]:
    """The bounds of a generic class's type parameters, for reading its members' signatures."""
    if not signature or not signature.startswith("<"):
        return {}
    parser = _Parser(signature, {})
    parser.type_parameters()
    return parser.bounds
