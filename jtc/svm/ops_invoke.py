"""Method invocation: into instrumented code (a new frame), into library code (a recorded result,
or a model's symbolic one), and invokedynamic.

An invoke pops its arguments once into a PendingCall on the caller's frame and then waits: the next
record is the callee's ENTER, a nested ENTER, the caller's VALUE/DONE after the call returned, or an
exception. The callee is recognised by name, descriptor and, for virtual calls, by its `this`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jtc.model.classtable import MethodInfo
from jtc.model.opcodes import INVOKEDYNAMIC, INVOKEINTERFACE, INVOKESPECIAL, INVOKESTATIC, INVOKEVIRTUAL
from jtc.model.types import Descriptor, is_wide, parse_method_descriptor
from jtc.svm import concrete as jc
from jtc.svm.diversions import Desync
from jtc.svm.frames import CALL, PendingCall, pending_call
from jtc.svm.models.base import symbolic_arguments
from jtc.svm.models import INDY_MODELS
from jtc.svm.models.seeding import compared_strings
from jtc.svm.values import TOP, Ref, Value, concrete, number, primitive, reference
from jtc.trace import records as rec

if TYPE_CHECKING:
    from jtc.svm.frames import Frame
    from jtc.svm.machine import Machine


def _is_callee(vm: Machine, call: PendingCall, method: MethodInfo) -> bool:
    if method.is_initializer or method.name != call.name or method.desc != call.desc:
        return False
    if call.opcode == INVOKESTATIC:
        return method.is_static
    if method.is_static:
        return False
    if call.opcode == INVOKESPECIAL:
        return True
    receiver, this_id = reference(call.receiver), vm.data[vm.pos + 1]
    return receiver.id is None or receiver.id == this_id


def _lambda_call(vm: Machine, call: PendingCall, method: MethodInfo) -> PendingCall | None:
    """When instrumented code calls the interface method of a lambda object and `method` is the
    lambda's body, the call as the body sees it (captured values first, the receiver first of all for
    an instance method), so that the body is entered like a direct callee and its result flows back.
    Only where the JDK's glue passes values through unchanged: the body's remaining parameters and
    result are the interface method's (no boxing or widening in between)."""
    receiver = call.receiver
    found = vm.lambdas.get(receiver.id) if isinstance(receiver, Ref) and receiver.id else None
    if found is None or found.impl != (method.owner, method.name, method.desc) or call.desc != found.sam \
            or method.is_constructor or method.is_static == found.instance:
        return None
    if found.instance and not found.captured:
        return None  # an unbound method reference (Line::subtotal): the receiver is the first argument
    params, returns = parse_method_descriptor(call.desc)
    own = method.params[len(found.captured) - (1 if found.instance else 0):]
    if list(own) != list(params) or returns != method.returns:
        return None
    values = [*found.captured, *call.args]
    if found.instance:
        return PendingCall(INVOKEVIRTUAL, method.owner, method.name, method.desc, reference(values[0]), values[1:])
    return PendingCall(INVOKESTATIC, method.owner, method.name, method.desc, None, values)


def _callee_locals(vm: Machine, call: PendingCall, method: MethodInfo, payload: list[int]) -> list[Value]:
    """The callee's locals are the caller's values (symbolic ones included), checked against ENTER."""
    local_values: list[Value] = []
    position = 0
    if call.receiver is not None:
        receiver = call.receiver
        if not method.is_constructor:
            receiver = vm.heap.bind(receiver, payload[0])
            position = 1
        local_values.append(receiver)
    for desc, argument in zip(method.params, call.args):
        reported = payload[position]
        position += 1
        if isinstance(argument, Ref):
            local_values.append(vm.heap.bind(argument, reported))
        else:
            held = concrete(primitive(argument))
            if not jc.same_value(held, jc.decode_value(desc, reported)):
                raise Desync(f"argument of {method.qualified_name}: VM has {held!r}, JVM passed "
                             f"{jc.decode_value(desc, reported)!r}")
            local_values.append(argument)
        if is_wide(desc):
            local_values.append(TOP)
    return local_values


def _result(vm: Machine, f: Frame, call: PendingCall, returns: Descriptor, raw: int) -> Value:
    reported = vm.heap.decode(returns, raw)
    if call.has_returned:
        returned = call.returned
        if isinstance(returned, Ref):
            return vm.heap.bind(returned, raw)
        returned = primitive(returned)
        if not jc.same_value(concrete(returned), number(reported)):
            raise Desync(f"{call.owner}.{call.name}{call.desc} returned {concrete(returned)!r} in the VM, "
                         f"{reported!r} in the JVM")
        return returned
    answer = _stub_answer(call)
    if isinstance(answer, Ref):
        return vm.heap.bind(answer, raw)
    if answer is not None and jc.same_value(concrete(primitive(answer)), number(reported)):
        return answer
    if call.model is not None:
        return call.model.after(vm, f, call, reported)
    if symbolic_arguments(call):
        vm.approximate()  # library code computed from symbolic inputs; its result stays concrete
    return reported


def _stub_answer(call: PendingCall) -> Value | None:
    """What a stub's answered method returns (an input of the search), when the call is on a stub."""
    receiver = call.receiver
    if isinstance(receiver, Ref) and receiver.stub is not None:
        return receiver.stub.get((call.name, call.desc))
    return None


def _library_owner(vm: Machine, owner: str, name: str, desc: str) -> str:
    """The class whose model describes a call: the owner, or, for a project class that inherits the
    method from a library class (a lexer's reader extending BufferedReader), that library class."""
    if name == "<init>":
        return owner
    info = vm.repository.get(owner)
    while info is not None and info.method(name, desc) is None and info.super_name is not None:
        owner = info.super_name
        info = vm.repository.get(owner)
    return owner


def invoke(vm: Machine, f: Frame, ins: tuple) -> None:
    call = f.call
    if call is None:
        opcode, owner, name, desc = ins[1], ins[2], ins[3], ins[4]
        call = pending_call(f, opcode, owner, name, desc)
        vm.compared.update(dict.fromkeys(compared_strings(call)))
        if opcode != INVOKESTATIC and name != "<init>" and not vm.null_check(f, reference(call.receiver)):
            return
        model = vm.models.get((_library_owner(vm, owner, name, desc), name, desc))
        if model is not None and model.applies(call):
            if not model.before(vm, f, call):
                return
            call.model = model
        f.call = call
    if vm.pos < vm.end and vm.data[vm.pos] & 0xFF == rec.ENTER:
        method = vm.repository.method_by_id(vm.data[vm.pos] >> 32)
        direct = None if call.has_returned else call if _is_callee(vm, call, method) else \
            _lambda_call(vm, call, method)
        if direct is not None:
            method_id, payload = vm.enter_payload(method)
            vm.push_frame(method, method_id, _callee_locals(vm, direct, method, payload), CALL)
        else:
            vm.enter_nested()
        return
    returns = parse_method_descriptor(call.desc)[1]
    if returns == "V":
        if vm.take(f, rec.DONE, 0) < 0:
            return
        f.call = None
        if call.name == "<init>" and f.this_ref is not None and call.receiver is f.this_ref:
            i = vm.take(f, rec.READY, 1)
            if i < 0:
                return
            f.this_ref = vm.heap.bind(f.this_ref, vm.data[i])
        f.pc += 1
        return
    i = vm.take(f, rec.VALUE, 1)
    if i < 0:
        return
    f.call = None
    f.stack.append(_result(vm, f, call, returns, vm.data[i]))
    if is_wide(returns):
        f.stack.append(TOP)
    f.pc += 1


def invokedynamic(vm: Machine, f: Frame, ins: tuple) -> None:
    """Lambdas, string concatenation, records' equals/hashCode/toString, pattern switches: the JDK's
    glue builds the result. A model of the bootstrap method (svm/models/indy.py, switches.py)
    describes it where it can (a concatenation of known parts, the case a symbolic selector
    matches); otherwise the VM takes the result as reported."""
    desc = ins[3]
    returns = parse_method_descriptor(desc)[1]
    i = vm.take(f, rec.DONE if returns == "V" else rec.VALUE, 0 if returns == "V" else 1)
    if i < 0:
        return
    call = pending_call(f, INVOKEDYNAMIC, ins[4], ins[2], desc)
    if returns != "V":
        model = INDY_MODELS.get((ins[4], ins[5])) if len(ins) > 6 else None
        value = model(vm, f, call, ins[6], vm.heap.decode(returns, vm.data[i])) if model is not None else None
        f.stack.append(value if value is not None else _result(vm, f, call, returns, vm.data[i]))
        if is_wide(returns):
            f.stack.append(TOP)
    f.pc += 1


HANDLERS = {INVOKEVIRTUAL: invoke, INVOKESPECIAL: invoke, INVOKESTATIC: invoke, INVOKEINTERFACE: invoke,
            INVOKEDYNAMIC: invokedynamic}
