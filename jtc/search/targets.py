"""Which methods of a class are explored, and why a class cannot be tested at all."""

from __future__ import annotations

from jtc.errors import NotTestableError
from jtc.model.classtable import ACC_PRIVATE, ClassInfo, MethodInfo
from jtc.model.types import binary_name


def methods_under_test(cls: ClassInfo) -> list[MethodInfo]:
    """Public, concrete, non-synthetic methods; instance methods only when a public no-argument
    constructor can make the receiver (invocation sequences come with the candidate sequence search)."""
    name = binary_name(cls.name)
    if cls.is_interface:
        raise NotTestableError(f"{name} is an interface: jtc tests concrete classes; name an implementation")
    if cls.is_abstract:
        raise NotTestableError(f"{name} is abstract: jtc tests concrete classes; name a concrete subclass")
    if cls.effective_access & ACC_PRIVATE:
        raise NotTestableError(f"{name} is a private nested class: a test cannot refer to it")
    constructor = cls.method("<init>", "()V")
    can_construct = constructor is not None and constructor.is_public
    candidates = [m for m in cls.methods
                  if m.is_public and not m.is_abstract and not m.is_synthetic and m.code
                  and not m.is_constructor and not m.is_initializer]
    testable = [m for m in candidates if m.is_static or can_construct]
    if not testable:
        if candidates:
            raise NotTestableError(f"{name} has no public constructor without arguments, so its instance methods "
                                   f"cannot be called (and it has no public static methods)")
        raise NotTestableError(f"{name} has no public methods to test")
    return testable
