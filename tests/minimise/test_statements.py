"""Each test cut to the statements it needs, on real runs (the containers' IntStack, as an input of
another class under test, whose calls are never taken out)."""

from __future__ import annotations

from types import SimpleNamespace

from jtc.minimise.statements import StatementMinimiser, _reductions
from jtc.model.program import Construct, Invoke, Literal, Null, StatementStatus, VarRef
from jtc.oracle.selection import candidates

STACK = "com/example/containers/IntStack"
# IntStack's calls as the members under test of another class: reductions may take them out.
OTHER = "com/example/containers/TreeMap"
SUBJECTS = frozenset({(STACK, "size", "()I"), (STACK, "isEmpty", "()Z")})
REF = f"L{STACK};"
NEW = Construct(STACK, "()V", ())


def _push(receiver: int, value: int) -> Invoke:
    return Invoke(STACK, "push", "(I)V", VarRef(receiver, REF), (Literal("I", value),))


def _size(receiver: int) -> Invoke:
    return Invoke(STACK, "size", "()I", VarRef(receiver, REF), ())


def test_statements_the_checked_call_does_without_go(containers_engine) -> None:
    containers_engine.load("com.example.containers.IntStack")
    run = lambda program: containers_engine.executor.execute(program, None, {})  # noqa: E731
    program = (NEW, NEW, _push(0, 3), _push(1, 5), _push(0, 4), _size(0))
    [candidate] = candidates([run(program)], OTHER, SUBJECTS)
    minimiser = StatementMinimiser(run, OTHER, SUBJECTS)
    [reduced] = minimiser.minimise([candidate])
    # The second stack goes with its push; both pushes on the first stay, or size() would not return 2.
    assert reduced.execution.program == (NEW, _push(0, 3), _push(0, 4), _size(0))
    assert reduced.execution.result.values[-1] == "I:2"
    report = minimiser.report
    assert (report.statements_before, report.statements_after, report.tests) == (6, 4, 1)
    # A second test with the same set-up takes the first one's reduction in one run.
    [candidate] = candidates([run(program[:-1] + (Invoke(STACK, "isEmpty", "()Z", VarRef(0, REF), ()),))], OTHER,
                             SUBJECTS)
    runs = report.runs
    [reduced] = minimiser.minimise([candidate])
    # The pushes the first test could not do without are not tried again.
    assert len(reduced.execution.program) == 4 and report.runs == runs + 1


def test_calls_of_the_class_under_test_stay(containers_engine) -> None:
    containers_engine.load("com.example.containers.IntStack")
    run = lambda program: containers_engine.executor.execute(program, None, {})  # noqa: E731
    program = (NEW, NEW, _push(1, 5), _size(0))
    [candidate] = candidates([run(program)], STACK)
    minimiser = StatementMinimiser(run, STACK, frozenset())
    assert minimiser.minimise([candidate])[0].execution.program == program and minimiser.report.runs == 0


def test_shortening_cuts_calls_of_the_class_under_test_and_puts_the_longer_test_on_trial(containers_engine) -> None:
    containers_engine.load("com.example.containers.IntStack")
    run = lambda program: containers_engine.executor.execute(program, None, {})  # noqa: E731
    pushes = (NEW, _push(0, 3), _push(0, 5), _push(0, 4), Invoke(STACK, "pop", "()I", VarRef(0, REF), ()))
    chosen = candidates([run(pushes), run((NEW, NEW, _push(1, 5), _size(0)))], STACK)
    minimiser = StatementMinimiser(run, STACK, frozenset(), shortening=True)
    shorter, unchanged, longer = minimiser.minimise(chosen)
    # pop() returns 4 after the last push alone, which covers what the others did: the first two pushes
    # go, and the test with them goes on trial (it may kill a mutant the shorter one misses).
    assert shorter.execution.program == (NEW, _push(0, 4), pushes[-1]) and not shorter.on_trial
    assert longer.execution.program == pushes and longer.on_trial
    # The second stack's push is the only one: without it push() is not covered, so it stays.
    assert unchanged is chosen[1]
    assert (minimiser.report.statements_before, minimiser.report.statements_after) == (9, 7)
    assert minimiser.cut_from[shorter.execution.program] is chosen[0].execution


def test_equal_makers_and_results_that_were_the_same_object_are_one() -> None:
    holder = "com/example/Holder"
    program = (NEW, NEW, Invoke(holder, "of", f"({REF})L{holder};", None, (VarRef(0, REF),)),
               Invoke(holder, "stack", f"(){REF}", VarRef(2, f"L{holder};"), ()), _size(3))
    result = SimpleNamespace(values=["O:IntStack#1", "O:IntStack#2", "O:Holder#3", "O:IntStack#1", "I:0"],
                             status=[StatementStatus.OK] * 5)
    reductions = [reduced for reduced, _ in _reductions(program, result)]
    # stack() returned the very stack the holder was made of: size() asks that one, stack() goes.
    assert (NEW, NEW, program[2], _size(0)) in reductions
    # The second stack is made like the first: one does for both (here it was unused anyway).
    assert (NEW, program[2], Invoke(holder, "stack", f"(){REF}", VarRef(1, f"L{holder};"), ()), _size(2)) in reductions


def test_a_null_result_passed_on_is_written_null() -> None:
    get = Invoke(STACK, "get", "()Ljava/lang/Object;", VarRef(0, REF), ())
    program = (NEW, get, Invoke(STACK, "offer", "(Ljava/lang/Object;)V", VarRef(0, REF), (VarRef(1, "Ljava/lang/Object;"),)),
               _size(0))
    result = SimpleNamespace(values=["O:IntStack#1", "N", "V", "I:1"], status=[StatementStatus.OK] * 4)
    reductions = [reduced for reduced, _ in _reductions(program, result, lambda statement: True)]
    assert reductions == [(NEW, get, Invoke(STACK, "offer", "(Ljava/lang/Object;)V", VarRef(0, REF),
                                            (Null("Ljava/lang/Object;"),)), _size(0))]
