"""Candidate sequence generation on hand-made invokables: influence, partial order reduction,
the data-flow check, wirings, boxed literals and recipes (seed 002, §4.3)."""

from __future__ import annotations

import dataclasses
import itertools

from jtc.analysis.influence import Effects, FieldRef
from jtc.config import GenerationOptions
from jtc.model.types import OBJECT_DESC, STRING_DESC
from jtc.model.signatures import GenericType
from jtc.calls.invokables import Invokable, InvokableKind
from jtc.calls.steps import ROOT, Recipe, Source, SourceKind, Step, length_of
from jtc.exploration.generator import SequenceGenerator

OWNER = "t/Monitor"
THIS = f"L{OWNER};"


def _field(name: str, static: bool = False) -> FieldRef:
    return FieldRef(OWNER, name, "I", static)


def _effects(defs: tuple[str, ...] = (), uses: tuple[str, ...] = (), static: bool = False) -> Effects:
    return Effects(frozenset(_field(d, static) for d in defs), frozenset(_field(u, static) for u in uses),
                   frozenset(), frozenset(), frozenset(), True)


def _new(owner: str = OWNER, params: tuple[str, ...] = ()) -> Invokable:
    desc = "(" + "".join(params) + ")V"
    return Invokable(InvokableKind.NEW, owner, "<init>", desc, None, params, tuple(f"a{i}" for i in range(len(params))),
                     f"L{owner};")


def _call(name: str, params: tuple[str, ...] = (), returns: str = "V", owner: str = OWNER) -> Invokable:
    desc = "(" + "".join(params) + ")" + returns
    return Invokable(InvokableKind.CALL, owner, name, desc, f"L{owner};", params, tuple(f"a{i}" for i in range(len(params))),
                     returns)


def _generator(effects: dict[Invokable, Effects], recipes: dict[str, list[Recipe]] | None = None,
               **options: bool) -> SequenceGenerator:
    def assignable(sub: str, sup: str) -> bool:
        return sub == sup or sup == OBJECT_DESC

    def fresh(wanted: GenericType) -> list[Recipe]:
        return (recipes or {}).get(wanted.desc, [])

    return SequenceGenerator(list(effects), lambda inv: effects.get(inv, _effects()), assignable, fresh,
                             GenerationOptions(**options), lambda desc: desc == THIS)


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
    assert [w[2].sources for w in wirings] == [(Source(SourceKind.REF, 0),), (Source(SourceKind.REF, 1),)]


def test_wirings_offer_a_boxed_literal_earlier_results_and_null() -> None:
    add = _call("add", (OBJECT_DESC,))
    effects = {_new(): _effects(defs=("size",)), add: _effects(defs=("size",), uses=("size",))}
    generator = _generator(effects)
    wirings = list(generator.wirings((_new(), add)))
    # a literal (an Integer, symbolic), a String (symbolic text), the list itself (as Object), null
    assert [w[-1].sources[1] for w in wirings] == [Source(SourceKind.INPUT), Source(SourceKind.INPUT, literal=STRING_DESC),
                                                   Source(SourceKind.REF, 0), Source(SourceKind.NULL)]
    assert all(len(w) == 2 for w in wirings)


def test_a_recipe_feeds_an_argument_with_helper_steps_placed_before_it() -> None:
    """`monitor.attach(Sensor)`: a Sensor is made fresh by `new Sensor(int)` (a recipe), which
    becomes a helper step right before the call; iterative deepening does not count it."""
    sensor = "t/Sensor"
    attach = _call("attach", (f"L{sensor};",))
    make = Step(_new(sensor, ("I",)), (Source(SourceKind.INPUT),), helper=True)
    effects = {_new(): _effects(defs=("sensor",)), attach: _effects(defs=("sensor",), uses=("sensor",))}
    generator = _generator(effects, recipes={f"L{sensor};": [(make,)]})
    first = next(iter(generator.wirings((_new(), attach))))
    assert [step.invokable.label for step in first] == ["new Monitor", "new Sensor", "Monitor.attach"]
    assert first[1].helper and first[2].sources == (Source(SourceKind.REF, 0), Source(SourceKind.REF, 1))
    assert length_of(first) == 2


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

    skeletons = generator.skeletons([members["warning"], members["get"]], wanted=wanted)
    first = next(skeletons)
    assert first[-1].invokable == members["warning"]
    closed.add(members["warning"])
    rest = list(itertools.islice(skeletons, 200))
    assert rest and all(s[-1].invokable == members["get"] for s in rest)
    assert asked.count(members["get"]) > 2


def test_an_inner_class_needs_an_existing_enclosing_instance() -> None:
    outer = _new()
    inner = Invokable(InvokableKind.NEW, f"{OWNER}$Counter", "<init>", f"({THIS})V", None, (THIS,), ("this$0",),
                      f"L{OWNER}$Counter;", inner=True)
    generator = _generator({outer: _effects(defs=("limit",)), inner: _effects(uses=("limit",))})
    assert not generator.executable((inner,))
    wirings = list(generator.wirings((outer, inner)))
    assert [w[1].sources for w in wirings] == [(Source(SourceKind.REF, 0),)]  # never null


def test_plain_wirings_come_first_and_each_deviation_costs_one_length() -> None:
    """A null or the list itself passed as the value is worth a try, but after the plain sequences of
    that length: a candidate costs its length plus its deviations from the first choices."""
    add = _call("add", (OBJECT_DESC,))
    effects = {_new(): _effects(defs=("size",)), add: _effects(defs=("size",), uses=("size",))}
    generator = _generator(effects)
    assert [w[-1].sources[1] for w in generator.wirings((_new(), add), deviations=0)] == [Source(SourceKind.INPUT)]
    assert [w[-1].sources[1] for w in generator.wirings((_new(), add), deviations=1)] == [
        Source(SourceKind.INPUT, literal=STRING_DESC), Source(SourceKind.REF, 0), Source(SourceKind.NULL)]

    def shape(skeleton) -> str:
        return " ".join(step.invokable.name + ",".join(s.kind for s in step.sources).join("()") for step in skeleton)

    first = [shape(s) for s in itertools.islice(generator.skeletons([add]), 5)]
    assert first == ["<init>() add(ref,input)",  # cost 2
                     "<init>() add(ref,input)", "<init>() add(ref,ref)", "<init>() add(ref,null)",  # cost 3: length 2,
                     # one deviation (the first a String where the plainest literal is a number)
                     "<init>() add(ref,input) add(ref,input)"]  # cost 3: length 3
    assert generator.completed_length == 2


def test_an_object_taken_out_of_the_sequences_objects_comes_before_a_fresh_one() -> None:
    """`monitor.getSensor()` then `monitor.attach(sensor)`: the sensor the monitor holds is the
    first choice; without that call, a fresh one from a recipe."""
    sensor = "Lt/Sensor;"
    attach, get = _call("attach", (sensor,)), _call("getSensor", (), sensor)
    make = Step(_new("t/Sensor"), (), helper=True)
    effects = {_new(): _effects(defs=("sensor",)), get: _effects(uses=("sensor",)),
               attach: _effects(defs=("sensor",), uses=("sensor",))}
    generator = _generator(effects, recipes={sensor: [(make,)]})
    assert next(iter(generator.wirings((_new(), get, attach))))[-1].sources[1] == Source(SourceKind.REF, 1)
    assert [step.invokable.label for step in next(iter(generator.wirings((_new(), attach))))] == [
        "new Monitor", "new Sensor", "Monitor.attach"]


def test_one_step_makes_receivers_of_a_type_and_of_its_supertype() -> None:
    """`getSensor()` is declared by a subclass of the class under test, `attach` by the class: one
    step that makes the subclass serves both, so one step in front is enough."""
    sub, sensor = "t/Special", "Lt/Sensor;"
    make = Invokable(InvokableKind.STATIC, "t/Factory", "special", f"()L{sub};", None, (), (), f"L{sub};")
    get = _call("getSensor", (), sensor, owner=sub)
    attach = _call("attach", (sensor,))
    effects = {make: _effects(), get: _effects(), attach: _effects(defs=("sensor",))}

    def assignable(low: str, high: str) -> bool:
        return low == high or high == OBJECT_DESC or (low, high) == (f"L{sub};", THIS)

    generator = SequenceGenerator(list(effects), lambda inv: effects.get(inv, _effects()), assignable, lambda w: [],
                                  GenerationOptions(), lambda desc: desc in (THIS, f"L{sub};"))
    assert generator.executable((make, get, attach))
    assert ("special", "getSensor", "attach") in [_names(c) for c in generator.candidates(attach, 3)]


def test_the_constants_of_an_enum_are_equally_plain_choices() -> None:
    """`monitor.point(Direction)`: every constant is a plainest wiring (cost 2, no deviation);
    a direction another call returns deviates as before."""
    direction = "Lt/Direction;"
    point = _call("point", (direction,))
    constants = [(Step(Invokable(InvokableKind.GET_STATIC, "t/Direction", name, direction, None, (), (), direction), (),
                       helper=True),) for name in ("NORTH", "EAST", "SOUTH")]
    turned = (constants[0][0], Step(_call("turn", (), direction, owner="t/Direction"), (Source(SourceKind.REF, 0),),
                                    helper=True))
    effects = {_new(): _effects(defs=("facing",)), point: _effects(defs=("facing",), uses=("facing",))}
    generator = _generator(effects, recipes={direction: [*constants, turned]})

    def fed(deviations: int) -> list[list[str]]:
        return [[step.invokable.name for step in w[1:-1]] for w in generator.wirings((_new(), point), deviations)]

    assert fed(0) == [["NORTH"], ["EAST"], ["SOUTH"]]
    assert fed(1) == [["NORTH", "turn"], []]  # the constant turned, or null


def test_an_argument_is_taken_out_of_the_object_another_argument_s_recipe_made() -> None:
    """`monitor.compare(a, b)` wants two sensors of one rack: `b` is taken out of the rack `a`'s
    second recipe made (`rack.first()`); with `a`'s first recipe, which makes no rack, no wiring
    takes `b` so."""
    sensor, rack = "Lt/Sensor;", "Lt/Rack;"
    compare = _call("compare", (sensor, sensor))
    alone = (Step(_new("t/Sensor"), (), helper=True),)
    racked = (Step(_new("t/Rack"), (), helper=True),
              Step(_call("sensor", (), sensor, "t/Rack"), (Source(SourceKind.REF, 0),), helper=True))
    first = (Step(_call("first", (), sensor, "t/Rack"), (Source(SourceKind.REF, ROOT),), helper=True),)
    effects = {_new(): _effects(defs=("sensor",)), compare: _effects(uses=("sensor",))}
    generator = SequenceGenerator(list(effects), lambda inv: effects.get(inv, _effects()),
                                  lambda sub, sup: sub == sup or sup == OBJECT_DESC,
                                  lambda wanted: {sensor: [alone, racked]}.get(wanted.desc, []), GenerationOptions(),
                                  lambda desc: desc == THIS, reach=lambda root, wanted: [first] if root == rack else [])
    shared = [wiring for wiring in generator.wirings((_new(), compare))
              if [step.invokable.label for step in wiring][-3:] == ["Rack.sensor", "Rack.first", "Monitor.compare"]]
    assert shared, "no wiring takes b out of a's rack"
    wiring = shared[0]
    labels = [step.invokable.label for step in wiring]
    assert labels == ["new Monitor", "new Rack", "Rack.sensor", "Rack.first", "Monitor.compare"]
    assert wiring[3].sources == (Source(SourceKind.REF, 1),)  # first() on a's rack
    assert wiring[4].sources == (Source(SourceKind.REF, 0), Source(SourceKind.REF, 2), Source(SourceKind.REF, 3))
    assert not any("Rack.first" in [s.invokable.label for s in w] and w[1].invokable.label == "new Sensor"
                   for w in generator.wirings((_new(), compare)))


def test_a_getter_of_the_receiver_comes_first_only_once_what_it_reads_was_written() -> None:
    """`monitor.attach(monitor.getSensor())` passes null when nothing gave the monitor a sensor: a
    fresh sensor comes first then; after `monitor.install()`, which sets it, the monitor's own."""
    sensor = "Lt/Sensor;"
    attach, install = _call("attach", (sensor,)), _call("install")
    getter = (Step(_call("getSensor", (), sensor), (Source(SourceKind.REF, ROOT),), helper=True),)
    make = (Step(_new("t/Sensor"), (), helper=True),)
    effects = {_new(): _effects(defs=("enabled",)), install: _effects(defs=("sensor",)),
               attach: _effects(defs=("sensor",), uses=("sensor",)), getter[0].invokable: _effects(uses=("sensor",))}
    generator = SequenceGenerator(list(effects), lambda inv: effects.get(inv, _effects()),
                                  lambda sub, sup: sub == sup or sup == OBJECT_DESC,
                                  lambda wanted: {sensor: [make]}.get(wanted.desc, []), GenerationOptions(),
                                  lambda desc: desc == THIS, reach=lambda root, wanted: [getter] if root == THIS else [])

    def first(sequence: tuple[Invokable, ...]) -> list[str]:
        return [step.invokable.label for step in next(iter(generator.wirings(sequence, 0)))]

    assert first((_new(), attach)) == ["new Monitor", "new Sensor", "Monitor.attach"]
    assert first((_new(), install, attach)) == ["new Monitor", "Monitor.install", "Monitor.getSensor", "Monitor.attach"]


def test_an_argument_is_not_taken_alongside_out_of_itself_nor_as_the_same_object() -> None:
    """`monitor.compare(a, b)` with `a` made as `rack.sensor()`: `b` taken out of a's rack by the
    same call is `a` again, and a path out of `a` itself (`a.partner()`) is no object of the rack
    graph another argument came from; a path to another sensor of the rack (`rack.spare()`) is."""
    sensor, rack = "Lt/Sensor;", "Lt/Rack;"
    compare = _call("compare", (sensor, sensor))
    racked = (Step(_new("t/Rack"), (), helper=True),
              Step(_call("sensor", (), sensor, "t/Rack"), (Source(SourceKind.REF, 0),), helper=True))

    def path(name: str, owner: str) -> Recipe:
        return (Step(_call(name, (), sensor, owner), (Source(SourceKind.REF, ROOT),), helper=True),)

    paths = {rack: [path("sensor", "t/Rack"), path("spare", "t/Rack")], sensor: [path("partner", "t/Sensor")]}
    effects = {_new(): _effects(defs=("sensor",)), compare: _effects(uses=("sensor",))}
    generator = SequenceGenerator(list(effects), lambda inv: effects.get(inv, _effects()),
                                  lambda sub, sup: sub == sup or sup == OBJECT_DESC,
                                  lambda wanted: {sensor: [racked]}.get(wanted.desc, []), GenerationOptions(),
                                  lambda desc: desc == THIS, reach=lambda root, wanted: paths.get(root, []))
    labels = [[step.invokable.label for step in wiring] for wiring in generator.wirings((_new(), compare))]
    assert ["new Monitor", "new Rack", "Rack.sensor", "Rack.spare", "Monitor.compare"] in labels
    assert not any(found.count("new Rack") == 1 and found.count("Rack.sensor") == 2 for found in labels)
    assert not any("Sensor.partner" in found for found in labels)


def test_an_object_taken_alongside_comes_after_the_first_fresh_value_of_each_kind() -> None:
    """`monitor.compare(a, b)`: a sensor of another kind (`Gauge`) comes before another sensor
    of a's rack, which comes before more ways to make a plain sensor."""
    sensor, rack, gauge = "Lt/Sensor;", "Lt/Rack;", "Lt/Gauge;"
    compare = _call("compare", (sensor, sensor))
    alone = (Step(_new("t/Sensor"), (), helper=True),)
    racked = (Step(_new("t/Rack"), (), helper=True),
              Step(_call("sensor", (), sensor, "t/Rack"), (Source(SourceKind.REF, 0),), helper=True))
    gauged = (Step(_new("t/Gauge"), (), helper=True),)
    spare = (Step(_call("spare", (), sensor, "t/Rack"), (Source(SourceKind.REF, ROOT),), helper=True),)
    effects = {_new(): _effects(defs=("sensor",)), compare: _effects(uses=("sensor",))}
    generator = SequenceGenerator(list(effects), lambda inv: effects.get(inv, _effects()),
                                  lambda sub, sup: sub == sup or sup == OBJECT_DESC or (sub, sup) == (gauge, sensor),
                                  lambda wanted: {sensor: [alone, racked, gauged, racked]}.get(wanted.desc, []),
                                  GenerationOptions(), lambda desc: desc == THIS,
                                  reach=lambda root, wanted: [spare] if root == rack else [])
    sources = generator.sources.for_input((_new(), compare), 1, 2, GenericType(sensor))
    assert [source.kind for source in sources] == [SourceKind.FRESH] * 3 + [SourceKind.ALONGSIDE, SourceKind.FRESH,
                                                                             SourceKind.NULL]


def test_a_result_of_another_parameterisation_is_not_passed() -> None:
    """`monitor.units()` is a `List<Unit>`; `monitor.warn(List<Hero>)` is not given it (the
    erased types match, the elements do not), a `List<Hero>` result is."""
    list_desc, unit, hero = "Ljava/util/List;", GenericType("Lt/Unit;"), GenericType("Lt/Hero;")
    units = dataclasses.replace(_call("units", (), list_desc), result_type=GenericType(list_desc, (unit,)))
    heroes = dataclasses.replace(_call("heroes", (), list_desc), result_type=GenericType(list_desc, (hero,)))
    warn = dataclasses.replace(_call("warn", (list_desc,)), types=(GenericType(list_desc, (hero,)),))
    generator = _generator({_new(): _effects(), units: _effects(), heroes: _effects(), warn: _effects()})
    assert [s.kind for s in generator.sources.for_input((_new(), units, warn), 2, 1, warn.type_of(0))] \
        == [SourceKind.NULL]
    assert [s.index for s in generator.sources.for_input((_new(), heroes, warn), 2, 1, warn.type_of(0))
            if s.kind == SourceKind.REF] == [1]
    # where the declared type's arguments are unknown (a receiver), any parameterisation goes
    assert [s.index for s in generator.sources.for_input((_new(), units, warn), 2, 1, GenericType(list_desc))
            if s.kind == SourceKind.REF] == [1]


def test_a_way_in_configured_for_a_member_is_as_plain_as_its_first_choice_in_that_member_s_sequences() -> None:
    """`new Monitor(sensor)`: for `warning()` a sensor made by `calibrated()` covered more (valid
    inputs' screening), so both sensors are plainest there; in `getTemperature()`'s sequences only the
    first is, and the configured one is not offered."""
    sensor = "Lt/Sensor;"
    new = _new(params=(sensor,))
    warning, get = _call("warning", (), "Z"), _call("getTemperature", (), "D")
    plain_sensor = (Step(_new("t/Sensor"), (), helper=True),)
    calibrated = plain_sensor + (Step(_call("calibrated", (), sensor, owner="t/Sensor"), (Source(SourceKind.REF, 0),),
                                      helper=True),)
    effects = {new: _effects(defs=("temperature",)), warning: _effects(uses=("temperature",)),
               get: _effects(uses=("temperature",))}
    configured = Source(SourceKind.FRESH, recipe=calibrated)
    generator = SequenceGenerator(
        list(effects), lambda inv: effects.get(inv, _effects()), lambda low, high: low == high,
        lambda wanted: [plain_sensor] if wanted.desc == sensor else [], GenerationOptions(), lambda desc: desc == THIS,
        configured=lambda target, consumer, position: [configured] if (target, consumer, position) == (warning, new, 0)
        else [])

    def made(target: Invokable, deviations: int) -> list[list[str]]:
        return [[step.invokable.name for step in w[:-2]] for w in generator.wirings((new, target), deviations)]

    assert made(warning, 0) == [["<init>"], ["<init>", "calibrated"]]
    assert made(get, 0) == [["<init>"]]
    assert ["<init>", "calibrated"] not in made(get, 1)


def test_a_member_with_a_configured_receiver_of_its_own_is_a_candidate_alone() -> None:
    """An immutable class under test configured by its own `with…` methods: a member whose receiver
    the screening configured needs no step in front (a call of it alone costs one), and its receiver
    is that configured object."""
    warning = _call("warning", (), "Z")
    configured = Source(SourceKind.FRESH, recipe=(Step(_new(), (), helper=True),
                                                  Step(_call("withLimit", ("I",), THIS), (Source(SourceKind.REF, 0),
                                                                                          Source(SourceKind.INPUT)),
                                                       helper=True)))
    effects = {_new(): _effects(defs=("limit",)), warning: _effects(uses=("limit",))}
    generator = SequenceGenerator(
        list(effects), lambda inv: effects.get(inv, _effects()), lambda low, high: low == high, lambda wanted: [],
        GenerationOptions(), lambda desc: desc == THIS,
        configured=lambda target, consumer, position: [configured] if (target, consumer, position) == (
            warning, warning, 0) else [])
    assert generator.executable((warning,))
    [alone] = list(generator.wirings((warning,), 0))
    assert [step.invokable.name for step in alone] == ["<init>", "withLimit", "warning"]


def test_an_object_parameter_gets_an_object_of_each_type_the_code_tells_apart() -> None:
    """`print(Object value)` runs `value instanceof CharSequence`, `instanceof Reader`, a cast to
    Number and one to the project's Cell (a pattern switch's case): after the literals (a number, a
    text), a reader and a cell from their recipes; text and numbers need none."""
    reader = "Ljava/io/Reader;"
    made = (Step(_new("java/io/StringReader", (STRING_DESC,)), (Source(SourceKind.INPUT),), helper=True),)
    print_ = _call("print", (OBJECT_DESC,))
    effects = {_new(): _effects(), print_: dataclasses.replace(
        _effects(), casts=frozenset({"java/lang/CharSequence", "java/io/Reader", "java/lang/Number", "t/Cell"}))}
    generator = _generator(effects, recipes={reader: [made], "Lt/Cell;": [(Step(_new("t/Cell"), (), helper=True),)]})
    [skeleton] = list(generator.wirings((_new(), print_), deviations=0))
    choices = generator.sources.for_input((_new(), print_), 1, 1, GenericType(OBJECT_DESC))
    assert choices[:3] == [Source(SourceKind.INPUT), Source(SourceKind.INPUT, literal=STRING_DESC),
                           Source(SourceKind.FRESH, recipe=made)]
    assert choices[3] == Source(SourceKind.FRESH, recipe=(Step(_new("t/Cell"), (), helper=True),))
    assert skeleton[-1].sources[1] == Source(SourceKind.INPUT)


def test_text_the_code_tells_from_a_string_gets_a_string_builder_too() -> None:
    """`indexOf(CharSequence cs, …)` runs `cs instanceof String`: the symbolic text takes one side,
    a `StringBuilder` of a text the other; where the code tells no String apart, the text alone."""
    sequence = "Ljava/lang/CharSequence;"
    builder = (Step(_new("java/lang/StringBuilder", (STRING_DESC,)), (Source(SourceKind.INPUT),), helper=True),)
    empty = (Step(_new("java/lang/StringBuilder"), (), helper=True),)
    index_of, length = _call("indexOf", (sequence,)), _call("length", (sequence,))
    effects = {_new(): _effects(), index_of: dataclasses.replace(_effects(), casts=frozenset({"java/lang/String"})),
               length: _effects()}
    generator = _generator(effects, recipes={"Ljava/lang/StringBuilder;": [empty, builder]})
    assert generator.sources.for_input((_new(), index_of), 1, 1, GenericType(sequence)) == [
        Source(SourceKind.INPUT), Source(SourceKind.FRESH, recipe=builder)]
    assert generator.sources.for_input((_new(), length), 1, 1, GenericType(sequence)) == [Source(SourceKind.INPUT)]
