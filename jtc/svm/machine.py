"""The symbolic VM: replays one execution's trace over the class tables.

The VM walks the bytecode itself, frame by frame, and consumes a record wherever an instruction has
one (docs/trace-format.md). Records that do not belong to the current instruction tell it what
happened meanwhile: an ENTER that is not the awaited callee is a nested frame (class initialisation,
a callback from library code); a HANDLER, a STMT_END or the end of the trace is an exception
unwinding frames. Instructions are restartable: a handler that meets such a record returns without
side effects and runs again once the nested frame is done.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Hashable

import z3

from jtc.deadline import check
from jtc.model.classtable import MethodInfo
from jtc.model.opcodes import INVOKEDYNAMIC, INVOKESTATIC
from jtc.model.program import (Construct, FieldLoad, FieldStore, Invoke, Literal, NewArray, NewCollection, Program,
                               StatementStatus, Stub, VarRef)
from jtc.model.repository import ClassRepository
from jtc.model.types import Descriptor, STRING_DESC, element_type, is_reference, is_wide, parse_method_descriptor
from jtc.svm import concrete as jc
from jtc.svm import path
from jtc.svm.frames import CALL, NESTED, STATEMENT, Frame, PendingCall
from jtc.svm.heap import Heap
from jtc.svm.models.boxes import WRAPPER_OF
from jtc.svm.models.indy import Lambda
from jtc.svm.models.lookups import HeldKeys
from jtc.svm.models.readers import MADE_OF_TEXT, Texts, made_reader
from jtc.svm.inputs import (ArrayInput, Assignment, InputSpec, InputVariables, PrimitiveInput, StringInput,
                            primitive_value)
from jtc.svm.values import TOP, ArrayShadow, Ref, StringShadow, Sym, Value, concrete, primitive, reference
from jtc.trace import records as rec
from jtc.trace.records import split_header

class Desync(Exception):
    """The trace and the VM's walk of the bytecode disagree: the replay cannot go on."""


# The replay looks at its deadline once every this many instructions (plus one): a few milliseconds.
DEADLINE_CHECK_MASK = 0xFFF

@dataclass
class StatementOutcome:
    status: StatementStatus
    value: Value | None = None  # return value (ok) or exception Ref (threw)


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
        self.program = program
        self.data = trace
        self.pos = 0
        self.end = len(trace) if limit is None else min(limit, len(trace))
        self.deadline = deadline
        self.inputs = inputs
        self.assignment = assignment or {}
        self.models = MODELS
        self.heap = Heap()
        self.frames: list[Frame] = []
        self.decisions: list[path.Decision] = []
        self.visited: dict[MethodInfo, bytearray] = {}
        self.edges: set[tuple[MethodInfo, int, Hashable]] = set()
        self.thrown_by_code: set[int] = set()
        self.outcomes: list[StatementOutcome] = []
        self.statement_frames: dict[int, Frame] = {}
        self.statement = -1
        self.statement_entered = False
        self.statement_values: dict[int, Value | None] = {}  # None: void, or it threw
        self.statement_args: dict[int, list[int]] = {}  # ARGS: the object id of each argument
        self.statement_starts: list[int] = []
        self.approximations = 0
        self.steps = 0
        self.lambdas: dict[int, Lambda] = {}  # lambda objects made in this execution, by object id
        self.held_keys = HeldKeys()  # keys instrumented code put into JDK collections (svm/models/lookups.py)
        self.compared: dict[str, None] = {}  # Strings the code compared with (svm/models/seeding.py)
        self.texts = Texts()  # the symbolic texts readers read (svm/models/readers.py)
        self.decided: dict[int, bool] = {}  # two-way conditions on the path (z3 ids) and whether they held

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
        for outcome in self.outcomes:
            if outcome.status == StatementStatus.UNFINISHED:
                outcome.status = StatementStatus.ABORT
        return Replay(self.decisions, self.outcomes, self.visited, self.edges, self.thrown_by_code,
                      self.steps, desync, self.approximations, self.heap.stale_loads, self.statement_frames,
                      self.statement_starts, self.heap.flows, self.end < len(self.data), tuple(self.compared),
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

    # ---- records ---------------------------------------------------------------------------

    def take(self, frame: Frame, tag: int, count: int) -> int:
        """Consume the record `tag` of the current instruction; returns where its payload starts.

        Returns -1 when the next record is not that one; by then a nested frame has been pushed or
        an exception has unwound the frames, and the caller must return without side effects."""
        pos = self.pos
        if pos < self.end and self.data[pos] == frame.hbase | (frame.pc << 16) | (count << 8) | tag:
            self.pos = pos + 1 + count
            return pos + 1
        self._divert(frame, tag)
        return -1

    def _divert(self, frame: Frame, expected: int) -> None:
        if self.pos >= self.end:
            self._unwind()
            return
        tag, _, index, method_id = split_header(self.data[self.pos])
        if tag == rec.ENTER:
            self.enter_nested()
        elif tag in (rec.HANDLER, rec.STMT_END):
            self._unwind()
        elif tag in (rec.VALUE, rec.DONE) and self._pending_frame(method_id, index) is not None:
            self._unwind()
        else:
            raise Desync(f"{frame.method.qualified_name}#{frame.pc} expected {rec.TAG_NAMES[expected]}, "
                         f"trace has {self._describe_next()}")

    def _describe_next(self) -> str:
        if self.pos >= self.end:
            return "end of trace"
        tag, count, index, method_id = split_header(self.data[self.pos])
        try:
            where = self.repository.method_by_id(method_id).qualified_name if method_id else "harness"
        except KeyError:
            where = f"method {method_id}"
        payload = self.data[self.pos + 1:self.pos + 1 + count]
        return f"{rec.TAG_NAMES.get(tag, tag)} {where}#{index} {payload}"

    def peek_header(self) -> tuple[int, int, int, int] | None:
        return split_header(self.data[self.pos]) if self.pos < self.end else None

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
            local_values.append(self.decode(desc, payload[position]))
            position += 1
            if is_wide(desc):
                local_values.append(TOP)
        return local_values

    def enter_nested(self) -> None:
        _, _, _, method_id = split_header(self.data[self.pos])
        method = self.repository.method_by_id(method_id)
        method_id, payload = self.enter_payload(method)
        local_values = self.locals_from_payload(method, payload)
        self._restore_captured(method, local_values)
        self.push_frame(method, method_id, local_values, NESTED)

    def _restore_captured(self, method: MethodInfo, local_values: list[Value]) -> None:
        """A lambda body called from library code (a stream's filter) gets its captured values as
        recorded, i.e. concrete; when every lambda object of this execution that runs `method` and
        captured those values agrees on their terms, the body gets the terms back."""
        key = (method.owner, method.name, method.desc)
        slots = [0] if not method.is_static else []
        position = len(slots)
        for desc in method.params:
            slots.append(position)
            position += 2 if is_wide(desc) else 1
        chosen: tuple[Value, ...] | None = None
        for found in self.lambdas.values():
            captured = found.captured
            if found.impl != key or len(captured) > len(slots) or not all(
                    jc.same_value(concrete(primitive(v)), concrete(primitive(local_values[slot])))
                    for v, slot in zip(captured, slots)
                    if not isinstance(v, Ref)):
                continue
            if chosen is not None and any(a is not b for a, b in zip(chosen, captured) if isinstance(a, Sym)):
                return  # two lambda objects could be running it, with different terms: stay concrete
            chosen = captured
        for value, slot in zip(chosen or (), slots):
            if isinstance(value, Sym):
                local_values[slot] = value

    def decode(self, desc: Descriptor, raw: int) -> Value:
        """A recorded value of type `desc` as a VM value (references become canonical Refs)."""
        if is_reference(desc):
            return self.heap.ref(raw)
        return jc.decode_value(desc, raw)

    def return_from(self, frame: Frame, value: Value | None) -> None:
        self.frames.pop()
        if frame.kind == CALL:
            call = self.frames[-1].call
            assert call is not None
            call.returned = value
            call.has_returned = True
        elif frame.kind == STATEMENT and value is not None:
            self.statement_values[self.statement] = value

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
                raise Desync(f"{frame.method.qualified_name}#{frame.pc} should throw, trace has {self._describe_next()}")
        self._unwind(thrown)

    def _pending_frame(self, method_id: int, index: int) -> int | None:
        for depth in range(len(self.frames) - 1, -1, -1):
            frame = self.frames[depth]
            if frame.hbase >> 32 == method_id and frame.pc == index and frame.call is not None:
                return depth
        return None

    def _unwind(self, thrown: Ref | None = None) -> None:
        if self.pos >= self.end:
            self.frames.clear()
            return
        tag, count, index, method_id = split_header(self.data[self.pos])
        if thrown is not None and tag in (rec.HANDLER, rec.STMT_END):
            exception_id = self.data[self.pos + (1 if tag == rec.HANDLER else 2)]
            self.heap.bind(thrown, exception_id)
            self.thrown_by_code.add(exception_id)
        if tag == rec.STMT_END:
            self.frames.clear()
            return
        if tag == rec.HANDLER:
            for depth in range(len(self.frames) - 1, -1, -1):
                frame = self.frames[depth]
                if frame.hbase >> 32 == method_id and _catches(frame, index):
                    del self.frames[depth + 1:]
                    exception_id = self.data[self.pos + 1]
                    self.pos += 1 + count
                    frame.stack = [self.heap.ref(exception_id)]
                    frame.call = None
                    frame.pc = index
                    return
            raise Desync(f"HANDLER for a frame not on the stack: {self._describe_next()}")
        caller = self._pending_frame(method_id, index) if tag in (rec.VALUE, rec.DONE) else None
        if caller is None:
            raise Desync(f"exception unwinding met {self._describe_next()}")
        # Library code caught the exception and returned normally to an instrumented caller.
        del self.frames[caller + 1:]
        call = self.frames[caller].call
        assert call is not None
        call.returned, call.has_returned = None, False

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
                    alternatives: tuple[tuple[Hashable, z3.BoolRef], ...]) -> None:
        self.decisions.append(path.Decision((frame.method, frame.pc), kind, outcome, cond, alternatives))

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

    # ---- statements ------------------------------------------------------------------------

    def _harness_step(self) -> bool:
        if self.pos >= self.end:
            return False
        tag, count, index, method_id = split_header(self.data[self.pos])
        if tag == rec.STMT:
            self.pos += 1 + count
            self.statement, self.statement_entered = index, False
            self.heap.statement = index
            self.statement_starts.append(len(self.decisions))
            self.outcomes.append(StatementOutcome(StatementStatus.UNFINISHED))
            return True
        if tag == rec.ARGS:
            self.statement_args[index] = [int(v) for v in self.data[self.pos + 1:self.pos + 1 + count]]
            self.pos += 1 + count
            return True
        if tag == rec.STMT_END:
            status, raw = self.data[self.pos + 1], self.data[self.pos + 2]
            self.pos += 1 + count
            self._finish_statement(index, status, raw)
            return True
        if tag == rec.ENTER:
            method = self.repository.method_by_id(method_id)
            if not self.statement_entered and self._is_statement_target(method):
                self.statement_entered = True
                method_id, payload = self.enter_payload(method)
                frame = self.push_frame(method, method_id, self._statement_locals(method, payload), STATEMENT)
                self.statement_frames[self.statement] = frame
            else:
                self.enter_nested()
            return True
        raise Desync(f"between statements the trace has {self._describe_next()}")

    def _is_statement_target(self, method: MethodInfo) -> bool:
        if not 0 <= self.statement < len(self.program):
            return False
        statement = self.program[self.statement]
        if isinstance(statement, Construct):
            return method.is_constructor and method.desc == statement.desc and method.owner == statement.owner
        if isinstance(statement, Stub):  # the abstract class's constructor, called by the stub's own
            return method.is_constructor and method.desc == statement.desc and method.owner == statement.owner
        if not isinstance(statement, Invoke):
            return False  # stores and arrays run no code of their own (class initialisers nest)
        if method.name != statement.name or method.desc != statement.desc:
            return False
        if statement.receiver is None:
            return method.is_static
        receiver = self.statement_values.get(statement.receiver.index)
        return isinstance(receiver, Ref) and not method.is_static and (
            receiver.id is None or receiver.id == self.data[self.pos + 1])

    def _statement_locals(self, method: MethodInfo, payload: list[int]) -> list[Value]:
        statement = self.program[self.statement]
        local_values: list[Value] = []
        position = 0
        if isinstance(statement, (Construct, Stub)):
            local_values.append(Ref(None))
        elif isinstance(statement, Invoke) and statement.receiver is not None:
            receiver = reference(self.statement_values[statement.receiver.index])
            local_values.append(self.heap.bind(receiver, payload[0]))
            position = 1
        for argument_index, desc in enumerate(method.params):
            raw = payload[position]
            position += 1
            spec = self.inputs.specs.get((self.statement, argument_index)) if self.inputs else None
            argument = statement.args[argument_index]
            if spec is not None:
                value = self._symbolic_input(spec, desc, raw)
            elif isinstance(argument, VarRef):
                earlier = self.statement_values.get(argument.index)
                value = self.heap.bind(earlier, raw) if isinstance(earlier, Ref) else self.decode(desc, raw)
            else:
                value = self.decode(desc, raw)
            local_values.append(value)
            if is_wide(desc):
                local_values.append(TOP)
        return local_values

    def _symbolic_input(self, spec: InputSpec, desc: Descriptor, raw: int) -> Value:
        """The VM value of a symbolic input the JVM passed as `raw` for a parameter of type `desc`
        (a primitive passed for a reference parameter arrives boxed)."""
        inputs = self.inputs
        assert inputs is not None
        if isinstance(spec, PrimitiveInput):
            if is_reference(desc):
                if not raw:
                    return self.heap.ref(raw)
                boxed = Sym(primitive_value(self.assignment, spec.name, spec.desc), inputs.primitive(spec.name, spec.desc))
                return self.heap.boxed(raw, boxed, WRAPPER_OF[spec.desc])
            return Sym(jc.decode_value(desc, raw), inputs.primitive(spec.name, desc))
        null_flag = inputs.null_flag(spec.null_name) if spec.nullable else None
        if raw == 0:
            ref = Ref(0, null=null_flag)
        else:
            ref = self.heap.ref(raw)
            ref.null = null_flag
        if isinstance(spec, StringInput):
            value = self.assignment.get(spec.name, "")
            ref.string = StringShadow(inputs.raw(spec.name, STRING_DESC), str(value), spec.max_length)
        elif isinstance(spec, ArrayInput):
            length = int(self.assignment.get(spec.length_name, 0))
            element_desc = spec.desc[1:]
            elements = {
                i: Sym(primitive_value(self.assignment, spec.element_name(i), element_desc), inputs.array_element(spec, i))
                for i in range(length)
            }
            ref.array = ArrayShadow(Sym(length, inputs.array_length(spec)), element_desc, elements)
        return ref

    def _finish_statement(self, index: int, status: int, raw: int) -> None:
        outcome = self.outcomes[-1]
        statement = self.program[index] if index < len(self.program) else None
        if status == 1:
            outcome.status, outcome.value = StatementStatus.THREW, self.heap.ref(raw)
            return
        outcome.status = StatementStatus.OK
        if isinstance(statement, (Construct, Stub)):
            frame = self.statement_frames.get(index)
            placeholder = frame.this_ref if frame is not None else None
            value: Value | None = self.heap.bind(placeholder, raw) if placeholder is not None else self.heap.ref(raw)
            if isinstance(statement, Construct) and statement.owner in MADE_OF_TEXT and statement.args:
                made_reader(self, reference(value), statement.owner, statement.desc,
                            self._argument(index, 0, statement.param_descs[0]))
        elif isinstance(statement, Invoke):
            returns = parse_method_descriptor(statement.desc)[1]
            returned = self.statement_values.get(index)
            if returns == "V":
                value = None
            elif is_reference(returns):
                value = self.heap.bind(returned, raw) if isinstance(returned, Ref) else self.heap.ref(raw)
            else:
                reported = jc.decode_value(returns, raw)
                value = returned if returned is not None and jc.same_value(concrete(primitive(returned)), reported) \
                    else reported
        elif isinstance(statement, FieldStore):
            self._store(index, statement)
            value = None
        elif isinstance(statement, NewArray):
            value = self._new_array(index, statement, raw)
        elif isinstance(statement, FieldLoad):
            value = self.decode(statement.desc, raw)
        elif isinstance(statement, NewCollection):
            value = self.heap.ref(raw)
            for position in range(len(statement.args)):
                self._argument(index, position, statement.param_descs[position])  # binds the elements' shadows
        else:
            value = None
        if isinstance(statement, Stub) and isinstance(value, Ref):
            value.stub = self._answers(index, statement)
        outcome.value = value
        self.statement_values[index] = value

    def _argument(self, index: int, position: int, desc: Descriptor) -> Value | None:
        """The VM value of an argument the harness handed over without an instrumented callee:
        earlier results from the statements, symbolic inputs and literals from the program and the
        statement's ARGS record (which names the objects the harness made); None when only the JVM
        knows it."""
        argument = self.program[index].args[position]
        if isinstance(argument, VarRef):
            return self.statement_values.get(argument.index)
        spec = self.inputs.specs.get((index, position)) if self.inputs else None
        ids = self.statement_args.get(index)
        if is_reference(desc):
            if ids is None or position >= len(ids):
                return None
            return self._symbolic_input(spec, desc, ids[position]) if spec is not None else self.heap.ref(ids[position])
        if isinstance(argument, Literal) and not isinstance(argument.value, str):
            number = float(argument.value) if desc in ("F", "D") else int(argument.value)
            if isinstance(spec, PrimitiveInput):
                assert self.inputs is not None  # where there is a spec
                return Sym(number, self.inputs.primitive(spec.name, desc))
            return number
        return None

    def _answers(self, index: int, statement: Stub) -> dict[tuple[str, str], Value]:
        """What each answered method of a stub returns, symbolic where the answer is an input."""
        answers: dict[tuple[str, str], Value] = {}
        first = len(statement.constructor_params)
        for offset, answer in enumerate(statement.answered):
            value = self._argument(index, first + offset, answer.returns)
            if value is not None:
                answers[(answer.name, answer.desc)] = value
        return answers

    def _store(self, index: int, statement: FieldStore) -> None:
        """The harness stored a field: the heap simulation does the same."""
        value = self._argument(index, 0, statement.desc)
        key = self.repository.field_key(statement.owner, statement.name)
        location: object = key
        if statement.receiver is None:
            store: dict = self.heap.statics
        else:
            receiver = self.statement_values.get(statement.receiver.index)
            if not isinstance(receiver, Ref):
                return
            location, store = (receiver, key), self.heap.fields
        if value is None:
            store.pop(location, None)
        else:
            store[location] = value
        self.heap.defined(location)

    def _new_array(self, index: int, statement: NewArray, raw: int) -> Ref:
        """The harness built an array from the statement's elements."""
        array = self.heap.ref(raw)
        element = element_type(statement.desc)
        array.array = ArrayShadow(len(statement.args), element)
        for position in range(len(statement.args)):
            value = self._argument(index, position, element)
            if value is not None:
                self.heap.cells[(array, position)] = value
            self.heap.defined((array, position))
        return array

    # ---- helpers for handlers --------------------------------------------------------------

    def pending_call(self, frame: Frame, opcode: int, owner: str, name: str, desc: str) -> PendingCall:
        """Pop an invoke's arguments (and receiver) into a PendingCall."""
        params, _ = parse_method_descriptor(desc)
        stack = frame.stack
        args: list[Value] = []
        for param in reversed(params):
            if is_wide(param):
                stack.pop()
            args.append(stack.pop())
        args.reverse()
        receiver = None if opcode in (INVOKESTATIC, INVOKEDYNAMIC) else stack.pop()
        return PendingCall(opcode, owner, name, desc, receiver, args)

    def approximate(self) -> None:
        self.approximations += 1


def _catches(frame: Frame, handler_index: int) -> bool:
    pc = frame.pc
    return any(h.handler == handler_index and h.start <= pc < h.end for h in frame.method.handlers)

