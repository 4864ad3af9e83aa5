"""Names that tell tests apart: where tests would share a name (method_names.py), what sets each
apart is said in it, in a fixed order of refinements (see `distinct_names`); a number only when
nothing else does.

Every function here is pure and deterministic, so identical suites get identical names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from jtc.emit.method_names import call_words, folded_name, insert_before_outcome, subject_name, test_method_name
from jtc.emit.naming import deduplicate, upper_first
from jtc.emit.words import argument_words, condition_words, first_symbol, stated_words, text_words, type_words
from jtc.model.program import ArrayLiteral, Construct, FieldLoad, Invoke, Literal, NewArray, Program, Statement, Stub, Value, VarRef
from jtc.model.testcases import ReturnsObject, TestCase, Throws
from jtc.model.types import Descriptor, InternalName, object_desc

def _call_arguments(statement: Statement) -> tuple[Value, ...]:
    """The inputs a reader sees in the call (not a stub's answers, nor an inner class's outer object)."""
    if isinstance(statement, (Stub, NewArray)):
        return ()
    if isinstance(statement, Construct) and statement.args and "$" in statement.owner \
            and statement.param_descs[0] == object_desc(InternalName(statement.owner.rpartition('$')[0])):
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


def _refined_by_message(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    """An exception said by the words of its message, when the messages differ and all have words."""
    messages = [case.expectation.message if isinstance(case.expectation, Throws) else None for case in cases]
    words = [text_words(message) if message else "" for message in messages]
    if len(set(messages)) < len(cases) or not all(words):
        return [name] * len(cases)
    subject = subject_name(cases[0], class_under_test)
    return [f"{subject}Throws{said}" for said in words]


def _refined_by_condition(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    """Tests told apart by the conditions on their inputs under which each alone takes a branch:
    each test whose condition no other of them shares says it; the others are left to their input
    values (next refinement)."""
    words = [condition_words(case.condition) if case.condition is not None else "" for case in cases]
    subject = subject_name(cases[0], class_under_test)
    return [insert_before_outcome(name, subject, f"Of{said}")
            if said and words.count(said) == 1 and f"Of{said}" not in name else name for said in words]


def _with_throwing_condition(case: TestCase, name: str, class_under_test: str) -> str:
    """A test that throws says the condition on its inputs that led there, if it has one, whether
    or not another test shares its name (`nameOfDayAbove7ThrowsIllegalArgumentException`)."""
    said = condition_words(case.condition) if case.condition is not None else ""
    if not said or not isinstance(case.expectation, Throws):
        return name
    return insert_before_outcome(name, subject_name(case, class_under_test), f"Of{said}")


def _refined_by_inputs(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    subject = subject_name(cases[0], class_under_test)
    return [insert_before_outcome(name, subject, words) for words in _inputs_words(cases)]


def _refined_by_history(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    histories = [_history_words(case, class_under_test) for case in cases]
    if len(set(histories)) == 1:
        return [name] * len(cases)
    subject = subject_name(cases[0], class_under_test)
    return [insert_before_outcome(name, subject, history) for history in histories]


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
    after = "And" if "After" in call_words(name, subject) else "After"  # the history said already
    return [insert_before_outcome(name, subject, after + "And".join(made)) if made else name for made in own]


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
            made: list[Value] = [VarRef(position, Descriptor("")) for _ in cases]
            return _given(cases, name, class_under_test, made)
        for argument in range(len(statement.args)):
            values = [case.program[position].args[argument] for case in cases]
            if isinstance(values[0], VarRef) or len(set(map(repr, values))) == 1:
                continue
            return _given(cases, name, class_under_test, values)
    return [name] * len(cases)


def _given(cases: Sequence[TestCase], name: str, class_under_test: str, values: Sequence[Value]) -> list[str]:
    """'Given' and each case's value in words, when every case's words differ; else the name as it was."""
    words = [argument_words(value, case.program) or first_symbol(value) for value, case in zip(values, cases)]
    if not all(words) or len(set(words)) != len(words):
        return [name] * len(cases)
    subject = subject_name(cases[0], class_under_test)
    return [insert_before_outcome(name, subject, f"Given{said}") for said in words]


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
        said = [stated_words(answer[observer]) if observer in answer else "" for answer in answers]
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
        refined.append(insert_before_outcome(name, subject, f"Given{own}") if own else name)
    return refined


def _statement_words(index: int, program: Program) -> list[str]:
    """The values a statement uses, in words: its literal arguments, or the constant it reads."""
    statement = program[index]
    if isinstance(statement, FieldLoad):
        return [argument_words(VarRef(index, Descriptor("")), program)] if statement.receiver is None else []
    return [words for value in statement.args if not isinstance(value, VarRef)
            if (words := argument_words(value, program))]


def _refined_by_overload(cases: Sequence[TestCase], name: str, class_under_test: str) -> list[str]:
    """Tests of different overloads told apart by the parameter types of the one each calls."""
    signatures = [_call_arguments_descs(case.program[-1]) for case in cases]
    if len(set(signatures)) == 1:
        return [name] * len(cases)
    subject = subject_name(cases[0], class_under_test)
    words = ["With" + "And".join(type_words(desc) for desc in descs) if descs else "WithNoArguments"
             for descs in signatures]
    return [insert_before_outcome(name, subject, said) for said in words]


def _call_arguments_descs(statement: Statement) -> tuple[Descriptor, ...]:
    """The parameter types of the call a test makes last, as a reader sees them (see _call_arguments)."""
    if isinstance(statement, (Stub, NewArray)):
        return ()
    skipped = len(statement.args) - len(_call_arguments(statement))
    return tuple(statement.param_descs[skipped:])


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
                names[position] = insert_before_outcome(name, subject, "With" + "And".join(said))
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
    return tuple(type_words(value.desc) for value in _call_arguments(case.program[-1])
                 if isinstance(value, (Literal, ArrayLiteral)))
