"""The test program's side of a replay: what each statement of the harness hands the code under test
and what it got back.

The machine reads the records between statements (STMT, ARGS, STMT_END, the ENTER of a statement's
callee) and tells the harness; the harness knows the program, its symbolic inputs and the statements'
results, so it gives the callee its arguments (symbolic where they are inputs, the objects earlier
statements made) and gives the heap simulation the effect of statements that run no instrumented code
(field stores, arrays, collections, stubs' answers).
"""

from __future__ import annotations

from dataclasses import dataclass

from jtc.model.classtable import MethodInfo
from jtc.model.program import (Construct, FieldLoad, FieldStore, Invoke, Literal, NewArray, NewCollection, Program,
                               StatementStatus, Stub, VarRef)
from jtc.model.repository import ClassRepository
from jtc.model.types import Descriptor, STRING_DESC, element_type, is_reference, is_wide, parse_method_descriptor
from jtc.svm import concrete as jc
from jtc.svm.frames import Frame
from jtc.svm.heap import Heap
from jtc.svm.inputs import (ArrayInput, Assignment, InputSpec, InputVariables, PrimitiveInput, StringInput,
                            primitive_value)
from jtc.svm.models.boxes import WRAPPER_OF
from jtc.svm.models.readers import MADE_OF_TEXT, Texts, made_reader
from jtc.svm.values import TOP, ArrayShadow, Ref, StringShadow, Sym, Value, concrete, primitive, reference


@dataclass
class StatementOutcome:
    status: StatementStatus
    value: Value | None = None  # return value (ok) or exception Ref (threw)


class Harness:
    """The statements of one replay: their outcomes, the values they made, their callees' frames."""

    def __init__(self, program: Program, repository: ClassRepository, heap: Heap, texts: Texts,
                 inputs: InputVariables | None, assignment: Assignment) -> None:
        self.program = program
        self.repository = repository
        self.heap = heap
        self.texts = texts
        self.inputs = inputs
        self.assignment = assignment
        self.outcomes: list[StatementOutcome] = []
        self.statement_frames: dict[int, Frame] = {}
        self.statement_starts: list[int] = []  # index into the decisions where each statement began
        self.statement = -1
        self.callee_entered = False  # the current statement's callee has been entered
        self.values: dict[int, Value | None] = {}  # what each statement made; None: void, or it threw
        self.argument_ids: dict[int, list[int]] = {}  # ARGS: the object id of each argument

    # ---- what the machine tells the harness ---------------------------------------------------

    def begin(self, index: int, decisions: int) -> None:
        """STMT: statement `index` begins, after the path's first `decisions` decisions."""
        self.statement, self.callee_entered = index, False
        self.heap.statement = index
        self.statement_starts.append(decisions)
        self.outcomes.append(StatementOutcome(StatementStatus.UNFINISHED))

    def note_arguments(self, index: int, object_ids: list[int]) -> None:
        """ARGS: the objects the harness made for statement `index`'s arguments."""
        self.argument_ids[index] = [int(v) for v in object_ids]

    def calls(self, method: MethodInfo, payload: list[int]) -> bool:
        """Whether an ENTER of `method` (its payload as recorded) is the current statement's callee,
        entered for the first time; any other ENTER between statements is a nested frame (a class
        initialiser)."""
        if self.callee_entered or not 0 <= self.statement < len(self.program):
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
        receiver = self.values.get(statement.receiver.index)
        return isinstance(receiver, Ref) and not method.is_static and (
            receiver.id is None or receiver.id == payload[0])

    def entry_locals(self, method: MethodInfo, payload: list[int]) -> list[Value]:
        """The locals of the current statement's callee: its receiver and arguments as the program
        made them, checked against the ENTER record's payload."""
        statement = self.program[self.statement]
        local_values: list[Value] = []
        position = 0
        if isinstance(statement, (Construct, Stub)):
            local_values.append(Ref(None))
        elif isinstance(statement, Invoke) and statement.receiver is not None:
            receiver = reference(self.values[statement.receiver.index])
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
                earlier = self.values.get(argument.index)
                value = self.heap.bind(earlier, raw) if isinstance(earlier, Ref) else self.heap.decode(desc, raw)
            else:
                value = self.heap.decode(desc, raw)
            local_values.append(value)
            if is_wide(desc):
                local_values.append(TOP)
        return local_values

    def entered_callee(self, frame: Frame) -> None:
        """The current statement's callee runs in `frame`."""
        self.callee_entered = True
        self.statement_frames[self.statement] = frame

    def returned(self, value: Value) -> None:
        """The current statement's callee returned `value`."""
        self.values[self.statement] = value

    def finish(self, index: int, status: int, raw: int) -> None:
        """STMT_END: statement `index` returned `raw` (status 0) or threw the exception `raw` (1)."""
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
                made_reader(self.texts, reference(value), statement.owner, statement.desc,
                            self._argument(index, 0, statement.param_descs[0]))
        elif isinstance(statement, Invoke):
            returns = parse_method_descriptor(statement.desc)[1]
            returned = self.values.get(index)
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
            value = self.heap.decode(statement.desc, raw)
        elif isinstance(statement, NewCollection):
            value = self.heap.ref(raw)
            for position in range(len(statement.args)):
                self._argument(index, position, statement.param_descs[position])  # binds the elements' shadows
        else:
            value = None
        if isinstance(statement, Stub) and isinstance(value, Ref):
            value.stub = self._answers(index, statement)
        outcome.value = value
        self.values[index] = value

    def abort_unfinished(self) -> None:
        """The replay ended: a statement still running was cut short."""
        for outcome in self.outcomes:
            if outcome.status == StatementStatus.UNFINISHED:
                outcome.status = StatementStatus.ABORT

    # ---- the statements' values -----------------------------------------------------------------

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

    def _argument(self, index: int, position: int, desc: Descriptor) -> Value | None:
        """The VM value of an argument the harness handed over without an instrumented callee:
        earlier results from the statements, symbolic inputs and literals from the program and the
        statement's ARGS record (which names the objects the harness made); None when only the JVM
        knows it."""
        argument = self.program[index].args[position]
        if isinstance(argument, VarRef):
            return self.values.get(argument.index)
        spec = self.inputs.specs.get((index, position)) if self.inputs else None
        ids = self.argument_ids.get(index)
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
            receiver = self.values.get(statement.receiver.index)
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
