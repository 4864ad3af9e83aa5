"""Which members of a class are explored, and why a class cannot be tested at all."""

from __future__ import annotations

from jtc.errors import NotTestableError
from jtc.model.classtable import ACC_PRIVATE, ClassInfo
from jtc.model.types import binary_name
from jtc.search.invokables import Invokable
from jtc.search.pool import Pool
from jtc.search.sequences import methods_under_test


def check_testable(cls: ClassInfo) -> None:
    """Interfaces, abstract classes and private nested classes have no tests of their own."""
    name = binary_name(cls.name)
    if cls.is_interface:
        raise NotTestableError(f"{name} is an interface: jtc tests concrete classes; name an implementation")
    if cls.is_abstract:
        raise NotTestableError(f"{name} is abstract: jtc tests concrete classes; name a concrete subclass")
    if cls.effective_access & ACC_PRIVATE:
        raise NotTestableError(f"{name} is a private nested class: a test cannot refer to it")


def testable_targets(pool: Pool, cls: ClassInfo) -> list[Invokable]:
    """The members under test that some sequence can reach: constructors, static methods, and
    instance methods whose receiver something in the pool can produce."""
    name = binary_name(cls.name)
    targets = methods_under_test(pool.invokables, cls.name)
    producers = [inv.returns for inv in pool.invokables if inv.returns[0] == "L"]
    reachable = [t for t in targets if t.receiver is None or any(pool.assignable(p, t.receiver) for p in producers)]
    if not reachable:
        if targets:
            raise NotTestableError(f"{name} has no public constructor and no factory method jtc may call, so its "
                                   f"instance methods cannot be reached (--include-non-public or --include-private "
                                   f"widens what jtc may call)")
        raise NotTestableError(f"{name} has no accessible methods to test")
    return reachable
