"""Fields, arrays, object creation, type checks and monitors, over the simulated heap.

Every access first takes its pre-record (the object id, or array id, index and length) and makes
the JVM's implicit checks explicit: null receivers, array bounds, negative sizes. A symbolic array
index is then fixed to its concrete value (heap simulation, seed 002 §3.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import z3

from jtc.model.opcodes import (ANEWARRAY, ARRAYLENGTH, CHECKCAST, GETFIELD, GETSTATIC, IALOAD, IASTORE, INSTANCEOF,
                               MONITORENTER, MONITOREXIT, MULTIANEWARRAY, NEW, NEWARRAY, PUTFIELD, PUTSTATIC, SALOAD,
                               SASTORE)
from jtc.model.types import object_desc
from jtc.svm import concrete as jc
from jtc.svm import path, terms
from jtc.svm.bounds import outside
from jtc.svm.diversions import Desync
from jtc.svm.values import TOP, ArrayShadow, CondSym, Primitive, Ref, Sym, Value, concrete
from jtc.trace import records as rec

if TYPE_CHECKING:
    from jtc.svm.frames import Frame
    from jtc.svm.machine import Machine

# Element kind of xaload and xastore, in opcode order; 'A' is a reference.
ELEMENT_KINDS = "IJFDABCS"
NEWARRAY_TYPES = {4: "Z", 5: "C", 6: "F", 7: "D", 8: "B", 9: "S", 10: "I", 11: "J"}
# bastore/castore/sastore keep only the low bits of the int they store (for boolean[] too: 0/1 stay).
STORE_TRUNCATION = {"B": (jc.i2b, terms.i2b), "C": (jc.i2c, terms.i2c), "S": (jc.i2s, terms.i2s)}


def _decode(vm: Machine, kind: str, raw: int) -> Value:
    if kind == "A":
        return vm.heap.ref(raw)
    return jc.decode_value(kind, raw)


# ---- static and instance fields -----------------------------------------------------------

def getstatic(vm: Machine, f: Frame, ins: tuple) -> None:
    i = vm.take(f, rec.VALUE, 1)
    if i < 0:
        return
    owner, name, desc = ins[2], ins[3], ins[4]
    reported = vm.heap.decode(desc, vm.data[i])
    key = vm.repository.field_key(owner, name)
    vm.heap.used(key)
    f.stack.append(vm.heap.load(vm.heap.statics.get(key), reported))
    if desc in ("J", "D"):
        f.stack.append(TOP)
    f.pc += 1


def putstatic(vm: Machine, f: Frame, ins: tuple) -> None:
    if vm.take(f, rec.DONE, 0) < 0:
        return
    owner, name, desc = ins[2], ins[3], ins[4]
    if desc in ("J", "D"):
        f.stack.pop()
    key = vm.repository.field_key(owner, name)
    vm.heap.statics[key] = f.stack.pop()
    vm.heap.defined(key)
    f.pc += 1


def getfield(vm: Machine, f: Frame, ins: tuple) -> None:
    i = vm.take(f, rec.FIELD, 1)
    if i < 0:
        return
    ref = f.stack.pop()
    object_id = vm.data[i]
    if object_id:
        ref = vm.heap.bind(ref, object_id)
    if not vm.null_check(f, ref):
        return
    j = vm.take(f, rec.VALUE, 1)
    if j < 0:
        return
    owner, name, desc = ins[2], ins[3], ins[4]
    reported = vm.heap.decode(desc, vm.data[j])
    key = vm.repository.field_key(owner, name)
    vm.heap.used((ref, key))
    f.stack.append(vm.heap.load(vm.heap.fields.get((ref, key)), reported))
    if desc in ("J", "D"):
        f.stack.append(TOP)
    f.pc += 1


def putfield(vm: Machine, f: Frame, ins: tuple) -> None:
    i = vm.take(f, rec.FIELD, 1)
    if i < 0:
        return
    owner, name, desc = ins[2], ins[3], ins[4]
    stack = f.stack
    if desc in ("J", "D"):
        stack.pop()
    value = stack.pop()
    ref = stack.pop()
    object_id = vm.data[i]
    if object_id == rec.UNINITIALIZED_THIS:
        ref = f.this_ref
    else:
        if object_id:
            ref = vm.heap.bind(ref, object_id)
        if not vm.null_check(f, ref):
            return
    location = (ref, vm.repository.field_key(owner, name))
    vm.heap.fields[location] = value
    vm.heap.defined(location)
    f.pc += 1


# ---- arrays --------------------------------------------------------------------------------

def _array_checks(vm: Machine, f: Frame, ref: Ref, index: Primitive, i: int) -> Ref | None:
    """Null check, bounds check and index fixing of an array access whose ARRAY record starts at i.

    Returns the array, or None after the VM followed the exception the access throws."""
    array_id, reported_index, reported_length = vm.data[i], vm.data[i + 1], vm.data[i + 2]
    if concrete(index) != reported_index:
        raise Desync(f"{f.method.qualified_name}#{f.pc}: VM index {concrete(index)}, JVM {reported_index}")
    if array_id:
        ref = vm.heap.bind(ref, array_id)
    if not vm.null_check(f, ref):
        return None
    length: Primitive = reported_length
    if ref.array is not None and isinstance(ref.array.length, Sym):
        length = ref.array.length
    if isinstance(index, Sym) or isinstance(length, Sym):
        vm.choose(f, path.DecisionKind.BOUNDS, ("out", "in"), outside(index, length),
                  not 0 <= reported_index < reported_length)
    if not 0 <= reported_index < reported_length:
        vm.throw(f)
        return None
    if isinstance(index, Sym):
        vm.decide_index(f, index.t, reported_index)
    return ref


def array_load(vm: Machine, f: Frame, ins: tuple) -> None:
    i = vm.take(f, rec.ARRAY, 3)
    if i < 0:
        return
    stack = f.stack
    index = stack.pop()
    ref = _array_checks(vm, f, stack.pop(), index, i)
    if ref is None:
        return
    j = vm.take(f, rec.VALUE, 1)
    if j < 0:
        return
    kind = ELEMENT_KINDS[ins[1] - IALOAD]
    position = vm.data[i + 1]
    vm.heap.used((ref, position))
    stored = vm.heap.cells.get((ref, position))
    if stored is None and ref.array is not None and ref.array.inputs is not None:
        stored = ref.array.inputs.get(position)
    loaded = vm.heap.load(stored, _decode(vm, kind, vm.data[j]))
    slot = ref.array.strings.get(position) if stored is None and ref.array is not None \
        and ref.array.strings is not None else None
    if slot is not None and isinstance(loaded, Ref) and loaded.string is not slot:
        if loaded.string is not None:
            loaded = loaded.copy()  # one String object in two slots (Java shares ""): each keeps its own term
        loaded.string = slot
    stack.append(loaded)
    if kind in "JD":
        stack.append(TOP)
    f.pc += 1


def array_store(vm: Machine, f: Frame, ins: tuple) -> None:
    i = vm.take(f, rec.ARRAY, 3)
    if i < 0:
        return
    kind = ELEMENT_KINDS[ins[1] - IASTORE]
    stack = f.stack
    if kind in "JD":
        stack.pop()
    value = stack.pop()
    index = stack.pop()
    ref = _array_checks(vm, f, stack.pop(), index, i)
    if ref is None:
        return
    if kind in STORE_TRUNCATION:
        compute, build = STORE_TRUNCATION[kind]
        value = Sym(compute(int(value.c)), build(value.t)) if isinstance(value, Sym) else compute(int(value))
    location = (ref, int(vm.data[i + 1]))
    vm.heap.cells[location] = value
    vm.heap.defined(location)
    f.pc += 1


def arraylength(vm: Machine, f: Frame, ins: tuple) -> None:
    i = vm.take(f, rec.LENGTH, 2)
    if i < 0:
        return
    ref = f.stack.pop()
    array_id, length = vm.data[i], vm.data[i + 1]
    if array_id:
        ref = vm.heap.bind(ref, array_id)
    if not vm.null_check(f, ref):
        return
    if ref.array is not None and isinstance(ref.array.length, Sym):
        f.stack.append(ref.array.length)
    else:
        f.stack.append(length)
    f.pc += 1


def _allocate(vm: Machine, f: Frame, count: int, elem: str) -> None:
    """Negative-size checks, then the NEWARRAY record naming the new array. The `count` sizes stay
    on the stack until the record is taken: when a nested frame comes first (a class initialiser),
    the instruction runs again after it and must find them there."""
    sizes = f.stack[len(f.stack) - count:]
    if any(concrete(size) < 0 for size in sizes):
        if vm.nested_first():
            return
        _decide_sizes(vm, f, sizes)
        del f.stack[len(f.stack) - count:]
        vm.throw(f)
        return
    i = vm.take(f, rec.NEWARRAY, 1)
    if i < 0:
        return
    _decide_sizes(vm, f, sizes)
    del f.stack[len(f.stack) - count:]
    ref = vm.heap.ref(vm.data[i])
    first = sizes[0]
    if isinstance(first, Sym):
        ref.array = ArrayShadow(first, elem)
    f.stack.append(ref)
    f.pc += 1


def _decide_sizes(vm: Machine, f: Frame, sizes: list[Value]) -> None:
    for size in sizes:
        if isinstance(size, Sym):
            vm.choose(f, path.DecisionKind.NEGATIVE_SIZE, ("ok", "negative"), size.t >= 0, size.c >= 0)


def newarray(vm: Machine, f: Frame, ins: tuple) -> None:
    _allocate(vm, f, 1, NEWARRAY_TYPES[ins[2]])


def anewarray(vm: Machine, f: Frame, ins: tuple) -> None:
    _allocate(vm, f, 1, object_desc(ins[2]))


def multianewarray(vm: Machine, f: Frame, ins: tuple) -> None:
    _allocate(vm, f, ins[3], ins[2][1:])


# ---- objects and types ---------------------------------------------------------------------

def new(vm: Machine, f: Frame, ins: tuple) -> None:
    f.stack.append(Ref(None))
    f.pc += 1


def checkcast(vm: Machine, f: Frame, ins: tuple) -> None:
    i = vm.take(f, rec.CHECK, 1)
    if i < 0:
        return
    passes = vm.data[i]
    ref = f.stack[-1]
    if ref.null is not None and ref.id != 0 and not passes:
        # The cast fails on this object but would pass on null.
        vm.decide(f, path.DecisionKind.NULL_CHECK, "nonnull", "null", z3.Not(ref.null))
    if not passes:
        vm.throw(f)
        return
    f.pc += 1


def instanceof(vm: Machine, f: Frame, ins: tuple) -> None:
    i = vm.take(f, rec.VALUE, 1)
    if i < 0:
        return
    ref = f.stack.pop()
    result = vm.data[i]
    if ref.null is not None and result == 1:
        f.stack.append(CondSym(1, z3.Not(ref.null)))
    else:
        if ref.null is not None:
            vm.approximate()  # null now; whether the object would pass when non-null is unknown
        f.stack.append(result)
    f.pc += 1


def monitor(vm: Machine, f: Frame, ins: tuple) -> None:
    ref = f.stack.pop()
    if vm.null_check(f, ref):
        f.pc += 1


HANDLERS = {
    GETSTATIC: getstatic, PUTSTATIC: putstatic, GETFIELD: getfield, PUTFIELD: putfield,
    **{op: array_load for op in range(IALOAD, SALOAD + 1)},
    **{op: array_store for op in range(IASTORE, SASTORE + 1)},
    ARRAYLENGTH: arraylength, NEWARRAY: newarray, ANEWARRAY: anewarray, MULTIANEWARRAY: multianewarray,
    NEW: new, CHECKCAST: checkcast, INSTANCEOF: instanceof, MONITORENTER: monitor, MONITOREXIT: monitor,
}
