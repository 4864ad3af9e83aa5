package jtc.mutate;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Replaced return values: the value a return instruction returns is dropped and a plain one returned
 * instead: false and true for a boolean, 0 for other primitives, null for objects, and in addition
 * the empty value of a String, List, Set, Map, Collection or Optional; not the value a constant just
 * before the return already pushes.
 */
final class ReturnValues extends MutationOperator {

    /** Return types with an empty value, and the static call (owner, name) that gives it. */
    private static final String[][] EMPTY = {
        {"java/util/List", "java/util/Collections", "emptyList"},
        {"java/util/Collection", "java/util/Collections", "emptyList"},
        {"java/util/Set", "java/util/Collections", "emptySet"},
        {"java/util/Map", "java/util/Collections", "emptyMap"},
        {"java/util/Optional", "java/util/Optional", "empty"},
    };

    ReturnValues() {
        super("return-value");
    }

    @Override
    List<Change> changes(MethodNode method, AbstractInsnNode insn) {
        int opcode = insn.getOpcode();
        if (opcode < IRETURN || opcode > ARETURN) {
            return Collections.emptyList();
        }
        Type type = Type.getReturnType(method.desc);
        AbstractInsnNode pushed = pushedJustBefore(insn);
        List<Change> changes = new ArrayList<>();
        candidates(type).forEach((shown, value) -> {
            if (pushed == null || !same(pushed, value.push())) {  // `return true` made to return true is no mutant
                changes.add(replace(shown, value, type));
            }
        });
        return changes;
    }

    /** The values a return of `type` may be replaced with, by how they are shown. */
    private static Map<String, Value> candidates(Type type) {
        switch (type.getSort()) {
            case Type.BOOLEAN:
                return plain("false", ICONST_0, "true", ICONST_1);
            case Type.CHAR:
            case Type.BYTE:
            case Type.SHORT:
            case Type.INT:
                return plain("0", ICONST_0);
            case Type.LONG:
                return plain("0L", LCONST_0);
            case Type.FLOAT:
                return plain("0.0f", FCONST_0);
            case Type.DOUBLE:
                return plain("0.0", DCONST_0);
            default:
                return references(type);
        }
    }

    /** Constants of one opcode each, given as pairs: the value as shown, its opcode. */
    private static Map<String, Value> plain(Object... shownAndOpcode) {
        Map<String, Value> values = new LinkedHashMap<>();
        for (int i = 0; i < shownAndOpcode.length; i += 2) {
            int opcode = (Integer) shownAndOpcode[i + 1];
            values.put((String) shownAndOpcode[i], () -> new InsnNode(opcode));
        }
        return values;
    }

    private static Map<String, Value> references(Type type) {
        Map<String, Value> values = plain("null", ACONST_NULL);
        String name = type.getInternalName();
        if (name.equals("java/lang/String")) {
            values.put("\"\"", () -> new LdcInsnNode(""));
        }
        for (String[] empty : EMPTY) {
            if (empty[0].equals(name)) {
                values.put(empty[1].substring(empty[1].lastIndexOf('/') + 1) + "." + empty[2] + "()",
                        () -> new MethodInsnNode(INVOKESTATIC, empty[1], empty[2], "()L" + empty[0] + ";"));
            }
        }
        return values;
    }

    /** The instruction that pushes the returned value when it comes straight before the return (no
     * label between, so no jump arrives with another value); else null. */
    private static AbstractInsnNode pushedJustBefore(AbstractInsnNode insn) {
        AbstractInsnNode previous = insn.getPrevious();
        while (previous instanceof LineNumberNode) {
            previous = previous.getPrevious();
        }
        return previous == null || previous instanceof LabelNode ? null : previous;
    }

    private static boolean same(AbstractInsnNode a, AbstractInsnNode b) {
        if (a.getOpcode() != b.getOpcode()) {
            return false;
        }
        if (a instanceof LdcInsnNode) {
            return ((LdcInsnNode) a).cst.equals(((LdcInsnNode) b).cst);
        }
        if (a instanceof MethodInsnNode) {
            MethodInsnNode x = (MethodInsnNode) a;
            MethodInsnNode y = (MethodInsnNode) b;
            return x.owner.equals(y.owner) && x.name.equals(y.name) && x.desc.equals(y.desc);
        }
        return a instanceof InsnNode;
    }

    /** A value to push, made afresh for each mutant. */
    private interface Value {
        AbstractInsnNode push();
    }

    private static Change replace(String shown, Value value, Type type) {
        return new Change("replaced return value with " + shown, (m, target) -> {
            InsnList replacement = new InsnList();
            replacement.add(new InsnNode(type.getSize() == 2 ? POP2 : POP));
            replacement.add(value.push());
            m.instructions.insertBefore(target, replacement);
        });
    }
}
