"""Fields as observers: which fields of an object a test of the class under test, in its package,
can read and state, and the probe reading them after the call like the observer methods."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.analysis.influence import NOTHING, Effects, FieldRef
from jtc.jvm.protocol import HarnessResult, encode_program
from jtc.model.classindex import ClassIndex
from jtc.model.program import Construct, Invoke, Literal, Program, StatementStatus, VarRef
from jtc.model.testcases import Observation, Returns, ReturnsConstant, ReturnsObject, ReturnsText
from jtc.model.testcases import TestCase as Case
from jtc.model.types import STRING_DESC
from jtc.oracle.observers import extractor, fields
from jtc.oracle.probe import Prober, probe
from jtc.java.toolchain import toolchain

GAUGE, DIAL, WORD, SCANNER = "st/Gauge", "st/Dial", "st/Word", "st/Scanner"
WORD_DESC = f"L{WORD};"


@pytest.fixture(scope="module")
def index(strength_classes: Path):
    with ClassIndex([strength_classes], toolchain().java_home) as opened:
        yield opened


def _reads(*fields_read: str) -> Effects:
    return Effects(frozenset(), frozenset(FieldRef(GAUGE, name, desc, False) for name, desc in
                                          (read.split(":") for read in fields_read)),
                   frozenset(), frozenset(), frozenset(), True)


def _gauge_effects(owner: str, name: str, desc: str) -> Effects:
    """getLevel() reads `level`, toString() reads `label`."""
    return {"getLevel": _reads("level:I"), "toString": _reads(f"label:{STRING_DESC}")}.get(name, NOTHING)


def test_fields_a_test_can_read_and_state_are_observers_unless_a_getter_reads_them(index: ClassIndex) -> None:
    # `level` has its getter; `made` is static, `any` has no stated form, `secret` is private;
    # `label` is read by toString only, whose text is for people, so it stays.
    assert fields(index, _gauge_effects, GAUGE, SCANNER) == (
        (GAUGE, "label", STRING_DESC), (GAUGE, "ratio", "D"))
    # Dial's own `label` hides Gauge's, the subclass's fields come first.
    assert fields(index, _gauge_effects, DIAL, SCANNER) == (
        (DIAL, "label", "I"), (DIAL, "mark", "C"), (GAUGE, "ratio", "D"))


def test_from_another_package_only_public_fields_are_read(index: ClassIndex) -> None:
    assert fields(index, _gauge_effects, GAUGE, "other/Test") == ((GAUGE, "label", STRING_DESC),)
    # Dial's `label` is package-private and hides the public one.
    assert fields(index, _gauge_effects, DIAL, "other/Test") == ()


def test_a_word_is_stated_by_its_kind_its_text_and_its_flag(index: ClassIndex) -> None:
    assert fields(index, lambda owner, name, desc: NOTHING, WORD, SCANNER) == (
        (WORD, "kind", "Lst/Word$Kind;"), (WORD, "text", "Ljava/lang/StringBuilder;"), (WORD, "quoted", "Z"))
    assert extractor(index, "java/lang/StringBuilder", 3) == Invoke(
        "java/lang/Object", "toString", f"(){STRING_DESC}", VarRef(3, "Ljava/lang/StringBuilder;"), ())


def _result(values: list[str]) -> HarnessResult:
    return HarnessResult([], len(values), [StatementStatus.OK] * len(values), list(values), [None] * len(values),
                         [None] * len(values), 0, 0, None, [], 0)


def _text(text: str) -> str:
    return "T:" + text.encode("utf-16-be").hex()


def test_the_probe_reads_the_fields_of_the_returned_object_after_the_call(index: ClassIndex) -> None:
    """`scanner.next(word)` returns a package-private Word: its fields are read after the call, each
    stated as a method's answer would be (an enum constant, a StringBuilder's text, a boolean)."""
    scanner = VarRef(0, f"L{SCANNER};")
    case = Case((Construct(SCANNER, f"({STRING_DESC})V", (Literal(STRING_DESC, "a"),)), Construct(WORD, "()V", ()),
                 Invoke(SCANNER, "next", f"({WORD_DESC}){WORD_DESC}", scanner, (VarRef(1, WORD_DESC),))),
                ReturnsObject("st.Word"))
    answers = ["O:st.Scanner#1", "O:st.Word#2", "O:st.Word#2", "O:st.Word$Kind#3", _text("LETTER"),
               "O:java.lang.StringBuilder#4", _text("a"), "Z:0"]
    programs: list[Program] = []

    def run(program: Program) -> HarnessResult:
        programs.append(program)
        return _result(answers)
    prober = Prober(index, SCANNER, run, lambda declared: fields(index, lambda *member: NOTHING, declared, SCANNER))
    probed = probe(case, _result(answers[:3]), prober)
    assert encode_program(programs[0]).splitlines()[3:] == [
        "getfield st/Word kind Lst/Word$Kind; v2",
        "call java/lang/Enum name ()Ljava/lang/String; v3",
        "getfield st/Word text Ljava/lang/StringBuilder; v2",
        "call java/lang/Object toString ()Ljava/lang/String; v5",
        "getfield st/Word quoted Z v2"]
    assert probed.observations == (
        Observation(2, WORD, "kind", "Lst/Word$Kind;", ReturnsConstant("st.Word$Kind", "LETTER")),
        Observation(2, WORD, "text", "Ljava/lang/StringBuilder;", ReturnsText("java.lang.StringBuilder", "a")),
        Observation(2, WORD, "quoted", "Z", Returns(Literal("Z", False))))


@pytest.mark.parametrize("result, read_from", [("O:st.Word#2", ["v2"]), ("O:st.Word#5", ["v1", "v2"])])
def test_the_word_passed_is_read_once_when_it_is_the_word_returned(index: ClassIndex, result: str,
                                                                   read_from: list[str]) -> None:
    """Observing the objects the call under test was given, the word `next` filled and gave back is
    read as its result only (`result.kind`, not `word.kind` beside it); another word would be read too."""
    case = Case((Construct(SCANNER, f"({STRING_DESC})V", (Literal(STRING_DESC, "a"),)), Construct(WORD, "()V", ()),
                 Invoke(SCANNER, "next", f"({WORD_DESC}){WORD_DESC}", VarRef(0, f"L{SCANNER};"),
                        (VarRef(1, WORD_DESC),))),
                ReturnsObject("st.Word"))
    original = _result(["O:st.Scanner#1", "O:st.Word#2", result])
    programs: list[Program] = []

    def run(program: Program) -> HarnessResult:
        programs.append(program)
        return _result([*original.values, *["Z:0"] * (len(program) - 3)])
    prober = Prober(index, SCANNER, run, lambda declared: ((WORD, "quoted", "Z"),) if declared == WORD else (),
                    observe_neighbours=True)
    probe(case, original, prober)
    assert [line.split()[-1] for line in encode_program(programs[0]).splitlines()[3:]] == read_from
