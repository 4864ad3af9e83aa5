"""Sequences grown from runs (exploration/growth.py): one more call at the end of a skeleton as it ran,
on the sequence's own objects."""

from __future__ import annotations

from jtc.analysis.influence import Effects
from jtc.model.signatures import GenericType
from jtc.exploration.growth import GROWN_PER_RUN, LONGEST_GROWN_ARRAY, Growth, _keyed, _moved, _prepared_objects, lengthened
from jtc.calls.invokables import Invokable, InvokableKind, array_invokable
from jtc.exploration.templates import Limits, ProgramTemplate
from jtc.svm.inputs import StringInput
from jtc.calls.steps import Recipe, Source, SourceKind, Step

from tests.exploration.test_generator import OWNER, THIS, _call, _effects, _generator, _new

SENSOR = "Lt/Sensor;"
DIRECTION = "Lt/Direction;"


def _constant(name: str) -> Recipe:
    return (Step(Invokable(InvokableKind.GET_STATIC, "t/Direction", name, DIRECTION, None, (), (), DIRECTION), (),
                 helper=True),)


def _level() -> tuple[dict[str, Invokable], dict[Invokable, Effects]]:
    """A level that a sensor joins, that starts, and that moves its sensor in a direction."""
    members = {"new": _new(), "join": _call("join", (SENSOR,)), "start": _call("start"),
               "move": _call("move", (SENSOR, DIRECTION), "I"), "count": _call("count", (), "I")}
    effects = {members["new"]: _effects(defs=("sensors", "running")),
               members["join"]: _effects(defs=("sensors",), uses=("sensors", "running")),
               members["start"]: _effects(defs=("running",), uses=("sensors", "running")),
               members["move"]: _effects(defs=("turn",), uses=("sensors", "running")),
               members["count"]: _effects(uses=("turn",))}
    return members, effects


def _ran(members: dict[str, Invokable]) -> tuple[Step, ...]:
    """`new Monitor(); new Sensor(); monitor.join(sensor); monitor.start()`, expanded as it ran."""
    return (Step(members["new"], ()), Step(_new("t/Sensor"), (), helper=True),
            Step(members["join"], (Source(SourceKind.REF, 0), Source(SourceKind.REF, 1))),
            Step(members["start"], (Source(SourceKind.REF, 0),)))


def test_a_call_is_appended_on_the_sequences_objects_in_each_direction() -> None:
    members, effects = _level()
    recipes = {SENSOR: [(Step(_new("t/Sensor"), (), helper=True),)],
               DIRECTION: [_constant("NORTH"), _constant("EAST")]}
    generator = _generator(effects, recipes)
    ran = _ran(members)
    grown = generator.appended(ran, members["move"], 4)
    assert len(grown) == 2
    for skeleton, direction in zip(grown, ("NORTH", "EAST")):
        assert skeleton[:len(ran)] == ran  # the run's steps as they were: it continues their paths
        assert [step.invokable.name for step in skeleton[len(ran):]] == [direction, "move"]
        # the monitor the sequence made and the sensor that joined it, not a new one
        assert skeleton[-1].sources == (Source(SourceKind.REF, 0), Source(SourceKind.REF, 1),
                                        Source(SourceKind.REF, len(ran)))


def test_a_run_grows_by_the_calls_its_last_call_could_influence() -> None:
    members, effects = _level()
    generator = _generator(effects, {SENSOR: [(Step(_new("t/Sensor"), (), helper=True),)],
                                     DIRECTION: [_constant("NORTH")]})
    targets = list(members.values())
    grown = Growth(generator, targets, longest=12).extensions(_ran(members))
    last = sorted(skeleton[-1].invokable.name for skeleton in grown)
    assert last == ["join", "move", "start"]  # count reads only the turn; a constructor starts over
    assert len(grown) <= GROWN_PER_RUN
    assert Growth(generator, targets, longest=3).extensions(_ran(members)) == []  # as long as it may get


def test_without_an_object_of_its_own_each_way_to_make_one_is_tried() -> None:
    """`monitor.read(Gauge)` when the sequence holds no gauge: each recipe is a grown skeleton (a
    command parsed from each valid text), as an enum's constants are."""
    members, effects = _level()
    gauge = "Lt/Gauge;"
    read = _call("read", (gauge,), "I")
    effects[read] = _effects(uses=("running",))
    recipes = {gauge: [(Step(_new("t/Gauge"), (), helper=True),),
                       (Step(Invokable(InvokableKind.STATIC, "t/Gauge", "parse", f"(Ljava/lang/String;){gauge}", None,
                                       ("Ljava/lang/String;",), ("text",), gauge), (Source(SourceKind.INPUT),),
                             helper=True),)]}
    grown = _generator(effects, recipes).appended(_ran(members), read, 4)
    assert [[step.invokable.name for step in skeleton[4:]] for skeleton in grown] == [["<init>", "read"], ["parse", "read"]]


def test_a_generic_argument_takes_its_plainest_choice() -> None:
    """`monitor.addAll(List<Integer>)` after `monitor.watch(List<Sensor>)` got a list a helper made:
    wiring goes by erasure, so that list is not preferred; a fresh one (the plainest static choice)
    is passed."""
    members, effects = _level()
    lists = "Ljava/util/List;"
    watch = _call("watch", (lists,))
    add_all = Invokable(InvokableKind.CALL, OWNER, "addAll", f"({lists})V", THIS, (lists,), ("values",), "V",
                        types=(GenericType(lists, (GenericType("Ljava/lang/Integer;"),)),))
    effects[watch] = _effects(defs=("sensors",))
    effects[add_all] = _effects(defs=("sensors",), uses=("sensors",))
    fresh = Step(Invokable(InvokableKind.COLLECTION, "java/util/ArrayList", "<init>", "()V", None, (), (), lists), (),
                 helper=True)
    ran = (Step(members["new"], ()), fresh, Step(watch, (Source(SourceKind.REF, 0), Source(SourceKind.REF, 1))))
    grown = _generator(effects, {lists: [(fresh,)]}).appended(ran, add_all, 4)
    assert len(grown) == 1 and grown[0][len(ran)] == fresh  # a list of its own
    assert grown[0][-1].sources == (Source(SourceKind.REF, 0), Source(SourceKind.REF, len(ran)))


OPTIONS = "Lt/Options;"
STRING = "Ljava/lang/String;"


def _parse_run() -> tuple[Step, ...]:
    """`new Monitor(); new Options(); new World(); monitor.parse(options, token)`."""
    parse = _call("parse", (OPTIONS, STRING), "I")
    return (Step(_new(), ()), Step(_new("t/Options"), (), helper=True), Step(_new("t/World"), (), helper=True),
            Step(parse, (Source(SourceKind.REF, 0), Source(SourceKind.REF, 1), Source(SourceKind.INPUT))))


def test_the_objects_prepared_are_the_arguments_first_then_the_others_not_the_receiver() -> None:
    ran = _parse_run()
    assert _prepared_objects(ran) == [1, 2]
    register = Step(_call("register", (STRING,), OPTIONS, owner="t/Options"),
                    (Source(SourceKind.REF, 1), Source(SourceKind.INPUT)), helper=True, prepares=True)
    # what a fluent preparation gives back is the options it changed, no object of its own
    assert _prepared_objects(ran[:3] + (register, ran[3])) == [1, 2]


def test_a_prepared_run_keeps_the_token_and_registers_the_key_looked_up_in_vain() -> None:
    """The last call's inputs move to its new position; the key goes to each String input of the
    new steps in turn."""
    ran = _parse_run()
    register = Step(_call("register", (STRING, STRING), "V", owner="t/Options"),
                    (Source(SourceKind.REF, 1), Source(SourceKind.INPUT), Source(SourceKind.INPUT)),
                    helper=True, prepares=True)
    longer = ran[:3] + (register, ran[3])
    token = "s3.Monitor.parse(Lt/Options;Ljava/lang/String;)I.a1"
    moved = _moved(ran, longer, {token: "-x", f"{token}==null": False, "s0.other": 1})
    assert moved == {token.replace("s3.", "s4."): "-x", f"{token.replace('s3.', 's4.')}==null": False}
    keyed = _keyed(longer, range(3, 4), "x")
    assert [sorted(inputs.values(), key=str) for inputs in keyed] == [[False, "x"], [False, "x"]]
    assert [next(name for name in inputs if not name.endswith("==null")).rsplit(".", 1)[-1] for inputs in keyed] \
        == ["a0", "a1"]


def test_a_token_array_grows_by_one_element_keeping_the_runs_tokens_under_their_names() -> None:
    parse = _call("parse", (OPTIONS, "[" + STRING), "I")
    tokens = Step(array_invokable("[" + STRING, 1), (Source(SourceKind.INPUT),), helper=True)
    ran = (Step(_new(), ()), Step(_new("t/Options"), (), helper=True), tokens,
           Step(parse, (Source(SourceKind.REF, 0), Source(SourceKind.REF, 1), Source(SourceKind.REF, 2))))
    longer = lengthened(ran)
    assert longer is not None and longer[:2] == ran[:2] and longer[3] == ran[3]
    assert len(longer[2].invokable.params) == 2 and longer[2].sources == (Source(SourceKind.INPUT),) * 2
    names = [spec.name for spec in ProgramTemplate.for_skeleton(longer, Limits(4, 4)).specs.values()
             if isinstance(spec, StringInput)]
    first = [spec.name for spec in ProgramTemplate.for_skeleton(ran, Limits(4, 4)).specs.values()]
    assert names[0] == first[0] and len(names) == 2  # the run's token keeps its name: its value carries over
    for _ in range(LONGEST_GROWN_ARRAY - 2):
        longer = lengthened(longer)
        assert longer is not None
    assert len(longer[2].invokable.params) == LONGEST_GROWN_ARRAY and lengthened(longer) is None
    # an array of elements the sequence made elsewhere is no token array to grow
    held = Step(array_invokable("[" + STRING, 1), (Source(SourceKind.REF, 1),), helper=True)
    assert lengthened(ran[:2] + (held,) + ran[3:]) is None
