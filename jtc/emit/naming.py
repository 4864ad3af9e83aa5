"""Names a person would give: test methods that state the behaviour (`gcdReturns6`,
`popThrowsIllegalStateException`) and locals named after their type or the call that made them.

Every function here is pure and deterministic, so identical suites get identical names.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence

from jtc.emit.literals import double_literal, float_literal
from jtc.model.program import (ArrayLiteral, Construct, FieldLoad, Invoke, Literal, NewArray, NewCollection, Null,
                               Program, Statement, Stub, Value, VarRef)
from jtc.model.types import PRIMITIVE_NAMES, STRING, object_desc
from jtc.model.testcases import (Completes, Expectation, InputCondition, Relation, Returns, ReturnsBoxed,
                                     ReturnsConstant, ReturnsObject, ReturnsText, Stated, TestCase, Throws)

JAVA_KEYWORDS = frozenset("""
    abstract assert boolean break byte case catch char class const continue default do double else enum
    extends final finally float for goto if implements import instanceof int interface long native new
    package private protected public return short static strictfp super switch synchronized this throw
    throws transient try void volatile while true false null var yield record
""".split())

_GETTER_PREFIX = re.compile(r"^(get|is|has|to|as|create|new)(?=[A-Z])")
_MAX_WORDS = 4
_OUTCOMES = ("Returns", "Throws", "Completes", "Prints")
_RANGE_NAMES = {
    "I": {-(2**31): "MinValue", 2**31 - 1: "MaxValue"},
    "J": {-(2**63): "MinValue", 2**63 - 1: "MaxValue"},
    "S": {-32768: "MinValue", 32767: "MaxValue"},
    "B": {-128: "MinValue", 127: "MaxValue"},
}


def simple_class_name(internal: str) -> str:
    """'com/x/Outer$Inner' -> 'Inner'; anonymous and hidden classes have no usable simple name."""
    last = re.split(r"[/$.]", internal)[-1]
    return last if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", last) else ""


def test_class_name(class_under_test: str) -> str:
    """'com/x/Stack' -> 'StackTest'; a nested class keeps its outer names: 'OuterInnerTest'."""
    return class_under_test.rpartition("/")[2].replace("$", "") + "Test"


def lower_camel(name: str) -> str:
    """'IntStack' -> 'intStack', 'URLParser' -> 'urlParser', 'URL' -> 'url'."""
    match = re.match(r"^[A-Z]+", name)
    if not match:
        return name
    run = match.group(0)
    if len(run) == 1 or len(run) == len(name):
        return run.lower() + name[len(run):]
    return run[:-1].lower() + name[len(run) - 1:]


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _number_words(text: str) -> str:
    """'-2.5' -> 'Minus2Point5', '3.0' -> '3'."""
    text = text.removesuffix(".0")
    return text.replace("-", "Minus").replace(".", "Point")


def _float_words(desc: str, value: float) -> str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "PositiveInfinity" if value > 0 else "NegativeInfinity"
    if value == 0.0:
        return "MinusZero" if math.copysign(1.0, value) < 0 else "Zero"
    text = float_literal(value).removesuffix("f") if desc == "F" else double_literal(value)
    if "VALUE" in text:
        return ("Minus" if text.startswith("-") else "") + ("MaxValue" if "MAX" in text else "MinValue")
    if "E" in text or len(text) > 10:
        return PRIMITIVE_NAMES[desc].capitalize()
    return _number_words(text)


def _text_words(text: str) -> str:
    """'Hello, stranger' -> 'HelloStranger': the words of a short text, '' when it has none to say
    (punctuation only, too many words, a long token)."""
    words = re.findall(r"[A-Za-z0-9]+", text)
    if not words or len(words) > _MAX_WORDS or any(len(word) > 16 for word in words):
        return ""
    if re.sub(r"[A-Za-z0-9]+|[\s,.;:!?'_-]+", "", text):  # other symbols would be lost
        return ""
    joined = "".join(upper_first(word) for word in words)
    return joined if len(joined) <= 30 else ""


def _string_words(text: str) -> str:
    if not text:
        return "EmptyString"
    return _text_words(text) or "String"


def value_words(value: Literal | Null | ArrayLiteral) -> str:
    """How a test name says a returned value: 6 -> '6', -1 -> 'Minus1', true -> 'True'."""
    if isinstance(value, Null):
        return "Null"
    if isinstance(value, ArrayLiteral):
        return "Array" if value.elements else "EmptyArray"
    desc, raw = value.desc, value.value
    if desc == "Z":
        return "True" if raw else "False"
    if desc == STRING:
        return _string_words(str(raw))
    if desc in ("F", "D"):
        return _float_words(desc, float(raw))
    if desc == "C":
        char = chr(raw) if isinstance(raw, int) else str(raw)
        return upper_first(char) if char.isascii() and char.isalnum() else "Char"
    number = int(raw)
    return _RANGE_NAMES.get(desc, {}).get(number) or _number_words(str(number))


def _subject(statement: Statement, class_under_test: str) -> str:
    """What the test is about: the method called, or the constructor."""
    if isinstance(statement, Invoke):
        return re.sub(r"[^A-Za-z0-9_]", "", statement.name) or "call"
    if statement.owner == class_under_test:
        return "constructor"
    return "new" + (simple_class_name(statement.owner) or "Object")


def test_method_name(case: TestCase, class_under_test: str) -> str:
    """The undeduplicated name of a test: subject, then what happened; a seeded loop's, by the calls
    it makes and the bound of the values it draws (`randomPutAndRemoveBelow10`)."""
    if case.loop is not None:
        calls = "And".join(upper_first(re.sub(r"[^A-Za-z0-9_]", "", move.call.name)) for move in case.loop.moves)
        return f"random{calls}" + (f"Below{case.loop.bound}" if any(move.drawn for move in case.loop.moves) else "")
    last = case.program[-1]
    subject = lower_camel(_subject(last, class_under_test))
    return subject + outcome_words(case.expectation, isinstance(last, Construct), last.result_desc, case.prints)


def outcome_words(expectation: Expectation, constructed: bool, declared: str = "", prints: bool = False) -> str:
    """What a name says of the outcome; an object of a JDK class by the type the call declares
    (`getHeroesReturnsList`, not the `UnmodifiableRandomAccessList` it happens to be); a call that
    completes and `prints` text the test states, `Prints`."""
    if isinstance(expectation, Throws):
        return "Throws" + (simple_class_name(expectation.exception) or "Exception")
    if isinstance(expectation, Completes) or (constructed and isinstance(expectation, ReturnsObject)):
        return "Prints" if prints else "Completes"
    if isinstance(expectation, (ReturnsObject, ReturnsText)):
        runtime = expectation.class_name
        if runtime.startswith(("java.", "javax.")) and declared.startswith("L") and declared != "Ljava/lang/Object;":
            runtime = declared[1:-1]
        return "Returns" + (simple_class_name(runtime) or "Object")
    if isinstance(expectation, ReturnsConstant):
        return "Returns" + "".join(word.capitalize() for word in expectation.constant.split("_") if word)
    assert isinstance(expectation, (Returns, ReturnsBoxed))
    return "Returns" + value_words(expectation.value)


def _numbered(base: str, number: int) -> str:
    """'x' -> 'x2'; a name that already ends in a digit gets '_2' so the numbers stay apart."""
    return f"{base}_{number}" if base[-1:].isdigit() else f"{base}{number}"


def deduplicate(names: Iterable[str]) -> list[str]:
    """Second and later uses of a name get a number: gcdReturns6, gcdReturns6_2, …"""
    taken: set[str] = set()
    counts: dict[str, int] = {}
    result = []
    for name in names:
        candidate = name
        while candidate in taken:
            counts[name] = counts.get(name, 1) + 1
            candidate = _numbered(name, counts[name])
        taken.add(candidate)
        result.append(candidate)
    return result


class LocalNames:
    """Local variable names within one test method: unique, never a keyword or a reserved name."""

    def __init__(self, reserved: Iterable[str] = ()) -> None:
        self._taken = set(reserved)

    def allocate(self, base: str) -> str:
        if base in JAVA_KEYWORDS:
            base += "Value"
        name, number = base, 1
        while name in self._taken:
            number += 1
            name = _numbered(base, number)
        self._taken.add(name)
        return name


def variable_base(statement: Statement) -> str:
    """The name a person gives the result of `statement` before numbering: `intStack` for
    `new IntStack()`, `root` for `tree.getRoot()`, `size` for `list.size()`."""
    if isinstance(statement, Construct):
        return lower_camel(simple_class_name(statement.owner) or "object")
    if isinstance(statement, NewArray):
        element = statement.desc.lstrip("[")
        simple = simple_class_name(element[1:-1]) if element.startswith("L") else PRIMITIVE_NAMES[element]
        return lower_camel(simple or "element") + "Array"
    if isinstance(statement, Stub):
        return lower_camel(simple_class_name(statement.owner) or "stub")
    if isinstance(statement, NewCollection):
        element = statement.element_descs[-1]
        if element.startswith("L") and not element.startswith("Ljava/") and not statement.is_map:
            return lower_camel(simple_class_name(element[1:-1]) or "element") + "s"
        return lower_camel(simple_class_name(statement.desc[1:-1]) or "collection")
    if isinstance(statement, FieldLoad):
        words = [w for w in statement.name.split("_") if w]
        if statement.name.isupper() and words:
            return words[0].lower() + "".join(w.capitalize() for w in words[1:])
        return lower_camel(statement.name)
    name = re.sub(r"[^A-Za-z0-9_]", "", statement.name) or "value"
    noun = _GETTER_PREFIX.sub("", name)
    result = statement.result_desc
    if noun == name and result.startswith("L") and not result.startswith("Ljava/"):
        return lower_camel(simple_class_name(result[1:-1]) or noun)  # Depot depot = Depots.open(9)
    return lower_camel(noun)


def argument_words(value: Value, program: Program) -> str:
    """How a test name says an input: null -> 'Null', "" -> 'Empty', 0 -> 'Zero', 9 -> '9',
    Direction.NORTH -> 'North', new Gold(7) -> 'Gold7', new Object[] {"key", 9} -> 'KeyAnd9', an object
    a call made, `format.withDelimiter(';')` -> 'WithDelimiterSemicolon' (not a getter's, whose name
    says where it came from, not what it is); '' when it has no short form."""
    if isinstance(value, Null):
        return "Null"
    if isinstance(value, ArrayLiteral):
        return f"{len(value.elements)}Elements" if value.elements else "EmptyArray"
    if isinstance(value, VarRef):
        made = program[value.index]
        if isinstance(made, FieldLoad):
            return "".join(word.capitalize() for word in made.name.split("_") if word) if made.name.isupper() \
                else upper_first(made.name)
        if isinstance(made, NewCollection) and not made.args:
            return "Empty" + (simple_class_name(made.desc[1:-1]) or "Collection")
        if isinstance(made, NewArray):  # new Object[] {"key"} -> 'Key'; 'EmptyArray'
            said_elements = [argument_words(element, program) for element in made.args]
            return "And".join(said_elements) if made.args and all(said_elements) and len(made.args) <= 2 \
                else "" if made.args else "EmptyArray"
        if isinstance(made, Construct) and len(made.args) == 1 and not isinstance(made.args[0], VarRef):
            said, simple = argument_words(made.args[0], program), simple_class_name(made.owner)
            return simple + said if said and simple else ""  # new Gold(7) -> 'Gold7'
        if isinstance(made, Invoke) and made.receiver is not None and not made.name.startswith(("get", "is")):
            given = [argument_words(arg, program) for arg in made.args if not isinstance(arg, VarRef)]
            return upper_first(made.name) + "".join(given) if len(given) <= 1 and all(given) else ""  # format.withHeader()
        return ""
    if value.desc == STRING:
        return _text_words(str(value.value)) if value.value else "Empty"
    if value.desc in ("Z", "C", "F", "D"):
        return value_words(value)
    number = int(value.value)
    if number == 0:
        return "Zero"
    return value_words(value) if abs(number) < 100_000 or number in _RANGE_NAMES.get(value.desc, {}) else ""


def _call_arguments(statement: Statement) -> tuple[Value, ...]:
    """The inputs a reader sees in the call (not a stub's answers, nor an inner class's outer object)."""
    if isinstance(statement, (Stub, NewArray)):
        return ()
    if isinstance(statement, Construct) and statement.args and "$" in statement.owner \
            and statement.param_descs[0] == object_desc(statement.owner.rpartition('$')[0]):
        return statement.args[1:]
    return statement.args


def _inputs_words(cases: Sequence[TestCase]) -> list[str]:
    """'Of' and the inputs of each case's call under test where they differ among `cases`; an input
    made by a statement (`Size.LARGE`) differs by what it says, not by where the statement stands."""
    arguments = [_call_arguments(case.program[-1]) for case in cases]
    if len({len(a) for a in arguments}) != 1:
        return [""] * len(cases)
    said_as = [[argument_words(value, case.program) or repr(value) for value in case_arguments]
               for case, case_arguments in zip(cases, arguments)]
    differing = [position for position in range(len(arguments[0])) if len({a[position] for a in said_as}) > 1]
    words = []
    for case, case_arguments in zip(cases, arguments):
        said = [w for w in (argument_words(case_arguments[p], case.program) for p in differing) if w]
        words.append("Of" + "And".join(said) if said else "")
    return words


def _history_words(case: TestCase, class_under_test: str) -> str:
    """'After2Puts', 'AfterPushAndPop': the calls on the class under test before the last one."""
    calls = [s.name for s in case.program[:-1] if isinstance(s, Invoke) and s.owner == class_under_test]
    if not calls:
        return ""
    counts = {name: calls.count(name) for name in dict.fromkeys(calls)}
    if len(counts) > 3:
        return f"After{len(calls)}Calls"
    return "After" + "And".join(_repeated(upper_first(name), n) for name, n in counts.items())


def _repeated(name: str, times: int) -> str:
    """A call made `times` times: 'Put', '2Puts', '2Pushes' for a one-word name, which reads as a
    noun; 'MoveHeroTwice', 'GetHeroes3Times' for a longer one, whose plural would not read."""
    if times == 1:
        return name
    if any(letter.isupper() for letter in name[1:]):
        return name + ("Twice" if times == 2 else f"{times}Times")
    return f"{times}{name}" + ("es" if name.endswith(("s", "sh", "ch", "x", "z")) else "s")


def subject_name(case: TestCase, class_under_test: str) -> str:
    """The member a test is about, as the start of its name: 'greet', 'constructor', 'newNode'."""
    return lower_camel(_subject(case.program[-1], class_under_test))


def distinct_names(cases: Sequence[TestCase], class_under_test: str, taken: Iterable[str] = ()) -> list[str]:
    """Names for tests, each told apart from the others by what sets it apart: the member and its
    outcome (`isEmptyReturnsTrue`), an exception by its message where the class is shared
    (`addThrowsIntOverflow`, `addThrowsLongOverflow`), then the condition on the inputs under
    which a test alone takes a branch (`greetOfNullNameReturnsHelloStranger`; a test that throws
    always says it: `nameOfDayAbove7Throws…`), then the inputs where those are shared
    (`greetOfNullReturnsHelloStranger`, `greetOfEmptyReturnsHelloStranger`), then the calls made
    before (`sizeAfter2PushesReturns2`), then the calls on other objects one test alone makes
    (`getRecordsAfterWithFirstRecordAsHeaderReturnsList`), then the overload called
    (`parseWithStringArrayReturnsCommandLine`, `parseWithOptionsAndStringArrayReturnsCommandLine`), then
    the first value the tests' set-up differs in (`nextTokenGivenQuoteReturnsToken`: the text of the
    reader the lexer reads), then
    what the object returned was found to hold (`nextTokenReturnsEofToken`), then, between tests of
    different set-ups, a value only one of them uses (`nextTokenGivenExcelReturnsToken` beside
    `nextTokenGivenDefaultReturnsToken`); a number only when all of that is the same. Names in `taken`
    (parameterized tests) are avoided."""
    taken_names = set(taken)
    names = _refined_names(cases, class_under_test, taken_names)
    return deduplicate([*taken_names, *names])[len(taken_names):] if taken_names else deduplicate(names)


def numbered_apart(cases: Sequence[TestCase], class_under_test: str) -> bool:
    """Whether only numbers would tell the tests' names apart (see `distinct_names`)."""
    return len(set(_refined_names(cases, class_under_test, set()))) < len(cases)


def _refined_names(cases: Sequence[TestCase], class_under_test: str, taken_names: set[str]) -> list[str]:
    """The names of `distinct_names`, before numbers."""
    names = [_with_throwing_condition(case, test_method_name(case, class_under_test), class_under_test)
             for case in cases]
    return _refined(names, cases, class_under_test, taken_names,
                    (_refined_by_message, _refined_by_condition, _refined_by_inputs, _refined_by_history,
                     _refined_by_preparation, _refined_by_overload, _refined_by_setup, _refined_by_result,
                     _refined_by_own_value))


def _refined(names: list[str], cases: Sequence[TestCase], class_under_test: str, taken_names: set[str],
             refiners: Sequence[Callable[[Sequence[TestCase], str, str], list[str]]]) -> list[str]:
    """`names`, each refiner in turn applied to the cases that share a name (or take one of `taken_names`)."""
    for refine in refiners:
        for name, positions in _positions_by_name(names).items():
            if len(positions) > 1 or name in taken_names:
                for position, refined in zip(positions, refine([cases[p] for p in positions], name, class_under_test)):
                    names[position] = refined
    return names


def _positions_by_name(names: Sequence[str]) -> dict[str, list[int]]:
    """Each name and the positions that have it."""
    positions: dict[str, list[int]] = {}
    for position, name in enumerate(names):
        positions.setdefault(name, []).append(position)
    return positions


def _insert_before_outcome(name: str, subject: str, words: str) -> str:
    """`words` between what a name says of the call and what it says of the outcome."""
    at = _outcome_at(name, subject)
    return name[:at] + words + name[at:]


def _call_words(name: str, subject: str) -> str:
    """What a name says of the call, after its subject and before its outcome ('AfterPush')."""
    return name[len(subject):_outcome_at(name, subject)]


def _outcome_at(name: str, subject: str) -> int:
    found = [at for at in (name.find(outcome, len(subject)) for outcome in _OUTCOMES) if at >= 0]
    return min(found) if found else len(name)


def _refined_by_message(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    """An exception said by the words of its message, when the messages differ and all have words."""
    messages = [case.expectation.message if isinstance(case.expectation, Throws) else None for case in cases]
    words = [_text_words(message) if message else "" for message in messages]
    if len(set(messages)) < len(cases) or not all(words):
        return [name] * len(cases)
    subject = subject_name(cases[0], class_under_test)
    return [f"{subject}Throws{said}" for said in words]


_RELATION_WORDS = {Relation.LESS: "Below", Relation.AT_MOST: "AtMost", Relation.GREATER: "Above",
                   Relation.AT_LEAST: "AtLeast", Relation.EQUAL: "Equal", Relation.NOT_EQUAL: "Not"}


def condition_words(condition: InputCondition) -> str:
    """`day > 7` -> 'DayAbove7', `amount > balance` -> 'AmountAboveBalance', `key == null` ->
    'NullKey', `values.length < 2` -> 'ValuesLengthBelow2', `name.length == 0` -> 'EmptyName'; ''
    when it has no short form, and for an input equal to a constant, which its value says as well
    (`isWeekendOf6`)."""
    subject = "".join(upper_first(part) for part in condition.subject.split("."))
    emptiness = _emptiness(condition)
    if emptiness is not None:
        return ("Empty" if emptiness else "NonEmpty") + subject.removesuffix("Length")
    if condition.relation == Relation.EQUAL and not isinstance(condition.other, str):
        return ""
    if condition.relation == Relation.NULL:
        return "Null" + subject
    if condition.relation == Relation.NOT_NULL:
        return "NonNull" + subject
    other = condition.other
    if isinstance(other, str):
        said = "".join(upper_first(part) for part in other.split("."))
    elif isinstance(other, int) and not isinstance(other, bool) and abs(other) < 100_000:
        said = "Zero" if other == 0 else _number_words(str(other))
    elif isinstance(other, float) and math.isfinite(other) and abs(other) < 100_000:
        said = _float_words("D", other)
    else:
        return ""
    return subject + _RELATION_WORDS[condition.relation] + said


# A length's relation to a constant that says it is empty (True) or not (False).
_EMPTINESS: dict[tuple[Relation, object], bool] = {(Relation.EQUAL, 0): True, (Relation.AT_MOST, 0): True, (Relation.LESS, 1): True,
              (Relation.NOT_EQUAL, 0): False, (Relation.GREATER, 0): False, (Relation.AT_LEAST, 1): False}


def _emptiness(condition: InputCondition) -> bool | None:
    """Whether a condition on a length says its input is empty (True) or not (False); None when it
    is no such condition."""
    if not condition.subject.endswith(".length") or isinstance(condition.other, (str, bool)):
        return None
    return _EMPTINESS.get((condition.relation, condition.other))


def _refined_by_condition(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    """Tests told apart by the conditions on their inputs under which each alone takes a branch:
    each test whose condition no other of them shares says it; the others are left to their input
    values (next refinement)."""
    words = [condition_words(case.condition) if case.condition is not None else "" for case in cases]
    subject = subject_name(cases[0], class_under_test)
    return [_insert_before_outcome(name, subject, f"Of{said}")
            if said and words.count(said) == 1 and f"Of{said}" not in name else name for said in words]


def _with_throwing_condition(case: TestCase, name: str, class_under_test: str) -> str:
    """A test that throws says the condition on its inputs that led there, if it has one, whether
    or not another test shares its name (`nameOfDayAbove7ThrowsIllegalArgumentException`)."""
    said = condition_words(case.condition) if case.condition is not None else ""
    if not said or not isinstance(case.expectation, Throws):
        return name
    return _insert_before_outcome(name, subject_name(case, class_under_test), f"Of{said}")


def _refined_by_inputs(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    subject = subject_name(cases[0], class_under_test)
    return [_insert_before_outcome(name, subject, words) for words in _inputs_words(cases)]


def _refined_by_history(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    histories = [_history_words(case, class_under_test) for case in cases]
    if len(set(histories)) == 1:
        return [name] * len(cases)
    subject = subject_name(cases[0], class_under_test)
    return [_insert_before_outcome(name, subject, history) for history in histories]


def _refined_by_preparation(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    """Tests whose calls on the class under test are the same, told apart by the calls on other
    objects that one makes and not every other (`getRecordsAfterWithFirstRecordAsHeaderReturnsList`:
    the format the parser reads was configured first); the others keep the name. Static calls make
    values rather than prepare them (`valueOf("Excel")`): a later refiner says those by their values."""
    calls = [[upper_first(s.name) for s in case.program[:-1]
              if isinstance(s, Invoke) and s.owner != class_under_test and s.receiver is not None]
             for case in cases]
    shared = set.intersection(*(set(made) for made in calls))
    own = [tuple(dict.fromkeys(call for call in made if call not in shared)) for made in calls]
    if len(set(own)) == 1 or any(len(made) > 2 for made in own):
        return [name] * len(cases)
    subject = subject_name(cases[0], class_under_test)
    after = "And" if "After" in _call_words(name, subject) else "After"  # the history said already
    return [_insert_before_outcome(name, subject, after + "And".join(made)) if made else name for made in own]


def _refined_by_setup(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    """Tests of one shape (the same kinds of statements, in order) told apart by the first literal
    their statements differ in, said in words (a text without words by its first character: `"ello`
    -> 'Quote'); each shape's tests apart from the others'."""
    names = [name] * len(cases)
    by_shape: dict[tuple, list[int]] = {}
    for position, case in enumerate(cases):
        by_shape.setdefault(tuple((type(s), len(s.args)) for s in case.program), []).append(position)
    for positions in by_shape.values():
        if len(positions) > 1:
            for position, refined in zip(positions, _refined_by_first_value([cases[p] for p in positions], name,
                                                                            class_under_test)):
                names[position] = refined
    return names


def _refined_by_first_value(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    """Tests of one shape told apart by the first literal their statements differ in, or the first
    constant (`new Square(TileType.WALL)` beside `new Square(TileType.DOOR)`: 'GivenWall')."""
    for position, statement in enumerate(cases[0].program):
        constants = {s.name for case in cases if isinstance(s := case.program[position], FieldLoad) and s.receiver is None}
        if len(constants) > 1 and all(isinstance(case.program[position], FieldLoad) for case in cases):
            made: list[Value] = [VarRef(position, "") for _ in cases]
            return _given(cases, name, class_under_test, made)
        for argument in range(len(statement.args)):
            values = [case.program[position].args[argument] for case in cases]
            if isinstance(values[0], VarRef) or len(set(map(repr, values))) == 1:
                continue
            return _given(cases, name, class_under_test, values)
    return [name] * len(cases)


def _given(cases: Sequence[TestCase], name: str, class_under_test: str, values: Sequence[Value]) -> list[str]:
    """'Given' and each case's value in words, when every case's words differ; else the name as it was."""
    words = [argument_words(value, case.program) or _first_symbol(value) for value, case in zip(values, cases)]
    if not all(words) or len(set(words)) != len(words):
        return [name] * len(cases)
    subject = subject_name(cases[0], class_under_test)
    return [_insert_before_outcome(name, subject, f"Given{said}") for said in words]


def _refined_by_result(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    """Tests that return an object told apart by the first of its observers (asked in any of them)
    whose answers (enum constants) differ: each test whose answer no other of them shares says it
    before the object's type (`nextTokenReturnsEofToken`, `nextTokenReturnsCommentToken`); the others,
    and a test that did not ask, keep the name. A test alone whose name a parameterized test took
    says its first answer."""
    if not all(isinstance(case.expectation, ReturnsObject) for case in cases):
        return [name] * len(cases)
    answers = [{(o.owner, o.name, o.desc, o.args): o.value for o in case.observations
                if o.receiver == len(case.program) - 1} for case in cases]
    for observer in dict.fromkeys(observer for answer in answers for observer in answer):  # any test's, in order
        said = [_stated_words(answer[observer]) if observer in answer else "" for answer in answers]
        if len(set(said)) > 1 or len(cases) == 1 and said[0]:
            returns = name.rfind("Returns") + len("Returns")
            return [name[:returns] + words + name[returns:]
                    if words and said.count(words) == 1 and words != name[returns:] else name  # not 'TokenToken'
                    for words in said]
    return [name] * len(cases)


def _refined_by_own_value(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    """Tests told apart by the first value (a literal with words, a constant) in each one's
    statements that none of the others uses: each test that has one says it, the others keep the name."""
    return _given_own([_program_words(case) for case in cases], name, subject_name(cases[0], class_under_test))


def _program_words(case: TestCase) -> list[str]:
    """The values a test's statements use, in words, in order."""
    return [words for index in range(len(case.program)) for words in _statement_words(index, case.program)]


def _given_own(said: Sequence[Sequence[str]], name: str, subject: str) -> list[str]:
    """For each of `said` (the words of a test's values), the name with 'Given' and the first of its
    words no other uses, or the name as it was."""
    refined = []
    for position, words in enumerate(said):
        others = {word for other, their in enumerate(said) if other != position for word in their}
        own = next((word for word in words if word not in others), "")
        refined.append(_insert_before_outcome(name, subject, f"Given{own}") if own else name)
    return refined


def _statement_words(index: int, program: Program) -> list[str]:
    """The values a statement uses, in words: its literal arguments, or the constant it reads."""
    statement = program[index]
    if isinstance(statement, FieldLoad):
        return [argument_words(VarRef(index, ""), program)] if statement.receiver is None else []
    return [words for value in statement.args if not isinstance(value, VarRef)
            if (words := argument_words(value, program))]


def _stated_words(value: Stated) -> str:
    """An enum constant an observer answered, in the words of a name (`EOF` -> 'Eof'); '' for
    other values, which read as the object's own (`ReturnsTrueToken`)."""
    if isinstance(value, ReturnsConstant):
        return "".join(word.capitalize() for word in value.constant.split("_") if word)
    return ""


_SYMBOLS = {'"': "Quote", "'": "Apostrophe", ",": "Comma", ";": "Semicolon", "\n": "Newline", "\r": "Return",
            " ": "Space", "\t": "Tab", "#": "Hash", "\\": "Backslash", "|": "Bar", "=": "Equals"}


def _first_symbol(value: Value) -> str:
    """A text without words, by its first character where that has a name."""
    text = value.value if isinstance(value, Literal) and value.desc == STRING else None
    return _SYMBOLS.get(text[0], "") if isinstance(text, str) and text else ""


def _type_words(desc: str) -> str:
    """'[Ljava/lang/String;' -> 'StringArray', 'I' -> 'Int'."""
    element = desc.lstrip("[")
    simple = simple_class_name(element[1:-1]) if element.startswith("L") else PRIMITIVE_NAMES[element].capitalize()
    return (simple or "Object") + "Array" * (len(desc) - len(element))


def _refined_by_overload(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    """Tests of different overloads told apart by the parameter types of the one each calls."""
    signatures = [_call_arguments_descs(case.program[-1]) for case in cases]
    if len(set(signatures)) == 1:
        return [name] * len(cases)
    subject = subject_name(cases[0], class_under_test)
    words = ["With" + "And".join(_type_words(desc) for desc in descs) if descs else "WithNoArguments"
             for descs in signatures]
    return [_insert_before_outcome(name, subject, said) for said in words]


def _call_arguments_descs(statement: Statement) -> tuple[str, ...]:
    """The parameter types of the call a test makes last, as a reader sees them (see _call_arguments)."""
    if isinstance(statement, (Stub, NewArray)):
        return ()
    skipped = len(statement.args) - len(_call_arguments(statement))
    return tuple(statement.param_descs[skipped:])


def folded_name(cases: Sequence[TestCase], class_under_test: str) -> str:
    """A parameterized test's name: the member, and the outcome its cases share (`isWeekendReturnsFalse`),
    or only what kind of outcome (`nameReturnsExpected`, `nameThrowsIllegalArgumentException`)."""
    names = {test_method_name(case, class_under_test) for case in cases}
    if len(names) == 1:
        return names.pop()
    subject = subject_name(cases[0], class_under_test)
    expectation = cases[0].expectation
    if isinstance(expectation, Throws):
        return subject + outcome_words(expectation, False)
    return subject + "ReturnsExpected"


def folded_names(groups: Sequence[Sequence[TestCase]], class_under_test: str) -> list[str]:
    """The names of parameterized tests; two that would share one are told apart by the types of the
    values their call is given (`describeWithIntReturnsExpected` beside
    `describeWithStringReturnsExpected`, where `describe(Object)` takes both), else by what their
    set-ups do not share: the calls made before on the class under test, then on other objects
    (`formatAfterWithFirstRecordAsHeaderReturnsExpected`), the first value or constant their set-ups
    differ in (`formatGivenMysqlReturnsExpected`), a value every case of one uses and no other
    (`nextTokenGivenDefaultReturnsToken` beside `nextTokenGivenExcelReturnsToken`, made from
    `CSVFormat.valueOf("Excel")`); a number only when those are the same too."""
    names = [folded_name(cases, class_under_test) for cases in groups]
    for name, positions in _positions_by_name(names).items():
        kinds = [_value_types(groups[p][0]) for p in positions]
        if len(positions) > 1 and len(set(kinds)) == len(kinds):
            subject = subject_name(groups[positions[0]][0], class_under_test)
            for position, said in zip(positions, kinds):
                names[position] = _insert_before_outcome(name, subject, "With" + "And".join(said))
    names = _refined(names, [cases[0] for cases in groups], class_under_test, set(),
                     (_refined_by_history, _refined_by_preparation, _refined_by_setup))
    for name, positions in _positions_by_name(names).items():  # a value every case of one uses, no other
        if len(positions) > 1:
            shared = [[word for word in _program_words(groups[p][0]) if all(
                word in _program_words(case) for case in groups[p][1:])] for p in positions]
            subject = subject_name(groups[positions[0]][0], class_under_test)
            for position, refined in zip(positions, _given_own(shared, name, subject)):
                names[position] = refined
    return deduplicate(names)


def _value_types(case: TestCase) -> tuple[str, ...]:
    """The types of the literal values the call under test is given, as a name says them."""
    return tuple(_type_words(value.desc) for value in _call_arguments(case.program[-1])
                 if isinstance(value, (Literal, ArrayLiteral)))
