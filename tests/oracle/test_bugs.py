"""Which exceptions are likely bugs: crashes inside the class under test, against what it throws on
purpose (explicit throws, argument checks, null arguments, collection contracts)."""

from __future__ import annotations

from types import SimpleNamespace

from jtc.jvm.protocol import HarnessResult
from jtc.model.program import Answer, Construct, Invoke, Literal, NewCollection, Null, StatementStatus, Stub, VarRef
from jtc.oracle.bugs import BugOracle, LikelyBug, group_crashes
from jtc.execution.runs import Execution

LEDGER = "b/Ledger"
NEW = Construct(LEDGER, "()V", ())
CALL = Invoke(LEDGER, "last", "()I", VarRef(0, f"L{LEDGER};"), ())
EXCEPTION_ID = 7


def _threw(exception: str, stack: list[str], program: tuple = (NEW, CALL), explicit: bool = False,
           desync: str | None = None, values: list[str | None] | None = None, message: str = "boom") -> Execution:
    """`program`'s last statement threw `exception` up `stack` (top frame first)."""
    count = len(program)
    values = (values or ["O:b.Ledger#1"] * (count - 1)) + [exception]
    status = [StatementStatus.OK] * (count - 1) + [StatementStatus.THREW]
    result = HarnessResult([], count, status, values, [None] * (count - 1) + [message], [None] * (count - 1) + [stack[0]],
                           0, 0, None, [], 0, throw_stacks=[None] * (count - 1) + ["\n".join(stack)])
    outcomes = [SimpleNamespace(value=None)] * (count - 1) + [SimpleNamespace(value=SimpleNamespace(id=EXCEPTION_ID))]
    replay = SimpleNamespace(outcomes=outcomes, thrown_by_code={EXCEPTION_ID} if explicit else set(), desync=desync)
    return Execution(0, program, {}, result, replay)  # type: ignore[arg-type]


def _judge(execution: Execution, contract: bool = False) -> LikelyBug | None:
    oracle = BugOracle(lambda owner: owner == LEDGER or owner.startswith(LEDGER + "$"), contract)
    return oracle.first_bug(execution, len(execution.program) - 1)


PUT = "b.Ledger.last()I:19"
REFLECTION = "jdk.internal.reflect.NativeMethodAccessorImpl.invoke0:-2"


def test_an_exception_the_jvm_raised_inside_the_class_is_a_likely_bug_grouped_by_its_stack() -> None:
    bug = _judge(_threw("java.lang.ArrayIndexOutOfBoundsException", [PUT, REFLECTION]))
    assert bug is not None
    assert bug.stack == (PUT,)  # the harness's reflection frames are not part of it
    assert bug.key == ("java.lang.ArrayIndexOutOfBoundsException", (PUT,))
    assert bug.summary == "ArrayIndexOutOfBoundsException at Ledger.last(Ledger.java:19)" and bug.statement == 1
    assert bug.java_stack == ("b.Ledger.last(Ledger.java:19)",) and bug.called_from is None


def test_an_explicit_throw_is_expected_behaviour() -> None:
    assert _judge(_threw("java.lang.IllegalStateException", [PUT], explicit=True)) is None
    assert _judge(_threw("java.lang.ArrayIndexOutOfBoundsException", [PUT], explicit=True)) is None


def test_a_replay_that_lost_its_way_claims_no_bug() -> None:
    assert _judge(_threw("java.lang.ArrayIndexOutOfBoundsException", [PUT], desync="at put#3")) is None


def test_exceptions_other_than_crashes_are_expected() -> None:
    parse = ["java.lang.Integer.parseInt(Ljava/lang/String;)I:652", PUT]
    assert _judge(_threw("java.lang.NumberFormatException", parse)) is None


def test_argument_checks_of_the_jdk_are_expected() -> None:
    checked = ["java.util.Objects.requireNonNull(Ljava/lang/Object;)Ljava/lang/Object;:209", PUT]
    assert _judge(_threw("java.lang.NullPointerException", checked)) is None
    exact = ["java.lang.Math.addExact(II)I:883", PUT]
    assert _judge(_threw("java.lang.ArithmeticException", exact)) is None
    validated = ["org.apache.commons.lang3.Validate.isTrue(Z)V:158", PUT]
    assert _judge(_threw("java.lang.IllegalStateException", validated)) is None


def test_a_crash_of_a_jdk_method_the_class_called_is_a_likely_bug_unless_the_class_is_a_collection() -> None:
    stack = ["java.util.ArrayList.get(I)Ljava/lang/Object;:427", PUT]
    bug = _judge(_threw("java.lang.IndexOutOfBoundsException", stack))
    assert bug is not None and bug.stack == tuple(stack)
    # The class under test's line first, in Java syntax, then the JDK frame that raised it.
    assert bug.site == "Ledger.last(Ledger.java:19), in java.util.ArrayList.get(ArrayList.java:427)"
    assert _judge(_threw("java.lang.IndexOutOfBoundsException", stack), contract=True) is None
    # A collection's contract covers running out of elements, not a NullPointerException.
    assert _judge(_threw("java.lang.NullPointerException", stack), contract=True) is not None


def test_a_null_among_the_inputs_makes_a_null_pointer_exception_expected() -> None:
    stack = ["b.Ledger.ownedBy(Ljava/lang/String;)Z:35"]
    given = Invoke(LEDGER, "ownedBy", "(Ljava/lang/String;)Z", VarRef(0, f"L{LEDGER};"), (Null("Ljava/lang/String;"),))
    assert _judge(_threw("java.lang.NullPointerException", stack, (NEW, given))) is None
    # ... also when the null is what an earlier call returned.
    owner = Invoke(LEDGER, "owner", "()Ljava/lang/String;", VarRef(0, f"L{LEDGER};"), ())
    passed = Invoke(LEDGER, "ownedBy", "(Ljava/lang/String;)Z", VarRef(0, f"L{LEDGER};"),
                    (VarRef(1, "Ljava/lang/String;"),))
    assert _judge(_threw("java.lang.NullPointerException", stack, (NEW, owner, passed),
                         values=["O:b.Ledger#1", "N"])) is None
    # Without a null given, the same exception is a crash.
    plain = Invoke(LEDGER, "ownedBy", "(Ljava/lang/String;)Z", VarRef(0, f"L{LEDGER};"), (Literal("Ljava/lang/String;", "a"),))
    assert _judge(_threw("java.lang.NullPointerException", stack, (NEW, plain))) is not None


def test_an_exception_raised_in_another_class_or_by_the_call_itself_is_not_this_class_s_bug() -> None:
    assert _judge(_threw("java.lang.NullPointerException", ["b.Board.square(II)Lb/Square;:12", PUT])) is None
    assert _judge(_threw("java.lang.NullPointerException", [REFLECTION])) is None
    nested = ["b.Ledger$Entry.amount()I:50", PUT]
    assert _judge(_threw("java.lang.NullPointerException", nested)) is not None  # nested classes are the class's


def test_an_index_or_size_the_call_is_given_a_stub_or_a_collection_explains_a_crash() -> None:
    put = Invoke(LEDGER, "put", "(II)V", VarRef(0, f"L{LEDGER};"), (Literal("I", 0), Literal("I", 9)))
    asked = _threw("java.lang.ArrayIndexOutOfBoundsException", [PUT], (NEW, put), message="Index 1 out of bounds for length 1")
    assert _judge(asked) is None  # within the range the caller asked for
    copied = _threw("java.lang.ArrayIndexOutOfBoundsException", [PUT], (NEW, put),
                    message="arraycopy: last destination index 5 out of bounds for char[1]")
    assert _judge(copied) is None
    assert _judge(_threw("java.lang.NegativeArraySizeException", [PUT], (NEW, put))) is None  # no number: benefit of doubt
    assert _judge(_threw("java.lang.ArithmeticException", [PUT], (NEW, put))) is not None  # not an index
    # An index or size outside the arguments comes from the code's own arithmetic (an overflow).
    reverse = Invoke(LEDGER, "reverse", "(II)V", VarRef(0, f"L{LEDGER};"),
                     (Literal("I", 2147483646), Literal("I", -2**31)))
    assert _judge(_threw("java.lang.ArrayIndexOutOfBoundsException", [PUT], (NEW, reverse),
                         message="Index 2147483647 out of bounds for length 1")) is not None
    assert _judge(_threw("java.lang.NegativeArraySizeException", [PUT], (NEW, put), message="-2")) is not None
    # Without int arguments nothing is the caller's index.
    assert _judge(_threw("java.lang.ArrayIndexOutOfBoundsException", [PUT], message="Index -1 out of bounds for length 2"))
    stub = Stub("java/util/function/Supplier", "", (Answer("get", "()Ljava/lang/Object;"),), (Literal("I", 9),))
    fed = Invoke(LEDGER, "fill", "(Ljava/util/function/Supplier;)V", VarRef(0, f"L{LEDGER};"),
                 (VarRef(1, "Ljava/util/function/Supplier;"),))
    assert _judge(_threw("java.lang.ClassCastException", [PUT], (NEW, stub, fed))) is None
    listed = NewCollection("java/util/ArrayList", "Ljava/util/List;", ("Ljava/lang/Object;",), (Literal("I", 9),))
    given = Invoke(LEDGER, "addAll", "(Ljava/util/List;)V", VarRef(0, f"L{LEDGER};"), (VarRef(1, "Ljava/util/List;"),))
    assert _judge(_threw("java.lang.ClassCastException", [PUT], (NEW, listed, given))) is None
    taken = Invoke(LEDGER, "merge", "(Ljava/util/List;)V", VarRef(0, f"L{LEDGER};"), (Null("Ljava/util/List;"),))
    assert _judge(_threw("java.lang.ClassCastException", [PUT], (NEW, taken))) is None  # a list of the wrong things
    assert _judge(_threw("java.lang.ClassCastException", [PUT])) is not None


def test_a_statement_of_another_class_is_not_judged() -> None:
    helper = Invoke("b/Board", "of", "()Lb/Board;", None, ())
    assert _judge(_threw("java.lang.NullPointerException", ["b.Board.of()Lb/Board;:3"], (NEW, helper))) is None


def test_crashes_group_by_exception_and_stack_each_with_its_shortest_execution() -> None:
    npe, called = "java.lang.NullPointerException", ("b.Ledger.owner()I:38", "b.Ledger.label()Ljava/lang/String;:42")
    first, second, other = (SimpleNamespace(index=n) for n in (0, 1, 2))
    crashed = [(first, LikelyBug(npe, None, called[:1], 3)), (second, LikelyBug(npe, None, called[:1], 1)),
               (other, LikelyBug(npe, None, called, 1)), (first, LikelyBug(npe, None, called[:1], 1))]
    groups = group_crashes(crashed)  # type: ignore[arg-type]
    assert [(g.bug.stack, g.execution.index, g.bug.statement, g.executions) for g in groups] == [
        (called[:1], 0, 1, 3), (called, 2, 1, 1)]  # the earliest of the shortest
