"""The symbolic VM: replays one execution's trace over the class tables.

The VM walks the bytecode itself, frame by frame, and consumes a record wherever an instruction has
one (docs/trace-format.md). Records that do not belong to the current instruction tell it what
happened meanwhile: an ENTER that is not the awaited callee is a nested frame (class initialisation,
a callback from library code); a HANDLER, a STMT_END or the end of the trace is an exception
unwinding frames (svm/diversions.py). Instructions are restartable: a handler that meets such a
record returns without side effects and runs again once the nested frame is done.

Between statements no frame runs and the records are the harness's: the machine reads them and
svm/harness.py says what each statement hands the code under test and what it got back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Hashable

import z3

from jtc.deadline import check
from jtc.model.classtable import MethodInfo
from jtc.model.program import Program
from jtc.model.repository import ClassRepository
from jtc.model.types import is_wide
from jtc.svm import path
from jtc.svm.diversions import Desync, divert, unwind
from jtc.svm.frames import CALL, NESTED, STATEMENT, Frame
from jtc.svm.harness import Harness, StatementOutcome
from jtc.svm.heap import Heap
from jtc.svm.models.indy import Lambda, restore_captured
from jtc.svm.models.lookups import HeldKeys
from jtc.svm.models.readers import Texts
from jtc.svm.inputs import Assignment, InputVariables
from jtc.svm.values import TOP, Ref, Value
from jtc.trace import records as rec
from jtc.trace.records import split_header

# The replay looks at its deadline once every this many instructions (plus one): a few milliseconds.
DEADLINE_CHECK_MASK = 0xFFF

@dataclass
class Replay:
    """Everything one replay learned about one execution."""

    decisions: list[path.Decision]
    outcomes: list[StatementOutcome]
    visited: dict[MethodInfo, bytearray]
    edges: set[tuple[MethodInfo, int, Hashable]]
    thrown_by_code: set[int]  # ids of exceptions thrown by `athrow` in instrumented code
    steps: int
    desync: str | None = None
    approximations: int = 0  # places where a symbolic value had to be replaced by its concrete value
    stale_loads: int = 0
    statement_frames: dict[int, Frame] = field(default_factory=dict)
    statement_starts: list[int] = field(default_factory=list)  # index into decisions where each statement began
    flows: set[tuple[int, int]] = field(default_factory=set)  # (definer, user) statement pairs (heap data flow)
    truncated: bool = False  # only a prefix of the trace was replayed
    compared: tuple[str, ...] = ()  # Strings the code compared its values with, first seen first (models/seeding.py)
    missed: tuple[tuple[int, str], ...] = ()  # (statement, key) looked up in a collection that lacked it (models/lookups.py)


class Machine:
    def __init__(self, repository: ClassRepository, program: Program, trace: list[int],
                 inputs: InputVariables | None = None, assignment: Assignment | None = None,
                 limit: int | None = None, deadline: float = math.inf) -> None:
        """`limit` replays only the first records of the trace (the path so far, for a run that
        never finished: what happened after hardly matters, and replaying it all could take long);
        past `deadline` (time.monotonic()) the replay stops with DeadlineReached."""
        from jtc.svm.models import MODELS

        self.repository = repository
        self.data = trace
        self.pos = 0
        self.end = len(trace) if limit is None else min(limit, len(trace))
        self.deadline = deadline
        self.models = MODELS
        self.heap = Heap()
        self.frames: list[Frame] = []
        self.decisions: list[path.Decision] = []
        self.visited: dict[MethodInfo, bytearray] = {}
        self.edges: set[tuple[MethodInfo, int, Hashable]] = set()
        self.thrown_by_code: set[int] = set()
        self.approximations = 0
        self.steps = 0
        self.lambdas: dict[int, Lambda] = {}  # lambda objects made in this execution, by object id
        self.held_keys = HeldKeys()  # keys instrumented code put into JDK collections (svm/models/lookups.py)
        self.compared: dict[str, None] = {}  # Strings the code compared with (svm/models/seeding.py)
        self.texts = Texts()  # the symbolic texts readers read (svm/models/readers.py)
        self.decided: dict[int, bool] = {}  # two-way conditions on the path (z3 ids) and whether they held
        self.harness = Harness(program, repository, self.heap, self.texts, inputs, assignment or {})

    # ---- driving -------------------------------------------------------------------------

    def run(self) -> Replay:
        desync = None
        try:
            self._loop()
        except Desync as error:
            desync = str(error)
        except (TypeError, AttributeError, IndexError, KeyError, ValueError, AssertionError, z3.Z3Exception) as error:
            # A fault of the VM itself on this trace: reported like a desync (counted per site in
            # the run summary), so that one replay it cannot follow does not end the class's search.
            frame = self.frames[-1] if self.frames else None
            where = f"{frame.method.qualified_name}#{frame.pc}" if frame is not None else "harness"
            desync = f"internal {type(error).__name__} at {where}: {error}"
        harness = self.harness
        harness.abort_unfinished()
        return Replay(self.decisions, harness.outcomes, self.visited, self.edges, self.thrown_by_code,
                      self.steps, desync, self.approximations, self.heap.stale_loads, harness.statement_frames,
                      harness.statement_starts, self.heap.flows, self.end < len(self.data), tuple(self.compared),
                      tuple(self.held_keys.missed))

    def _loop(self) -> None:
        frames = self.frames
        steps = 0
        try:
            while True:
                if not frames:
                    if not self._harness_step():
                        return
                    continue
                frame = frames[-1]
                pc = frame.pc
                frame.visited[pc] = 1
                instruction = frame.code[pc]
                instruction[0](self, frame, instruction)
                steps += 1
                if not steps & DEADLINE_CHECK_MASK:
                    check(self.deadline)
        finally:
            self.steps = steps

    def _harness_step(self) -> bool:
        """Read one record the harness wrote while no frame runs: a statement's beginning, its
        arguments or its end, or the ENTER of its callee or of a nested frame. False at the end."""
        if self.pos >= self.end:
            return False
        tag, count, index, method_id = split_header(self.data[self.pos])
        start = self.pos + 1
        harness = self.harness
        if tag == rec.ENTER:
            method = self.repository.method_by_id(method_id)
            if harness.calls(method, self.data[start:start + count]):
                method_id, payload = self.enter_payload(method)
                harness.entered_callee(self.push_frame(method, method_id, harness.entry_locals(method, payload),
                                                       STATEMENT))
            else:
                self.enter_nested()
            return True
        if tag not in (rec.STMT, rec.ARGS, rec.STMT_END):
            raise Desync(f"between statements the trace has {self.describe_next()}")
        self.pos = start + count
        if tag == rec.STMT:
            harness.begin(index, len(self.decisions))
        elif tag == rec.ARGS:
            harness.note_arguments(index, self.data[start:start + count])
        else:
            harness.finish(index, self.data[start], self.data[start + 1])
        return True

    # ---- records ---------------------------------------------------------------------------

    def take(self, frame: Frame, tag: int, count: int) -> int:
        """Consume the record `tag` of the current instruction; returns where its payload starts.

        Returns -1 when the next record is not that one; by then a nested frame has been pushed or
        an exception has unwound the frames, and the caller must return without side effects."""
        pos = self.pos
        if pos < self.end and self.data[pos] == frame.hbase | (frame.pc << 16) | (count << 8) | tag:
            self.pos = pos + 1 + count
            return pos + 1
        divert(self, frame, tag)
        return -1

    def describe_next(self) -> str:
        """The next record, for a Desync's message."""
        if self.pos >= self.end:
            return "end of trace"
        tag, count, index, method_id = split_header(self.data[self.pos])
        try:
            where = self.repository.method_by_id(method_id).qualified_name if method_id else "harness"
        except KeyError:
            where = f"method {method_id}"
        payload = self.data[self.pos + 1:self.pos + 1 + count]
        return f"{rec.TAG_NAMES.get(tag, tag)} {where}#{index} {payload}"

    # ---- frames ----------------------------------------------------------------------------

    def compiled(self, method: MethodInfo) -> list[tuple]:
        from jtc.svm.dispatch import compile_method

        return compile_method(method)

    def _visited_of(self, method: MethodInfo) -> bytearray:
        visited = self.visited.get(method)
        if visited is None:
            visited = self.visited[method] = bytearray(len(method.code))
        return visited

    def push_frame(self, method: MethodInfo, method_id: int, local_values: list[Value], kind: int) -> Frame:
        if not method.code:
            raise Desync(f"ENTER of {method.qualified_name}, which has no code")
        frame = Frame(method, method_id, self.compiled(method), local_values, kind, self._visited_of(method))
        self.frames.append(frame)
        return frame

    def enter_payload(self, method: MethodInfo) -> tuple[int, list[int]]:
        """Consume an ENTER record; returns (method id, payload)."""
        _, count, _, method_id = split_header(self.data[self.pos])
        start = self.pos + 1
        self.pos = start + count
        return method_id, self.data[start:start + count]

    def locals_from_payload(self, method: MethodInfo, payload: list[int]) -> list[Value]:
        """Frame locals for a method entered from code the VM does not follow (values as recorded)."""
        local_values: list[Value] = []
        position = 0
        if not method.is_static and not method.is_constructor:
            local_values.append(self.heap.ref(payload[0]))
            position = 1
        elif method.is_constructor:
            local_values.append(Ref(None))
        for desc in method.params:
            local_values.append(self.heap.decode(desc, payload[position]))
            position += 1
            if is_wide(desc):
                local_values.append(TOP)
        return local_values

    def enter_nested(self) -> None:
        _, _, _, method_id = split_header(self.data[self.pos])
        method = self.repository.method_by_id(method_id)
        method_id, payload = self.enter_payload(method)
        local_values = self.locals_from_payload(method, payload)
        restore_captured(self.lambdas.values(), method, local_values)
        self.push_frame(method, method_id, local_values, NESTED)

    def return_from(self, frame: Frame, value: Value | None) -> None:
        self.frames.pop()
        if frame.kind == CALL:
            call = self.frames[-1].call
            assert call is not None
            call.returned = value
            call.has_returned = True
        elif frame.kind == STATEMENT and value is not None:
            self.harness.returned(value)

    # ---- exceptions ------------------------------------------------------------------------

    def nested_first(self) -> bool:
        """Whether a nested frame comes before the current instruction's own effect (a class
        initialiser the JVM ran at an earlier `new`, which reads no record); if so it is pushed, and
        the caller returns without side effects so that the instruction runs again after it."""
        if self.pos < self.end and self.data[self.pos] & 0xFF == rec.ENTER:
            self.enter_nested()
            return True
        return False

    def throw(self, frame: Frame, thrown: Ref | None = None) -> None:
        """The current instruction throws (the VM predicted it): the next record must say where to.

        `thrown` is the exception object of an `athrow`; it is remembered as thrown by the code
        under test (the oracle asserts the messages of those, not of JVM-raised ones)."""
        if self.pos < self.end:
            tag = self.data[self.pos] & 0xFF
            if tag not in (rec.HANDLER, rec.STMT_END, rec.VALUE, rec.DONE):
                raise Desync(f"{frame.method.qualified_name}#{frame.pc} should throw, trace has {self.describe_next()}")
        unwind(self, thrown)

    # ---- decisions -------------------------------------------------------------------------

    def decide(self, frame: Frame, kind: path.DecisionKind, outcome: Hashable, other: Hashable, cond: z3.BoolRef) -> None:
        """Record a two-way decision at the current instruction; `cond` selects `outcome`."""
        self.decisions.append(path.binary((frame.method, frame.pc), kind, outcome, other, cond))

    def choose(self, frame: Frame, kind: path.DecisionKind, labels: tuple[Hashable, Hashable], cond: z3.BoolRef,
               holds: bool) -> None:
        """Record a two-way decision: labels[0] where `cond` holds, else labels[1]; `holds` says which.

        A condition the path already decided the same way is no decision: its other outcome is
        infeasible. That is the bounds check of `a[i]` after the loop guard `i < a.length` (both
        `i >= length` on the same terms; see ops_heap): NumberUtils' min/max loops had the solver
        prove 1,461 such nodes infeasible in 400 executions."""
        key = cond.get_id()
        if self.decided.get(key) is holds:
            return
        self.decided[key] = holds
        self.decisions.append(path.choice((frame.method, frame.pc), kind, labels, cond, holds))

    def decide_many(self, frame: Frame, kind: path.DecisionKind, outcome: Hashable, cond: z3.BoolRef,
                    alternatives: tuple[tuple[Hashable, z3.BoolRef], ...], implies: z3.BoolRef | None = None) -> None:
        """Record a decision among several outcomes; `implies` is an earlier outcome's condition
        that each of them implies (see path.Decision)."""
        self.decisions.append(path.Decision((frame.method, frame.pc), kind, outcome, cond, alternatives,
                                            implies=implies))

    def decide_index(self, frame: Frame, index_term: z3.ExprRef, index: int) -> None:
        """Fix a symbolic array index to its concrete value (heap simulation)."""
        self.decide_open(frame, path.DecisionKind.INDEX, index, index_term == index, index_term)

    def decide_open(self, frame: Frame, kind: path.DecisionKind, outcome: Hashable, cond: z3.BoolRef,
                    subject: z3.ExprRef) -> None:
        """An open-ended decision: this outcome of many (an array index, the layout of a split
        string), its alternative being "none of the outcomes seen so far"; `subject` is the term the
        outcomes are about."""
        self.decisions.append(path.Decision((frame.method, frame.pc), kind, outcome, cond, (), subject))

    def null_check(self, frame: Frame, ref: Ref) -> bool:
        """Implicit null check of a dereference; returns False (after unwinding) when it throws.
        Once the path says an input is not null, later dereferences of it decide nothing."""
        if ref.null is not None:
            self.choose(frame, path.DecisionKind.NULL_CHECK, ("null", "nonnull"), ref.null, ref.id == 0)
            if ref.id != 0:
                ref.null = None
        if ref.id == 0:
            self.throw(frame)
            return False
        return True

    def edge(self, frame: Frame, outcome: Hashable) -> None:
        self.edges.add((frame.method, frame.pc, outcome))

    # ---- helpers for handlers --------------------------------------------------------------

    def approximate(self) -> None:
        self.approximations += 1
