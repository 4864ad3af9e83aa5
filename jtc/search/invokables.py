"""Invokables: the statements a candidate sequence is made of (seed 002, table 4.2).

A test can only do a few kinds of things with the system under test: construct an object, call a
method, store into a field, build an array. Each kind is an Invokable with argument types (the
receiver first for instance members) and a result type, which is all sequence generation needs to
match producers with consumers. Which members qualify depends on what a test in the class's package
may touch: public members always, package-private and protected ones on request, private ones only
through reflection and only when asked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from jtc.config import AccessOptions, GenerationOptions
from jtc.model.classtable import ACC_FINAL, ACC_PRIVATE, ACC_PROTECTED, ACC_PUBLIC, ACC_STATIC, ClassInfo, MethodInfo
from jtc.model.types import BOXES, is_primitive, object_desc


class InvokableKind(StrEnum):
    NEW = "new"
    CALL = "call"
    STATIC = "static"
    PUT = "put"
    PUT_STATIC = "putstatic"
    ARRAY = "array"
    FACTORY = "factory"  # a value factory of the JDK (Integer.valueOf): an argument, not a step of its own



@dataclass(frozen=True)
class Invokable:
    kind: InvokableKind
    owner: str  # internal name
    name: str  # method or field name; "<init>" for constructors; the descriptor for arrays
    desc: str  # method descriptor, field descriptor, or array descriptor
    receiver: str | None  # descriptor of the receiver of instance calls and field stores
    params: tuple[str, ...]  # descriptors of the arguments proper (no receiver)
    param_names: tuple[str, ...]
    returns: str  # descriptor of the result, "V" when there is none
    reflective: bool = False
    method: MethodInfo | None = field(default=None, compare=False, hash=False)
    inner: bool = False  # a constructor of an inner class: the first argument is the enclosing instance

    @property
    def required(self) -> str | None:
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
        return f"{simple}.{self.name}"

    @property
    def inputs(self) -> tuple[str, ...]:
        """Every value the statement consumes: receiver first, then the arguments."""
        return ((self.receiver,) if self.receiver else ()) + self.params


def _visible(access: int, options: AccessOptions, same_package: bool) -> tuple[bool, bool]:
    """(usable, needs reflection) for a member with `access`."""
    if access & ACC_PUBLIC:
        return True, False
    if access & ACC_PRIVATE:
        return options.include_private, True
    if not same_package:
        return options.include_private, True
    usable = options.include_non_public or options.include_private
    return usable, not options.include_non_public


def _names(method: MethodInfo) -> tuple[str, ...]:
    names = list(method.param_names or [])
    if len(names) != len(method.params) or len(set(names)) != len(names) or not all(names):
        names = [f"arg{i}" for i in range(len(method.params))]
    return tuple(names)


def _package(internal_name: str) -> str:
    return internal_name.rpartition("/")[0]


def class_invokables(cls: ClassInfo, test_package: str, options: AccessOptions) -> list[Invokable]:
    """The constructors, methods and field stores of `cls` a test in `test_package` may use."""
    same_package = _package(cls.name) == test_package
    class_usable, class_reflective = _visible(cls.effective_access, options, same_package)
    if not class_usable:
        return []
    found: list[Invokable] = []
    this = object_desc(cls.name)
    for method in cls.methods:
        if method.is_synthetic or method.is_initializer:
            continue
        usable, reflective = _visible(method.access, options, same_package)
        if not usable:
            continue
        reflective = reflective or class_reflective
        if method.is_constructor:
            if cls.is_abstract or cls.is_interface:
                continue
            inner = cls.outer is not None and not (cls.effective_access & ACC_STATIC)
            found.append(Invokable(InvokableKind.NEW, cls.name, "<init>", method.desc, None, method.params, _names(method),
                                   this, reflective, method, inner))
        elif not method.is_abstract and method.code:
            kind = InvokableKind.STATIC if method.is_static else InvokableKind.CALL
            found.append(Invokable(kind, cls.name, method.name, method.desc, None if method.is_static else this,
                                   method.params, _names(method), method.returns, reflective, method))
    for fld in cls.fields:
        if fld.access & ACC_FINAL or fld.name.startswith("this$"):
            continue
        usable, reflective = _visible(fld.access, options, same_package)
        if not usable or (fld.access & ACC_PROTECTED and not same_package):
            continue
        kind = InvokableKind.PUT_STATIC if fld.is_static else InvokableKind.PUT
        found.append(Invokable(kind, cls.name, fld.name, fld.desc, None if fld.is_static else this, (fld.desc,),
                               (fld.name,), "V", reflective or class_reflective))
    return found


def array_invokable(desc: str, length: int) -> Invokable:
    """`new T[] { e0, …, e(length-1) }`: elements come from earlier statements or inputs."""
    element = desc[1:]
    return Invokable(InvokableKind.ARRAY, desc, desc, desc, None, (element,) * length,
                     tuple(f"e{i}" for i in range(length)), desc)


def box_factory(primitive: str) -> Invokable:
    """`Integer.valueOf(int)` and its siblings: a boxed value with a symbolic primitive inside."""
    box = BOXES[primitive]
    return Invokable(InvokableKind.FACTORY, box, "valueOf", f"({primitive})L{box};", None, (primitive,), ("value",),
                     f"L{box};")


def factories_for(desc: str, table: tuple[tuple[str, str], ...] = GenerationOptions.factories) -> list[Invokable]:
    """The value factories that can feed a parameter of type `desc` (GenerationOptions.factories)."""
    return [box_factory(primitive) for parameter, primitive in table if parameter == desc and is_primitive(primitive)]
