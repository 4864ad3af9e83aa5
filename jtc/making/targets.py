"""Which members of a class are explored, and why a class cannot be tested at all."""

from __future__ import annotations

from jtc.errors import NotTestableError
from jtc.model.classfile import ACC_PRIVATE, ACC_PUBLIC, ClassFile
from jtc.model.types import binary_name
from jtc.calls.invokables import Invokable, InvokableKind
from jtc.making.pool import Pool
from jtc.calls.steps import methods_under_test


def check_testable(cls: ClassFile) -> None:
    """A private nested class has no tests of its own: a test cannot name it. (Interfaces and
    abstract classes are tested through their implementations, or a stub.)"""
    if cls.effective_access & ACC_PRIVATE:
        raise NotTestableError(f"{binary_name(cls.name)} is a private nested class: a test cannot refer to it")


def testable_targets(pool: Pool, cls: ClassFile) -> list[Invokable]:
    """The members under test that some sequence can reach: constructors, static methods, instance
    methods whose receiver something in the pool can produce, the methods it inherits (they run its
    overrides on its state), and the methods of objects the class returns that the class itself
    implements (an iterator's `next`)."""
    name = binary_name(cls.name)
    nested = {cls.name, *pool.index.nested(cls.name)}
    own = methods_under_test(pool.invokables, cls.name)
    overridden = {(t.name, t.desc) for t in own}
    targets = own + [
        inv for inv in pool.invokables if inv.kind == InvokableKind.CALL and inv.owner not in nested
        and (inv.name, inv.desc) not in overridden and any(s in nested for s in pool.index.subtypes(inv.owner))]
    producers = [inv.returns for inv in pool.invokables if inv.returns[0] == "L"]
    reachable = [t for t in targets if t.receiver is None or any(pool.assignable(p, t.receiver) for p in producers)]
    if not reachable:
        if targets:
            what = "interface" if cls.is_interface else "abstract class" if cls.is_abstract else "class"
            raise NotTestableError(
                f"{name} has no way in: no accessible constructor, no factory or method of any class on the classpath "
                f"that returns a {cls.name.rpartition('/')[2]}, no constant of its type"
                + (", no concrete subclass and no way to stub it" if not cls.is_concrete else "")
                + f" (the {what}'s instance methods cannot be reached; without --public-only, and with "
                  f"--include-private, jtc may call more)")
        raise NotTestableError(f"{name} has no accessible methods to test: {why_nothing_to_call(cls)}")
    return reachable


def why_nothing_to_call(cls: ClassFile) -> str:
    """The likely reason a class offers nothing to call, for the one-line refusal."""
    if not cls.effective_access & ACC_PUBLIC:
        return "the class is not public (tests in its package call it unless --public-only is given)"
    if cls.is_interface:
        return "an interface without default or static methods has no code of its own"
    if cls.is_enum:
        return "an enum with nothing to call but what the compiler writes for its constants (values, valueOf)"
    return "no accessible constructor or method with code (--include-private widens that; --public-only narrows it)"
