"""Invokables: the statements a candidate sequence is made of (seed 002, table 4.2).

A test can only do a few kinds of things: construct an object, call a method, store into a field,
read a static field (an enum constant, a shared instance), build an array or a collection, and
declare a small class of its own (a stub of an interface or abstract class). Each kind is an
Invokable with argument types (the receiver first for instance members) and a result type, which is
all sequence generation needs to match producers with consumers. Which members qualify depends on
what a test in the class's package may touch: public members always, package-private and protected
ones on request, private ones only through reflection and only when asked for. Invokables are made
from the class index's declarations, so no class has to be loaded to know what it offers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from jtc.config import AccessOptions
from jtc.model.classfile import (ACC_FINAL, ACC_PRIVATE, ACC_PROTECTED, ACC_PUBLIC, ACC_STATIC, ClassFile,
                                 MethodDecl)
from jtc.model.classindex import ClassIndex
from jtc.model.program import Answer
from jtc.model.signatures import GenericType, plain
from jtc.model.types import (
    Descriptor, InternalName, binary_name, element_type, internal_name, object_desc, package_of,
    parse_method_descriptor)


class InvokableKind(StrEnum):
    NEW = "new"
    CALL = "call"
    STATIC = "static"
    PUT = "put"
    PUT_STATIC = "putstatic"
    GET_STATIC = "getstatic"  # a static field's value: enum constants, shared instances
    ARRAY = "array"
    COLLECTION = "collection"  # a JDK collection or map holding the arguments
    STUB = "stub"  # an instance of a small class the test declares (anonymous class or lambda)


@dataclass(frozen=True)
class Invokable:
    kind: InvokableKind
    owner: InternalName  # the class made, for COLLECTION; the type stubbed, for STUB)
    name: str  # method or field name; "<init>" for constructors; the descriptor for arrays
    desc: str  # method descriptor, field descriptor, array or collection type; a STUB's constructor or ""
    receiver: Descriptor | None  # the receiver of instance calls and field stores
    params: tuple[Descriptor, ...]  # the arguments proper (no receiver)
    param_names: tuple[str, ...]
    returns: Descriptor  # the result, "V" when there is none
    reflective: bool = False
    inner: bool = False  # a constructor of an inner class: the first argument is the enclosing instance
    types: tuple[GenericType, ...] = ()  # the arguments' types with their type arguments, when known
    answers: tuple[Answer, ...] = ()  # STUB: the abstract methods answered (the last arguments)
    result_type: GenericType | None = field(default=None, compare=False)  # the result's type with its type arguments
    throws_checked: bool = False  # declares checked exceptions: a test calling it declares `throws Exception`

    @property
    def required(self) -> Descriptor | None:
        """The input that must be an existing object: the receiver, or an inner class's enclosing
        instance (`outer.new Inner()` cannot take null)."""
        return self.receiver or (self.params[0] if self.inner else None)

    @property
    def label(self) -> str:
        """Short and readable, for logs and input variable names."""
        simple = self.owner.rsplit("/", 1)[-1].rsplit("$", 1)[-1]
        if self.kind == InvokableKind.NEW:
            return f"new {simple}"
        if self.kind == InvokableKind.ARRAY:
            return f"new {self.desc}"
        if self.kind == InvokableKind.COLLECTION:
            return f"new {simple}"
        if self.kind == InvokableKind.STUB:
            return f"stub {simple}"
        return f"{simple}.{self.name}"

    @property
    def inputs(self) -> tuple[Descriptor, ...]:
        """Every value the statement consumes: receiver first, then the arguments."""
        return ((self.receiver,) if self.receiver else ()) + self.params

    def type_of(self, argument: int) -> GenericType:
        """The declared type of argument `argument`, with type arguments when known."""
        return self.types[argument] if argument < len(self.types) else plain(self.params[argument])


def visible(access: int, options: AccessOptions, same_package: bool) -> tuple[bool, bool]:
    """(usable, needs reflection) for a member with `access`."""
    if access & ACC_PUBLIC:
        return True, False
    if access & ACC_PRIVATE:
        return options.include_private, True
    if not same_package:
        return options.include_private, True
    usable = options.include_non_public or options.include_private
    return usable, not options.include_non_public


def parameter_names(method: MethodDecl) -> tuple[str, ...]:
    params = parse_method_descriptor(method.desc)[0]
    names = list(method.param_names or [])
    if len(names) != len(params) or len(set(names)) != len(names) or not all(names):
        names = [f"arg{i}" for i in range(len(params))]
    return tuple(names)


def method_invokable(index: ClassIndex, cls: ClassFile, method: MethodDecl, reflective: bool) -> Invokable:
    """A constructor, static method or instance method of `cls`."""
    params, returns = parse_method_descriptor(method.desc)
    this = object_desc(cls.name)
    types = index.parameter_types(cls.name, method)
    checked = index.declares_checked(cls.name, method.name, method.desc)
    if method.name == "<init>":
        nesting = cls.nesting
        inner = nesting is not None and nesting.outer is not None and not nesting.access & ACC_STATIC
        return Invokable(InvokableKind.NEW, cls.name, "<init>", method.desc, None, params, parameter_names(method),
                         this, reflective, inner, types, throws_checked=checked)
    kind = InvokableKind.STATIC if method.is_static else InvokableKind.CALL
    return Invokable(kind, cls.name, method.name, method.desc, None if method.is_static else this, params,
                     parameter_names(method), returns, reflective, types=types,
                     result_type=index.return_type(cls.name, method), throws_checked=checked)


def class_invokables(index: ClassIndex, cls: ClassFile, test_package: InternalName, options: AccessOptions) -> list[Invokable]:
    """The constructors, methods and field stores of `cls` a test in `test_package` may use."""
    same_package = package_of(cls.name) == binary_name(test_package)
    class_usable, class_reflective = visible(cls.effective_access, options, same_package)
    if not class_usable:
        return []
    found: list[Invokable] = []
    for method in cls.methods:
        if method.is_synthetic or method.name == "<clinit>" or cls.declares_implicitly(method):
            continue
        usable, reflective = visible(method.access, options, same_package)
        if not usable:
            continue
        if method.name == "<init>" and not cls.is_concrete:
            continue
        if method.name == "<init>" or method.has_code:
            found.append(method_invokable(index, cls, method, reflective or class_reflective))
    this = object_desc(cls.name)
    for fld in cls.fields:
        if fld.access & ACC_FINAL or fld.name.startswith("this$"):
            continue
        usable, reflective = visible(fld.access, options, same_package)
        if not usable or (fld.access & ACC_PROTECTED and not same_package):
            continue
        kind = InvokableKind.PUT_STATIC if fld.is_static else InvokableKind.PUT
        found.append(Invokable(kind, cls.name, fld.name, fld.desc, None if fld.is_static else this, (fld.desc,),
                               (fld.name,), Descriptor("V"), reflective or class_reflective))
    return found


def static_field_invokable(owner: InternalName, name: str, desc: Descriptor) -> Invokable:
    """`Owner.NAME`: the value of a public static final field (an enum constant, a shared instance)."""
    return Invokable(InvokableKind.GET_STATIC, owner, name, desc, None, (), (), desc)


CLASS = "Ljava/lang/Class;"


def class_literal_invokable(owner: InternalName) -> Invokable:
    """`Owner.class`, read like a static field named `class` (which no field can be)."""
    return static_field_invokable(owner, "class", Descriptor(CLASS))


def array_invokable(desc: Descriptor, length: int) -> Invokable:
    """`new T[] { e0, …, e(length-1) }`: elements come from earlier statements or inputs."""
    element = element_type(desc)
    return Invokable(InvokableKind.ARRAY, internal_name(desc), desc, desc, None, (element,) * length,
                     tuple(f"e{i}" for i in range(length)), desc)


def collection_invokable(declared: GenericType, implementation: InternalName, elements: tuple[GenericType, ...],
                         count: int) -> Invokable:
    """A `declared` collection (a List, a Set, a Map…) made as a new `implementation` holding
    `count` elements (key, value pairs for a map: `elements` has two types then)."""
    params = tuple(elements[i % len(elements)] for i in range(count * len(elements)))
    names = tuple(("key" if len(elements) == 2 and i % 2 == 0 else "value" if len(elements) == 2 else "e") + str(
        i // len(elements)) for i in range(len(params)))
    return Invokable(InvokableKind.COLLECTION, implementation, "<collection>", declared.desc, None,
                     tuple(p.desc for p in params), names, declared.desc, types=params, result_type=declared)


def stub_invokable(owner: InternalName, constructor: MethodDecl | None, constructor_types: tuple[GenericType, ...],
                   answers: tuple[Answer, ...]) -> Invokable:
    """An instance of a class the test declares: it implements the interface `owner` (no
    `constructor`) or extends the abstract class `owner` through `constructor`, and each answered
    method returns the matching last argument."""
    own = parse_method_descriptor(constructor.desc)[0] if constructor else ()
    answered = tuple(a for a in answers if a.returns != "V")
    names = (parameter_names(constructor) if constructor else ()) + tuple(a.name for a in answered)
    params = own + tuple(a.returns for a in answered)
    types = constructor_types + tuple(plain(a.returns) for a in answered)
    return Invokable(InvokableKind.STUB, owner, "<stub>", constructor.desc if constructor else "", None, params,
                     names, object_desc(owner), types=types, answers=answers)
