package jtc.agent;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Inserts the trace calls of docs/trace-format.md §3 into one method, in place.
 *
 * <p>Every inserted sequence is straight-line and leaves the operand stack as it found it: it
 * copies the operands it records ({@code dup}, {@code dup2}, or a shuffle when the recorded values
 * sit under the stored value), pushes the site and calls a {@link Trace} method. So the original
 * stack-map frames stay valid and only the maximum stack grows. Pre-records go after the labels,
 * line numbers and frames that precede their instruction, so jumps to it run them too;
 * post-records go right after it.
 */
final class MethodInstrumenter implements Opcodes {
    private static final String TRACE = "jtc/agent/Trace";
    private static final String OBJECT = "Ljava/lang/Object;";
    /** Every record method ends with the site: method id, instruction index. */
    private static final String SITE = "II)V";

    /** The element type each xaload/xastore opcode moves, by offset from IALOAD/IASTORE. */
    private static final Type[] ELEMENT_TYPES = {
        Type.INT_TYPE, Type.LONG_TYPE, Type.FLOAT_TYPE, Type.DOUBLE_TYPE,
        Type.getType(OBJECT), Type.BYTE_TYPE, Type.CHAR_TYPE, Type.SHORT_TYPE,
    };

    /** Trace method and array descriptor per xaload/xastore offset; byte and boolean share baload. */
    private static final String[][] ARRAY_CALLS = {
        {"arrayI", "[I"}, {"arrayJ", "[J"}, {"arrayF", "[F"}, {"arrayD", "[D"},
        {"arrayA", "[" + OBJECT}, {"arrayB", OBJECT}, {"arrayC", "[C"}, {"arrayS", "[S"},
    };

    private final String owner;
    private final MethodNode method;
    private final int methodId;

    MethodInstrumenter(String owner, MethodNode method, int methodId) {
        this.owner = owner;
        this.method = method;
        this.methodId = methodId;
    }

    /** Instruments the method; false when it stays as it is (no code, or jsr/ret subroutines). */
    boolean instrument() {
        InsnList list = method.instructions;
        InsnIndex index = new InsnIndex(list);
        if (index.size() == 0 || index.usesSubroutines()) {
            Instrumenter.EXIT_CALLS.redirectAll(method);
            return false;
        }
        if (method.name.equals("<clinit>")) {
            unrecorded(index);
            return false;
        }
        ConstructorFacts constructor = method.name.equals("<init>")
                ? ConstructorFacts.of(owner, method) : ConstructorFacts.NONE;
        Set<AbstractInsnNode> handlerStarts = handlerStarts(index);
        for (int i = 0; i < index.size(); i++) {
            AbstractInsnNode insn = index.get(i);
            InsnList before = new InsnList();
            InsnList after = new InsnList();
            if (handlerStarts.contains(insn)) {
                before.add(new InsnNode(DUP));
                traceCall(before, "handler", OBJECT, i);
            }
            records(insn, i, index, constructor, before, after);
            Instrumenter.EXIT_CALLS.redirect(insn);
            if (before.size() > 0) {
                list.insertBefore(insn, before);
            }
            if (after.size() > 0) {
                list.insert(insn, after);
            }
        }
        list.insert(enterRecord());
        return true;
    }

    /**
     * A static initializer runs with the recorder suspended, its callees included: it takes no
     * input (it runs before anything the test does to its class), so its trace would only be
     * replayed to learn nothing, in every execution (commons-csv's CSVFormat builds its twenty
     * predefined formats there: most of each run's trace). Its back edges still count against the
     * budget, so an endless one still stops.
     */
    private void unrecorded(InsnIndex index) {
        InsnList list = method.instructions;
        for (int i = 0; i < index.size(); i++) {
            AbstractInsnNode insn = index.get(i);
            Instrumenter.EXIT_CALLS.redirect(insn);
            if (insn.getOpcode() == RETURN) {
                InsnList resume = new InsnList();
                call(resume, "resume", "()V");
                list.insertBefore(insn, resume);
            } else if (insn.getOpcode() == GOTO && index.of(((JumpInsnNode) insn).label) <= i) {
                InsnList count = new InsnList();
                call(count, "backEdge", "()V");
                list.insertBefore(insn, count);
            }
        }
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        list.insert(start);
        InsnList begin = new InsnList();
        call(begin, "suspend", "()V");
        list.insert(begin);
        list.add(end);
        list.add(handler);
        // The handler is a new branch target: the verifier wants its frame (no locals, the exception).
        list.add(new FrameNode(F_FULL, 0, new Object[0], 1, new Object[] {"java/lang/Throwable"}));
        call(list, "resume", "()V");
        list.add(new InsnNode(ATHROW));
        method.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
    }

    private Set<AbstractInsnNode> handlerStarts(InsnIndex index) {
        Set<AbstractInsnNode> starts = Collections.newSetFromMap(new IdentityHashMap<>());
        for (TryCatchBlockNode block : method.tryCatchBlocks) {
            starts.add(index.get(index.of(block.handler)));
        }
        return starts;
    }

    private void records(AbstractInsnNode insn, int i, InsnIndex index, ConstructorFacts constructor,
                         InsnList before, InsnList after) {
        int op = insn.getOpcode();
        switch (op) {
            case IFEQ: case IFNE: case IFLT: case IFGE: case IFGT: case IFLE:
                before.add(new InsnNode(DUP));
                traceCall(before, "branchI", "I", i);
                break;
            case IF_ICMPEQ: case IF_ICMPNE: case IF_ICMPLT: case IF_ICMPGE: case IF_ICMPGT: case IF_ICMPLE:
                before.add(new InsnNode(DUP2));
                traceCall(before, "branchII", "II", i);
                break;
            case IF_ACMPEQ: case IF_ACMPNE:
                before.add(new InsnNode(DUP2));
                traceCall(before, "branchAA", OBJECT + OBJECT, i);
                break;
            case IFNULL: case IFNONNULL:
                before.add(new InsnNode(DUP));
                traceCall(before, "branchA", OBJECT, i);
                break;
            case TABLESWITCH: case LOOKUPSWITCH:
                before.add(new InsnNode(DUP));
                traceCall(before, "switchKey", "I", i);
                break;
            case GOTO:
                if (index.of(((JumpInsnNode) insn).label) <= i) {
                    before.add(new MethodInsnNode(INVOKESTATIC, TRACE, "backEdge", "()V", false));
                }
                break;
            case GETFIELD:
                before.add(new InsnNode(DUP));
                traceCall(before, "field", OBJECT, i);
                value(after, Type.getType(((FieldInsnNode) insn).desc), i);
                break;
            case PUTFIELD:
                putfield(before, (FieldInsnNode) insn, constructor, i);
                break;
            case GETSTATIC:
                value(after, Type.getType(((FieldInsnNode) insn).desc), i);
                break;
            case PUTSTATIC:
                traceCall(after, "done", "", i);
                break;
            case IALOAD: case LALOAD: case FALOAD: case DALOAD: case AALOAD: case BALOAD: case CALOAD: case SALOAD:
                before.add(new InsnNode(DUP2));
                arrayCall(before, op - IALOAD, i);
                value(after, ELEMENT_TYPES[op - IALOAD], i);
                break;
            case IASTORE: case FASTORE: case AASTORE: case BASTORE: case CASTORE: case SASTORE:
                // [array, index, value] -> [array, index, value, array, index]
                before.add(new InsnNode(DUP_X2));
                before.add(new InsnNode(POP));
                before.add(new InsnNode(DUP2_X1));
                arrayCall(before, op - IASTORE, i);
                break;
            case LASTORE: case DASTORE:
                // the same with a two-word value
                before.add(new InsnNode(DUP2_X2));
                before.add(new InsnNode(POP2));
                before.add(new InsnNode(DUP2_X2));
                arrayCall(before, op - IASTORE, i);
                break;
            case ARRAYLENGTH:
                before.add(new InsnNode(DUP));
                traceCall(before, "length", OBJECT, i);
                break;
            case INSTANCEOF:
                after.add(new InsnNode(DUP));
                traceCall(after, "valueI", "I", i);
                break;
            case CHECKCAST:
                // instanceof on a copy answers whether the cast passes (null aside, which check() handles)
                before.add(new InsnNode(DUP));
                before.add(new InsnNode(DUP));
                before.add(new TypeInsnNode(INSTANCEOF, ((TypeInsnNode) insn).desc));
                traceCall(before, "check", OBJECT + "I", i);
                break;
            case NEWARRAY: case ANEWARRAY: case MULTIANEWARRAY:
                after.add(new InsnNode(DUP));
                traceCall(after, "newArray", OBJECT, i);
                break;
            case INVOKEVIRTUAL: case INVOKESPECIAL: case INVOKESTATIC: case INVOKEINTERFACE:
                value(after, Type.getReturnType(((MethodInsnNode) insn).desc), i);
                if (insn == constructor.superCall) {
                    after.add(new VarInsnNode(ALOAD, 0));
                    traceCall(after, "ready", OBJECT, i);
                }
                break;
            case INVOKEDYNAMIC:
                value(after, Type.getReturnType(((InvokeDynamicInsnNode) insn).desc), i);
                break;
            default:
                break;
        }
    }

    private void arrayCall(InsnList code, int kind, int insn) {
        traceCall(code, ARRAY_CALLS[kind][0], ARRAY_CALLS[kind][1] + "I", insn);
    }

    private void putfield(InsnList code, FieldInsnNode insn, ConstructorFacts constructor, int i) {
        if (constructor.storesIntoUninitializedThis(insn)) {
            traceCall(code, "fieldOfUninitialized", "", i);
            return;
        }
        if (Type.getType(insn.desc).getSize() == 1) {
            // [object, value] -> [object, value, object]
            code.add(new InsnNode(DUP2));
            code.add(new InsnNode(POP));
        } else {
            // [object, wide value] -> [wide value, object] -> [object, wide value, object]
            code.add(new InsnNode(DUP2_X1));
            code.add(new InsnNode(POP2));
            code.add(new InsnNode(DUP_X2));
        }
        traceCall(code, "field", OBJECT, i);
    }

    /** VALUE for the value an instruction left on the stack, or DONE when it left none. */
    private void value(InsnList code, Type type, int i) {
        if (type.getSort() == Type.VOID) {
            traceCall(code, "done", "", i);
            return;
        }
        code.add(new InsnNode(type.getSize() == 2 ? DUP2 : DUP));
        char kind = kind(type);
        traceCall(code, "value" + kind, descriptor(kind), i);
    }

    /** The record kind of a value: I (int and narrower), J, F, D or A (reference). */
    private static char kind(Type type) {
        switch (type.getSort()) {
            case Type.LONG:
                return 'J';
            case Type.FLOAT:
                return 'F';
            case Type.DOUBLE:
                return 'D';
            case Type.OBJECT:
            case Type.ARRAY:
                return 'A';
            default:
                return 'I';
        }
    }

    private static String descriptor(char kind) {
        return kind == 'A' ? OBJECT : String.valueOf(kind);
    }

    /**
     * ENTER: this (instance methods other than constructors), then every parameter. It gets the
     * line of the method's first instruction, so that a StackOverflowError striking at the call
     * reports the line the uninstrumented method would.
     */
    private InsnList enterRecord() {
        InsnList code = new InsnList();
        LineNumberNode firstLine = firstLine();
        if (firstLine != null) {
            LabelNode start = new LabelNode();
            code.add(start);
            code.add(new LineNumberNode(firstLine.line, start));
        }
        boolean isStatic = (method.access & ACC_STATIC) != 0;
        boolean withThis = !isStatic && !method.name.equals("<init>");
        Type[] parameters = Type.getArgumentTypes(method.desc);
        int count = parameters.length + (withThis ? 1 : 0);
        Type[] types = new Type[count];
        int[] slots = new int[count];
        int next = 0;
        int slot = isStatic ? 0 : 1;
        if (withThis) {
            types[next] = Type.getObjectType(owner);
            slots[next++] = 0;
        }
        for (Type parameter : parameters) {
            types[next] = parameter;
            slots[next++] = slot;
            slot += parameter.getSize();
        }
        if (count == 0) {
            push(code, methodId);
            call(code, "enter", "(I)V");
        } else if (count == 1) {
            char kind = kind(types[0]);
            code.add(new VarInsnNode(types[0].getOpcode(ILOAD), slots[0]));
            push(code, methodId);
            call(code, "enter" + kind, "(" + descriptor(kind) + "I)V");
        } else {
            for (int k = 0; k < count; k++) {
                char kind = kind(types[k]);
                code.add(new VarInsnNode(types[k].getOpcode(ILOAD), slots[k]));
                push(code, k);
                call(code, "arg" + kind, "(" + descriptor(kind) + "I)V");
            }
            push(code, count);
            push(code, methodId);
            call(code, "enterN", "(II)V");
        }
        return code;
    }

    private LineNumberNode firstLine() {
        for (AbstractInsnNode node = method.instructions.getFirst(); node != null; node = node.getNext()) {
            if (node instanceof LineNumberNode) {
                return (LineNumberNode) node;
            }
        }
        return null;
    }

    /** Calls Trace.name(values..., methodId, insn); the values are already on the stack. */
    private void traceCall(InsnList code, String name, String valueDescriptors, int insn) {
        push(code, methodId);
        push(code, insn);
        call(code, name, "(" + valueDescriptors + SITE);
    }

    private static void call(InsnList code, String name, String descriptor) {
        code.add(new MethodInsnNode(INVOKESTATIC, TRACE, name, descriptor, false));
    }

    private static void push(InsnList code, int value) {
        if (value >= -1 && value <= 5) {
            code.add(new InsnNode(ICONST_0 + value));
        } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            code.add(new IntInsnNode(BIPUSH, value));
        } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            code.add(new IntInsnNode(SIPUSH, value));
        } else {
            code.add(new LdcInsnNode(value));
        }
    }
}
