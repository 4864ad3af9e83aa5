"""What the public API offers: the ways in a user of a library has to make its values.

Tests live in the package of the class they test, so they may call package-private constructors
and factories (and, with --include-private, private ones through reflection), and jtc uses them:
a class made only inside its package is still tested. But a value made that way may be one no
user can make: `new CurrencyUnit("a", (short) 6, (short) 0)` through a package-private
constructor, where the class offers `CurrencyUnit.of("EUR")` and constants. A test on such a value
pins behaviour no user meets, and its reader does not recognise the object. So a *hidden way in*
is told apart here: a constructor, static factory or static constant that the public API does not
offer (it, or its class, is not public) and that makes a value of a type it does offer (a public
class: a package-private class has no public way in at all, and its own constructors are how its
package makes it). The choice of tests prefers tests made the public way (oracle/selection.py),
the minimiser makes a test's values the public way where the test still shows what it showed
(minimise/statements.py), and a test that still makes one a hidden way says so in a comment
(emit/hidden.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from jtc.model.classfile import ACC_FINAL, ACC_PRIVATE, ACC_PROTECTED, ACC_PUBLIC, ACC_STATIC
from jtc.model.classindex import ClassIndex
from jtc.model.program import Construct, FieldLoad, Invoke, Program, Statement, is_field_desc
from jtc.model.types import (
    Descriptor, InternalName, internal_name, is_class_type, is_reference, parse_method_descriptor, simple_source_name,
    source_type)

_CONSTANT = ACC_PUBLIC | ACC_STATIC | ACC_FINAL


@dataclass(frozen=True)
class HiddenWay:
    """Statement `position` of a test makes a value a hidden way (see the module's docstring);
    `access`: the flags that hide it (the member's, or its class's when the member is public)."""

    position: int
    owner: InternalName
    name: str
    desc: str
    access: int

    @property
    def words(self) -> str:
        """`the package-private constructor CurrencyUnit(String, short, short)`, `the private
        factory Money.create(BigDecimal)`, `the package-private constant Money.ZERO`."""
        level = "private" if self.access & ACC_PRIVATE else "protected" if self.access & ACC_PROTECTED \
            else "package-private"
        simple = simple_source_name(self.owner)
        if is_field_desc(self.desc):
            return f"the {level} constant {simple}.{self.name}"
        params = ", ".join(source_type(param) for param in parse_method_descriptor(self.desc)[0])
        if self.name == "<init>":
            return f"the {level} constructor {simple}({params})"
        return f"the {level} factory {simple}.{self.name}({params})"


class PublicApi:
    """The public API of the classes of `index`'s project, asked about members and programs
    (answers kept: the choice of tests asks about every run of the search)."""

    def __init__(self, index: ClassIndex) -> None:
        self.index = index
        self._hiding: dict[tuple[InternalName, str, str], int | None] = {}

    def hiding(self, owner: InternalName, name: str, desc: str) -> int | None:
        """The access flags that keep code outside the package from `owner.name desc` (a method
        when `desc` is a method descriptor, else a field, declared by `owner` or a superclass):
        the member's, or its class's; None when the public API offers it. The members of classes
        outside the project (the JDK's, a dependency's) count as offered: jtc uses only their
        public ones."""
        key = (owner, name, desc)
        if key not in self._hiding:
            self._hiding[key] = self._hidden_by(owner, name, desc)
        return self._hiding[key]

    def _hidden_by(self, owner: InternalName, name: str, desc: str) -> int | None:
        cls = self.index.lookup(owner) if self.index.is_project_class(owner) else None
        if cls is None:
            return None
        access = self._access(owner, name, desc)
        if access is not None and not access & ACC_PUBLIC:
            return access
        return None if cls.effective_access & ACC_PUBLIC else cls.effective_access

    def _access(self, owner: InternalName, name: str, desc: str) -> int | None:
        for _, cls in self.index.supertypes(owner):
            if cls is None:
                continue
            if not is_field_desc(desc):
                method = cls.method(name, desc)
                if method is not None:
                    return method.access
            else:
                for field in cls.fields:
                    if field.name == name and field.desc == desc:
                        return field.access
        return None

    def public_type(self, desc: Descriptor) -> bool:
        """Whether `desc` is a class of the project that code in any package may name."""
        if not is_class_type(desc) or not self.index.is_project_class(internal_name(desc)):
            return False
        cls = self.index.lookup(internal_name(desc))
        return cls is not None and bool(cls.effective_access & ACC_PUBLIC)

    def hides(self, owner: InternalName, name: str, desc: str, made: Descriptor) -> bool:
        """Whether the constructor or static member `owner.name desc`, which gives a value of
        type `made`, is a hidden way in: the public API offers the type and not the member."""
        return is_reference(made) and self.public_type(made) and self.hiding(owner, name, desc) is not None

    def hidden_way(self, position: int, statement: Statement) -> HiddenWay | None:
        """Statement `position` as a hidden way in, if it is one: a constructor, or a static
        method or field, that gives a value of a public type the public API does not offer."""
        makes = isinstance(statement, Construct) or isinstance(statement, (Invoke, FieldLoad)) and statement.is_static
        if not makes or not self.hides(statement.owner, statement.name, statement.desc, statement.result_desc):
            return None
        access = self.hiding(statement.owner, statement.name, statement.desc)
        assert access is not None  # it hides
        return HiddenWay(position, statement.owner, statement.name, statement.desc, access)

    def hidden_ways_in(self, program: Program) -> list[HiddenWay]:
        """The statements of a test's `program` before its last (the call under test, whatever its
        access) that make a value a hidden way."""
        return [way for position, statement in enumerate(program[:-1])
                if (way := self.hidden_way(position, statement)) is not None]

    def twins(self, statement: Construct | Invoke) -> list[Invoke]:
        """The calls of the public static factories of the class a hidden constructor or factory
        makes that take the same parameters and give the same type (`Amount.of(Currency, long)`
        beside `Amount(Currency, long)`), with the statement's arguments."""
        made = statement.result_desc
        params = parse_method_descriptor(statement.desc)[0]
        cls = self.index.lookup(internal_name(made)) if self.public_type(made) else None
        if cls is None:
            return []
        return [Invoke(cls.name, method.name, method.desc, None, statement.args) for method in cls.methods
                if method.is_static and method.is_public and not method.is_synthetic
                and parse_method_descriptor(method.desc) == (params, made)]

    def constants(self, desc: Descriptor) -> list[FieldLoad]:
        """The public constants of a public class of the project of its own type, in the order it
        declares them (`CurrencyUnit.USD`, `CurrencyUnit.EUR`): the values its authors named."""
        if not self.public_type(desc):
            return []
        cls = self.index.lookup(internal_name(desc))
        assert cls is not None  # a public type
        return [FieldLoad(cls.name, field.name, field.desc) for field in cls.fields
                if field.access & _CONSTANT == _CONSTANT and field.desc == desc]
