"""Candidate sequence generation on hand-made invokables: influence, partial order reduction,
the data-flow check, wirings and value factories (seed 002, §4.3)."""

from __future__ import annotations

import itertools

from jtc.analysis.influence import Effects, FieldRef
from jtc.config import GenerationOptions
from jtc.model.types import OBJECT
from jtc.search.invokables import CALL, FACTORY, NEW, Invokable, factories_for
from jtc.search.sequences import FRESH, INPUT, NULL, REF, SequenceGenerator, Source, length_of

OWNER = "t/Monitor"
THIS = f"L{OWNER};"


def _field(name: str, static: bool = False) -> FieldRef:
    return FieldRef(OWNER, name, "I", static)


def _effects(defs: tuple[str, ...] = (), uses: tuple[str, ...] = (), static: bool = False) -> Effects:
    return Effects(frozenset(_field(d, static) for d in defs), frozenset(_field(u, static) for u in uses),
                   frozenset(), frozenset(), frozenset(), True)


def _new(owner: str = OWNER, params: tuple[str, ...] = ()) -> Invokable:
    desc = "(" + "".join(params) + ")V"
    return Invokable(NEW, owner, "<init>", desc, None, params, tuple(f"a{i}" for i in range(len(params))),
                     f"L{owner};")


def _call(name: str, params: tuple[str, ...] = (), returns: str = "V", owner: str = OWNER) -> Invokable:
    desc = "(" + "".join(params) + ")" + returns
    return Invokable(CALL, owner, name, desc, f"L{owner};", params, tuple(f"a{i}" for i in range(len(params))),
                     returns)


def _generator(effects: dict[Invokable, Effects], **options: bool) -> SequenceGenerator:
    def assignable(sub: str, sup: str) -> bool:
        return sub == sup or sup == OBJECT

    return SequenceGenerator(list(effects), lambda inv: effects.get(inv, _effects()), assignable, factories_for,
                             GenerationOptions(**options))


def _monitor() -> tuple[SequenceGenerator, dict[str, Invokable]]:
    members = {
        "new": _new(),
        "setEnabled": _call("setEnabled", ("Z",)),
        "update": _call("updateTemperature", ("D",)),
        "get": _call("getTemperature", (), "D"),
        "warning": _call("warning", (), "Z"),
    }
    effects = {
        members["new"]: _effects(defs=("enabled", "temperature")),
        members["setEnabled"]: _effects(defs=("enabled",)),
        members["update"]: _effects(defs=("temperature",), uses=("enabled",)),
        members["get"]: _effects(uses=("temperature",)),
        members["warning"]: _effects(uses=("temperature",)),
    }
    return _generator(effects), members


def _names(sequence: tuple[Invokable, ...]) -> tuple[str, ...]:
    return tuple(inv.name for inv in sequence)


def test_the_temperature_monitor_sequence_is_a_candidate_and_readers_are_never_prepended() -> None:
    generator, members = _monitor()
    found = [_names(s) for length in range(1, 5) for s in generator.candidates(members["warning"], length)]
    assert ("<init>", "setEnabled", "updateTemperature", "warning") in found
    assert ("<init>", "warning") in found
    assert all("getTemperature" not in names for names in found)  # it defines nothing
    assert all(names[0] == "<init>" for names in found)  # only executable sequences come out


def test_partial_order_reduction_keeps_one_order_of_independent_setters() -> None:
    members = [_new()] + [_call(f"set{c}", ("Z",)) for c in "ABC"] + [_call("calculate")]
    effects = {members[0]: _effects(defs=("a", "b", "c"))}
    effects.update({members[i + 1]: _effects(defs=(c,)) for i, c in enumerate("abc")})
    effects[members[4]] = _effects(uses=("a", "b", "c"))

    def orders(**options: bool) -> set[tuple[str, ...]]:
        generator = _generator(effects, **options)
        return {_names(s) for s in generator.candidates(members[4], 5)
                if sorted(_names(s)[1:4]) == ["setA", "setB", "setC"]}

    assert len(orders(partial_order_reduction=False)) == 6
    assert orders() == {("<init>", "setA", "setB", "setC", "calculate")}


def test_data_flow_check_rejects_an_object_nobody_uses() -> None:
    generator, members = _monitor()
    sequence = (members["new"], members["new"], members["warning"])
    assert list(generator.wirings(sequence)) == []
    unchecked = _generator({inv: generator.effects(inv) for inv in members.values()}, data_flow_check=False)
    wirings = list(unchecked.wirings(sequence))
    assert [w[2].sources for w in wirings] == [(Source(REF, 0),), (Source(REF, 1),)]


def test_wirings_offer_earlier_results_null_and_fresh_boxed_values() -> None:
    add = _call("add", (OBJECT,))
    effects = {_new(): _effects(defs=("size",)), add: _effects(defs=("size",), uses=("size",))}
    generator = _generator(effects)
    wirings = list(generator.wirings((_new(), add)))
    kinds = sorted(w[-1].sources[1].kind for w in wirings)
    assert kinds == sorted([REF, REF, NULL])  # a fresh Integer, the list itself (as Object), null
    boxed = next(w for w in wirings if w[-1].invokable is add and len(w) == 3)
    assert boxed[1].invokable.kind == FACTORY and boxed[1].sources == (Source(INPUT),)
    assert boxed[2].sources == (Source(REF, 0), Source(REF, 1))
    assert length_of(boxed) == 2  # the factory is an argument, not a step of its own
    assert FRESH not in {s.kind for w in wirings for step in w for s in step.sources}


def test_static_fields_connect_steps_without_shared_objects() -> None:
    bump = Invokable("static", OWNER, "bump", "()V", None, (), (), "V")
    read = Invokable("static", OWNER, "read", "()I", None, (), (), "I")
    generator = _generator({bump: _effects(defs=("count",), static=True), read: _effects(uses=("count",), static=True)})
    assert [_names(s) for s in generator.candidates(read, 2)] == [("bump", "read")]
    assert len(list(generator.wirings((bump, read)))) == 1


def test_skeletons_come_shortest_first() -> None:
    generator, members = _monitor()
    lengths = [length_of(s) for s in itertools.islice(generator.skeletons([members["warning"]]), 30)]
    assert lengths == sorted(lengths) and lengths[0] == 2


def test_a_target_no_longer_wanted_gets_no_more_candidates() -> None:
    """The session closes a member once its branches are covered; its candidates are not even
    enumerated from then on (it is asked again at every length)."""
    generator, members = _monitor()
    closed: set[Invokable] = set()
    asked: list[Invokable] = []

    def wanted(target: Invokable) -> bool:
        asked.append(target)
        return target not in closed

    skeletons = generator.skeletons([members["warning"], members["get"]], wanted)
    first = next(skeletons)
    assert first[-1].invokable == members["warning"]
    closed.add(members["warning"])
    rest = list(itertools.islice(skeletons, 200))
    assert rest and all(s[-1].invokable == members["get"] for s in rest)
    assert asked.count(members["get"]) > 2


def test_an_inner_class_needs_an_existing_enclosing_instance() -> None:
    outer = _new()
    inner = Invokable(NEW, f"{OWNER}$Counter", "<init>", f"({THIS})V", None, (THIS,), ("this$0",),
                      f"L{OWNER}$Counter;", inner=True)
    generator = _generator({outer: _effects(defs=("limit",)), inner: _effects(uses=("limit",))})
    assert not generator.executable((inner,))
    wirings = list(generator.wirings((outer, inner)))
    assert [w[1].sources for w in wirings] == [(Source(REF, 0),)]  # never null


def test_plain_wirings_come_first_and_each_deviation_costs_one_length() -> None:
    """A null or the list itself passed as the value is worth a try, but after the plain sequences of
    that length: a candidate costs its length plus its deviations from the first choices."""
    add = _call("add", (OBJECT,))
    effects = {_new(): _effects(defs=("size",)), add: _effects(defs=("size",), uses=("size",))}
    generator = _generator(effects)
    assert [len(w) for w in generator.wirings((_new(), add), deviations=0)] == [3]  # new, Integer.valueOf, add
    assert [w[-1].sources[1] for w in generator.wirings((_new(), add), deviations=1)] == [Source(REF, 0), Source(NULL)]

    def shape(skeleton) -> str:
        return " ".join(step.invokable.name + ",".join(s.kind for s in step.sources).join("()") for step in skeleton)

    first = [shape(s) for s in itertools.islice(generator.skeletons([add]), 4)]
    assert first == ["<init>() valueOf(input) add(ref,ref)",  # cost 2
                     "<init>() add(ref,ref)", "<init>() add(ref,null)",  # cost 3: length 2, one deviation
                     "<init>() valueOf(input) add(ref,ref) valueOf(input) add(ref,ref)"]  # cost 3: length 3
    assert generator.completed_length == 2
