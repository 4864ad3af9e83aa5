"""The search's shortest making of each kind of object, and a test's longer making swapped for it."""

from __future__ import annotations

from types import SimpleNamespace

from jtc.minimise.makers import only_for, shortest_makers, swapped
from jtc.minimise.statements import _reductions
from jtc.model.program import Construct, Invoke, Literal, StatementStatus, VarRef

UNITS, GAME, HERO = "d/UnitFactory", "d/Game", "d/Hero"
FACTORY = Construct(UNITS, "(J)V", (Literal("J", 9),))
CREATE = Invoke(UNITS, "createHero", f"(Ljava/lang/String;)L{HERO};", VarRef(0, f"L{UNITS};"), (Literal("Ljava/lang/String;", "abc"),))
# The long way: a game made of the factory, and its hero taken out of it.
LONG = (FACTORY, Construct(GAME, f"(L{UNITS};)V", (VarRef(0, f"L{UNITS};"),)),
        Invoke(GAME, "getHero", f"()L{HERO};", VarRef(1, f"L{GAME};"), ()),
        Invoke(HERO, "getName", "()Ljava/lang/String;", VarRef(2, f"L{HERO};"), ()))


def _run(program: tuple, values: list[str], executed: int | None = None) -> SimpleNamespace:
    executed = len(program) if executed is None else executed
    result = SimpleNamespace(values=values, status=[StatementStatus.OK] * executed, executed=executed)
    return SimpleNamespace(program=program, result=result)


def test_the_shortest_making_of_each_kind_is_kept() -> None:
    short = _run((FACTORY, CREATE, LONG[-1]), ["O:d.UnitFactory#1", "O:d.Hero#2", "S:abc"])
    long = _run(LONG, ["O:d.UnitFactory#1", "O:d.Game#2", "O:d.Hero#3", "S:abc"])
    makers = shortest_makers([long, short])  # type: ignore[list-item]
    assert makers[(f"L{HERO};", "d.Hero")] == (FACTORY, CREATE)
    assert makers[(f"L{UNITS};", "d.UnitFactory")] == (FACTORY,)
    assert makers[(f"L{GAME};", "d.Game")] == LONG[:2]


def test_a_longer_making_is_swapped_for_the_maker() -> None:
    # Only the game goes with the old making: the factory is the maker's too, and is merged later.
    assert only_for(LONG, 2, lambda statement: False) == {0, 1}
    assert only_for(LONG, 2, lambda statement: statement.owner == GAME) == set()
    program, positions = swapped(LONG, 2, (FACTORY, CREATE), {0, 1})  # type: ignore[misc]
    assert program == (FACTORY, CREATE, Invoke(HERO, "getName", "()Ljava/lang/String;", VarRef(1, f"L{HERO};"), ()))
    assert positions == {2: 1, 3: 2}
    result = SimpleNamespace(values=["O:d.UnitFactory#1", "O:d.Game#2", "O:d.Hero#3", "S:abc"],
                             status=[StatementStatus.OK] * 4)
    assert program in [reduced for reduced, _ in _reductions(LONG, result, makers={(f"L{HERO};", "d.Hero"): (FACTORY, CREATE)})]
