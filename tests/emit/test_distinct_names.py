"""Names that tell tests apart where they would share one (emit/distinct_names.py)."""

from __future__ import annotations

import dataclasses

from jtc.emit.distinct_names import distinct_names, folded_names
from jtc.emit.words import argument_words
from jtc.model.program import ArrayLiteral, Construct, FieldLoad, Invoke, Literal, NewArray, Null, VarRef
from jtc.model.testcases import (Completes, InputCondition, Observation, Relation, Returns, ReturnsConstant,
                                 ReturnsObject, Throws)
from jtc.model.testcases import TestCase as Case
from jtc.model.types import STRING_DESC

CALC = "com/example/Calc"
STACK = "com/example/IntStack"
STACK_REF = VarRef(0, f"L{STACK};")


GREET = "(Ljava/lang/String;)Ljava/lang/String;"


def greet(argument: Literal | Null, returned: str) -> Case:
    return Case((Invoke(CALC, "greet", GREET, None, (argument,)),), Returns(Literal(STRING_DESC, returned)))


def test_names_say_what_sets_a_test_apart() -> None:
    cases = [greet(Literal(STRING_DESC, "bob"), "Hello, bob"), greet(Null(STRING_DESC), "Hello, stranger"),
             greet(Literal(STRING_DESC, ""), "Hello, stranger"), greet(Literal(STRING_DESC, "@x"), "Hello, bot"),
             Case((Invoke(CALC, "day", "(I)I", None, (Literal("I", -1),)),), Throws("java.lang.IllegalArgumentException")),
             Case((Invoke(CALC, "day", "(I)I", None, (Literal("I", 9),)),), Throws("java.lang.IllegalArgumentException")),
             Case((Invoke(CALC, "day", "(I)I", None, (Literal("I", 0),)),), Throws("java.lang.IllegalArgumentException"))]
    assert distinct_names(cases, CALC) == [
        "greetReturnsHelloBob", "greetOfNullReturnsHelloStranger", "greetOfEmptyReturnsHelloStranger",
        "greetReturnsHelloBot", "dayOfMinus1ThrowsIllegalArgumentException", "dayOf9ThrowsIllegalArgumentException",
        "dayOfZeroThrowsIllegalArgumentException"]


def test_inputs_made_by_statements_are_told_apart_by_what_they_say() -> None:
    """`Size.SMALL` and `Size.LARGE` stand at the same place in both tests: they still differ."""
    size = "Lcom/example/Size;"
    def fill(constant: str) -> Case:
        return Case((Construct(STACK, "()V", ()), FieldLoad("com/example/Size", constant, size),
                     Invoke(STACK, "fill", f"({size})V", STACK_REF, (VarRef(1, size),))), Completes())
    assert distinct_names([fill("SMALL"), fill("LARGE")], STACK) == ["fillOfSmallCompletes",
                                                                           "fillOfLargeCompletes"]
    gold = "Lcom/example/Gold;"
    def pick_up(amount: int) -> Case:
        return Case((Construct(STACK, "()V", ()), Construct("com/example/Gold", "(I)V", (Literal("I", amount),)),
                     Invoke(STACK, "pickUp", f"({gold})V", STACK_REF, (VarRef(1, gold),))), Completes())
    assert distinct_names([pick_up(7), pick_up(1)], STACK) == ["pickUpOfGold7Completes", "pickUpOfGold1Completes"]


def test_names_say_the_calls_before_when_the_inputs_are_the_same() -> None:
    push = Invoke(STACK, "push", "(I)V", STACK_REF, (Literal("I", 1),))
    size = Invoke(STACK, "size", "()I", STACK_REF, ())
    cases = [Case((Construct(STACK, "()V", ()), push, size), Returns(Literal("I", 1))),
             Case((Construct(STACK, "()V", ()), size), Returns(Literal("I", 1))),
             Case((Construct(STACK, "()V", ()), push, push, size), Returns(Literal("I", 1)))]
    assert distinct_names(cases, STACK) == ["sizeAfterPushReturns1", "sizeReturns1", "sizeAfter2PushesReturns1"]
    # A name of several words is not made plural ("2GetHeroeses"): it is made twice, or n times.
    heroes = Invoke(STACK, "getHeroes", "()Ljava/util/List;", STACK_REF, ())
    move = Invoke(STACK, "moveHero", "(I)V", STACK_REF, (Literal("I", 1),))
    cases = [Case((Construct(STACK, "()V", ()), heroes, heroes, move, move, move, size), Returns(Literal("I", 1))),
             Case((Construct(STACK, "()V", ()), size), Returns(Literal("I", 1)))]
    assert distinct_names(cases, STACK) == ["sizeAfterGetHeroesTwiceAndMoveHero3TimesReturns1", "sizeReturns1"]
    # Identical tests keep their number; a parameterized test's name is not taken again.
    twice = [Case((Invoke(CALC, "gcd", "(II)I", None, ()),), Returns(Literal("I", 6)))] * 2
    assert distinct_names(twice, CALC, taken=["gcdReturns6"]) == ["gcdReturns6_2", "gcdReturns6_3"]


def test_tests_of_two_overloads_are_named_by_their_parameter_types() -> None:
    """`parse(words)` and `parse(options, words)` returning alike: no number tells them apart, the
    overload does."""
    parser, words = "p/Parser", ArrayLiteral("[Ljava/lang/String;", ("a",))
    made = (Construct(parser, "()V", ()), Construct("p/Options", "()V", ()))
    short = Invoke(parser, "parse", "([Ljava/lang/String;)Lp/Line;", VarRef(0, f"L{parser};"), (words,))
    long = Invoke(parser, "parse", "(Lp/Options;[Ljava/lang/String;)Lp/Line;", VarRef(0, f"L{parser};"),
                  (VarRef(1, "Lp/Options;"), words))
    cases = [Case((*made, short), ReturnsObject("p.Line")), Case((*made, long), ReturnsObject("p.Line"))]
    assert distinct_names(cases, parser) == ["parseWithStringArrayReturnsLine",
                                                    "parseWithOptionsAndStringArrayReturnsLine"]


def test_exceptions_of_one_class_are_told_apart_by_their_messages() -> None:
    def add(desc: str, a: int, message: str) -> Case:
        kind = desc[1]
        return Case((Invoke(CALC, "add", desc, None, (Literal(kind, a), Literal(kind, a))),),
                    Throws("java.lang.ArithmeticException", message))
    cases = [add("(II)I", 2**30, "int overflow"), add("(JJ)J", 2**62, "long overflow"),
             add("(JJ)J", -(2**62), "long underflow")]
    assert distinct_names(cases, CALC) == ["addThrowsIntOverflow", "addThrowsLongOverflow",
                                                  "addThrowsLongUnderflow"]


def test_tests_that_alone_take_a_branch_are_named_by_its_condition() -> None:
    def withdraw(amount: int, condition: InputCondition | None) -> Case:
        program = (Construct(STACK, "()V", ()), Invoke(STACK, "withdraw", "(I)V", STACK_REF, (Literal("I", amount),)))
        return Case(program, Throws("java.lang.IllegalArgumentException"), condition=condition)

    over, negative = InputCondition("amount", Relation.GREATER, "balance"), InputCondition("amount", Relation.LESS, 0)
    assert distinct_names([withdraw(150, over), withdraw(-5, negative)], STACK) == [
        "withdrawOfAmountAboveBalanceThrowsIllegalArgumentException",
        "withdrawOfAmountBelowZeroThrowsIllegalArgumentException"]
    # A test that throws says its condition even when no other test shares its name; one without a
    # condition of its own keeps its name, and one that shares its condition is told by its inputs.
    assert distinct_names([withdraw(150, over)], STACK) == [
        "withdrawOfAmountAboveBalanceThrowsIllegalArgumentException"]
    assert distinct_names([withdraw(150, over), withdraw(-5, None)], STACK) == [
        "withdrawOfAmountAboveBalanceThrowsIllegalArgumentException", "withdrawThrowsIllegalArgumentException"]


def test_a_condition_tells_apart_the_tests_that_return_alike() -> None:
    def greet(name: str | None, condition: InputCondition | None) -> Case:
        value = Literal(STRING_DESC, name) if name is not None else Null(STRING_DESC)
        program = (Invoke(STACK, "greet", f"({STRING_DESC}){STRING_DESC}", None, (value,)),)
        return Case(program, Returns(Literal(STRING_DESC, "Hello, stranger")), condition=condition)

    empty = InputCondition("name.length", Relation.EQUAL, 0)
    assert distinct_names([greet(None, InputCondition("name", Relation.NULL)), greet("", empty)], STACK) == [
        "greetOfNullNameReturnsHelloStranger", "greetOfEmptyNameReturnsHelloStranger"]
    # Without a condition of its own, a test is told apart by its inputs.
    assert distinct_names([greet("", empty), greet("x", None), greet("y", None)], STACK) == [
        "greetOfEmptyNameReturnsHelloStranger", "greetOfXReturnsHelloStranger", "greetOfYReturnsHelloStranger"]


def test_an_array_made_by_a_statement_is_said_by_its_elements() -> None:
    """`count(new Object[] {10})` and `count(new Object[] {"abc"})` return alike: their elements tell
    them apart, no number does."""
    def count(element: Literal) -> Case:
        made = NewArray("[Ljava/lang/Object;", (element,))
        return Case((Construct(STACK, "()V", ()), made,
                     Invoke(STACK, "count", "([Ljava/lang/Object;)I", STACK_REF, (VarRef(1, "[Ljava/lang/Object;"),))),
                    Returns(Literal("I", 0)))
    assert distinct_names([count(Literal("I", 10)), count(Literal(STRING_DESC, "abc"))], STACK) == [
        "countOf10Returns0", "countOfAbcReturns0"]


def test_parameterized_tests_of_one_name_are_told_apart_by_their_value_types() -> None:
    """`describe(Object)` folded once over numbers and once over texts."""
    def describe(value: Literal, said: str) -> Case:
        return Case((Construct(STACK, "()V", ()), Invoke(STACK, "describe", "(Ljava/lang/Object;)Ljava/lang/String;",
                                                         STACK_REF, (value,))), Returns(Literal(STRING_DESC, said)))
    numbers = [describe(Literal("I", 1), "small"), describe(Literal("I", 11), "big")]
    texts = [describe(Literal(STRING_DESC, "a"), "text"), describe(Literal(STRING_DESC, "#ab"), "comment")]
    assert folded_names([numbers, texts], STACK) == ["describeWithIntReturnsExpected",
                                                           "describeWithStringReturnsExpected"]
    assert folded_names([numbers, numbers], STACK) == ["describeReturnsExpected", "describeReturnsExpected2"]


def test_parameterized_tests_of_one_name_are_told_apart_by_their_set_up() -> None:
    """`format(text)` folded once on a format that was pushed to and once on a fresh one: the calls
    made before say which; two tables of one set-up are numbered."""
    def describe(value: str, pushed: bool) -> Case:
        before = (Invoke(STACK, "push", "(I)V", STACK_REF, (Literal("I", 1),)),) if pushed else ()
        return Case((Construct(STACK, "()V", ()), *before, Invoke(STACK, "describe", f"({STRING_DESC}){STRING_DESC}", STACK_REF,
                                                                  (Literal(STRING_DESC, value),))), Returns(Literal(STRING_DESC, value)))
    fresh = [describe("a", False), describe("b", False)]
    pushed = [describe("a", True), describe("b", True)]
    assert folded_names([fresh, pushed], STACK) == ["describeReturnsExpected",
                                                          "describeAfterPushReturnsExpected"]
    assert folded_names([fresh, fresh], STACK) == ["describeReturnsExpected", "describeReturnsExpected2"]


def test_an_argument_a_call_made_is_said_by_the_call() -> None:
    """`parse(reader, format.withFirstRecordAsHeader())` beside `parse(reader, format.withHeader())`:
    the calls that made the formats tell the tests apart; a getter's result says nothing of its own."""
    fmt = "Lc/Format;"
    def parse(made: Invoke) -> Case:
        return Case((Construct("c/Format", "()V", ()), made,
                     Invoke(STACK, "parse", f"({fmt})I", None, (VarRef(1, fmt),))), Returns(Literal("I", 0)))
    first = Invoke("c/Format", "withFirstRecordAsHeader", f"(){fmt}", VarRef(0, fmt), ())
    header = Invoke("c/Format", "withHeader", f"(Ljava/lang/String;){fmt}", VarRef(0, fmt), (Literal(STRING_DESC, "id"),))
    getter = Invoke("c/Format", "getBase", f"(){fmt}", VarRef(0, fmt), ())
    assert distinct_names([parse(first), parse(header)], STACK) == [
        "parseOfWithFirstRecordAsHeaderReturns0", "parseOfWithHeaderIdReturns0"]
    assert argument_words(VarRef(1, fmt), (Construct("c/Format", "()V", ()), getter)) == ""


def test_tests_of_one_shape_are_told_apart_by_the_first_value_their_set_up_differs_in() -> None:
    """A lexer over `"ello` and one over `,ello`, both returning a token: the reader's text says which."""
    reader = "Ljava/io/StringReader;"
    def next_token(text: str) -> Case:
        return Case((Construct("java/io/StringReader", "(Ljava/lang/String;)V", (Literal(STRING_DESC, text),)),
                     Construct(STACK, f"({reader})V", (VarRef(0, reader),)),
                     Invoke(STACK, "nextToken", "()Lc/Token;", VarRef(1, f"L{STACK};"), ())),
                    ReturnsObject("c.Token"))
    assert distinct_names([next_token('"ello'), next_token(",ello"), next_token("x y")], STACK) == [
        "nextTokenGivenQuoteReturnsToken", "nextTokenGivenElloReturnsToken", "nextTokenGivenXYReturnsToken"]
    # A test of another shape (one statement more) does not keep the others from being told apart.
    longer = next_token("a")
    longer = dataclasses.replace(longer, program=(Construct("c/Other", "()V", ()), *(
        dataclasses.replace(s, receiver=VarRef(2, f"L{STACK};")) if isinstance(s, Invoke) else s
        for s in longer.program)))
    assert distinct_names([next_token('"ello'), longer, next_token(" x")], STACK) == [
        "nextTokenGivenQuoteReturnsToken", "nextTokenReturnsToken", "nextTokenGivenXReturnsToken"]


def test_tests_returning_objects_are_told_apart_by_the_constant_an_observer_of_it_answered() -> None:
    """Three lexers over texts without words return tokens of types COMMENT, EOF and EOF: the one
    whose type no other shares says it; the other two keep the name, and the empty text tells them apart."""
    token = "Lc/Token;"
    def next_token(text: str, kind: str) -> Case:
        program = (Construct(STACK, f"({STRING_DESC})V", (Literal(STRING_DESC, text),)),
                   Invoke(STACK, "nextToken", f"(){token}", VarRef(0, f"L{STACK};"), ()))
        return Case(program, ReturnsObject("c.Token"), observations=(
            Observation(1, "c/Token", "isReady", "()Z", Returns(Literal("Z", False))),
            Observation(1, "c/Token", "type", "Lc/Token$Type;", ReturnsConstant("c.Token$Type", kind))))
    assert distinct_names([next_token("\ufffe", "COMMENT"), next_token("", "EOF"),
                                  next_token("\ufffe\ufffe", "END_OF_FILE"), next_token("\ufffe,", "TOKEN")], STACK) == [
        "nextTokenReturnsCommentToken", "nextTokenReturnsEofToken", "nextTokenReturnsEndOfFileToken",
        "nextTokenReturnsToken"]  # not 'TokenToken'
    assert distinct_names([next_token("\ufffe", "COMMENT"), next_token("", "EOF"),
                                  next_token("\ufffe\ufffe", "EOF")], STACK) == [
        "nextTokenReturnsCommentToken", "nextTokenGivenEmptyReturnsToken", "nextTokenReturnsToken"]
    # The first test did not ask for the type: the others are told apart by it all the same.
    unasked = dataclasses.replace(next_token("\ufffea", "TOKEN"), observations=(
        Observation(1, "c/Token", "isReady", "()Z", Returns(Literal("Z", True))),))
    assert distinct_names([unasked, next_token("\ufffe", "COMMENT"), next_token("", "EOF")], STACK) == [
        "nextTokenReturnsToken", "nextTokenReturnsCommentToken", "nextTokenReturnsEofToken"]
    # Alone beside a parameterized test of its name: its answer says which.
    assert distinct_names([next_token("\ufffe", "COMMENT")], STACK, taken=["nextTokenReturnsToken"]) == [
        "nextTokenReturnsCommentToken"]


def test_tests_of_other_set_ups_are_told_apart_by_a_value_only_one_of_them_uses() -> None:
    """A lexer over a reader of a text without words, made once from `Format.DEFAULT` and once from
    `Format.valueOf("Excel")`: the constant and the name each uses alone say which."""
    fmt, token = "Lc/Format;", "Lc/Token;"
    def next_token(made: tuple) -> Case:
        return Case((*made, Construct(STACK, f"({fmt}{STRING_DESC})V", (VarRef(len(made) - 1, fmt), Literal(STRING_DESC, "\ufffe"))),
                     Invoke(STACK, "nextToken", f"(){token}", VarRef(len(made), f"L{STACK};"), ())), ReturnsObject("c.Token"))
    constant = next_token((FieldLoad("c/Format", "DEFAULT", fmt),))
    named = next_token((Invoke("c/Format", "valueOf", f"({STRING_DESC}){fmt}", None, (Literal(STRING_DESC, "Excel"),)),))
    assert distinct_names([constant, named], STACK) == ["nextTokenGivenDefaultReturnsToken",
                                                              "nextTokenGivenExcelReturnsToken"]


def test_tests_of_one_shape_are_told_apart_by_the_first_constant_their_set_up_differs_in() -> None:
    """`hero.canEnter(new Square(TileType.WALL))` beside the same with `TileType.DOOR`: 'GivenWall',
    'GivenDoor'."""
    tile, square = "Lc/TileType;", "Lc/Square;"
    def can_enter(constant: str) -> Case:
        return Case((FieldLoad("c/TileType", constant, tile), Construct("c/Square", f"({tile})V", (VarRef(0, tile),)),
                     Construct(STACK, "()V", ()),
                     Invoke(STACK, "canEnter", f"({square})Z", VarRef(2, f"L{STACK};"), (VarRef(1, square),))),
                    Returns(Literal("Z", False)))
    assert distinct_names([can_enter("WALL"), can_enter("DOOR")], STACK) == [
        "canEnterGivenWallReturnsFalse", "canEnterGivenDoorReturnsFalse"]


def test_tests_of_one_history_are_told_apart_by_the_calls_that_prepared_their_inputs() -> None:
    """Two parsers read back: one over a format as it was, one over a format configured first. The
    calls on the parser are the same; the call on the format says which."""
    fmt, parser = "Lc/Format;", "c/Parser"
    def records(configured: bool) -> Case:
        made = (FieldLoad("c/Format", "DEFAULT", fmt),)
        if configured:
            made += (Invoke("c/Format", "withHeader", f"(){fmt}", VarRef(0, fmt), ()),)
        parse = Invoke(parser, "parse", f"({STRING_DESC}{fmt})L{parser};", None,
                       (Literal(STRING_DESC, "a"), VarRef(len(made) - 1, fmt)))
        records = Invoke(parser, "getRecords", "()Ljava/util/List;", VarRef(len(made), f"L{parser};"), ())
        return Case((*made, parse, records), ReturnsObject("java.util.List"))
    assert distinct_names([records(False), records(True)], parser) == [
        "getRecordsReturnsList", "getRecordsAfterWithHeaderReturnsList"]
    # Where the calls on the parser already said 'After', the others follow with 'And'.
    def twice(configured: bool) -> Case:
        case = records(configured)
        again = dataclasses.replace(case.program[-1], receiver=VarRef(len(case.program) - 2, f"L{parser};"))
        return dataclasses.replace(case, program=(*case.program, again))
    assert distinct_names([records(False), twice(False), twice(True)], parser) == [
        "getRecordsAfterParseReturnsList", "getRecordsAfterParseAndGetRecordsReturnsList",
        "getRecordsAfterParseAndGetRecordsAndWithHeaderReturnsList"]


def test_parameterized_tests_of_different_set_ups_are_told_apart_by_preparation_and_own_values() -> None:
    """Three tables of `nextToken` over readers of several texts: one over a format made by
    `valueOf("Excel").withIgnoreSurroundingSpaces()`, one over `valueOf("Excel")`, one over the
    `DEFAULT` constant (B8's Lexer, which numbered them): the call on the format, then the value each
    table alone uses in every case, tell them apart."""
    fmt, reader = "Lc/Format;", "Ljava/io/StringReader;"
    def next_token(text: str, made: tuple) -> Case:
        start = len(made)
        return Case((*made, Construct("java/io/StringReader", "(Ljava/lang/String;)V", (Literal(STRING_DESC, text),)),
                     Construct(STACK, f"({fmt}{reader})V", (VarRef(start - 1, fmt), VarRef(start, reader))),
                     Invoke(STACK, "nextToken", "()Lc/Token;", VarRef(start + 1, f"L{STACK};"), ())),
                    ReturnsObject("c.Token"))
    excel = Invoke("c/Format", "valueOf", f"({STRING_DESC}){fmt}", None, (Literal(STRING_DESC, "Excel"),))
    trimming = Invoke("c/Format", "withIgnoreSurroundingSpaces", f"(){fmt}", VarRef(0, fmt), ())
    default = FieldLoad("c/Format", "DEFAULT", fmt)
    groups = [[next_token(text, (default,)) for text in ("\rello", "\r\n")],
              [next_token(text, (excel, trimming)) for text in ("A\n", "a\n")],
              [next_token(text, (excel,)) for text in ("\ufffe", '""')]]
    assert folded_names(groups, STACK) == [
        "nextTokenGivenDefaultReturnsToken", "nextTokenAfterWithIgnoreSurroundingSpacesReturnsToken",
        "nextTokenGivenExcelReturnsToken"]
