package jtc.mutate;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Replaced return values: the value a return instruction returns is dropped and a plain one returned
 * instead: false and true for a boolean, 0 for other primitives, null for objects, and in addition
 * the empty value of a String, List, Set, Map, Collection or Optional.
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
        switch (type.getSort()) {
            case Type.BOOLEAN:
                return plain(type, "false", ICONST_0, "true", ICONST_1);
            case Type.CHAR:
            case Type.BYTE:
            case Type.SHORT:
            case Type.INT:
                return plain(type, "0", ICONST_0);
            case Type.LONG:
                return plain(type, "0L", LCONST_0);
            case Type.FLOAT:
                return plain(type, "0.0f", FCONST_0);
            case Type.DOUBLE:
                return plain(type, "0.0", DCONST_0);
            default:
                return references(type);
        }
    }

    /** Changes to constants of one opcode each, given as pairs: the value as shown, its opcode. */
    private static List<Change> plain(Type type, Object... shownAndOpcode) {
        List<Change> changes = new ArrayList<>();
        for (int i = 0; i < shownAndOpcode.length; i += 2) {
            int opcode = (Integer) shownAndOpcode[i + 1];
            changes.add(replace((String) shownAndOpcode[i], () -> new InsnNode(opcode), type));
        }
        return changes;
    }

    private static List<Change> references(Type type) {
        List<Change> changes = new ArrayList<>();
        changes.add(replace("null", () -> new InsnNode(ACONST_NULL), type));
        String name = type.getInternalName();
        if (name.equals("java/lang/String")) {
            changes.add(replace("\"\"", () -> new LdcInsnNode(""), type));
        }
        for (String[] empty : EMPTY) {
            if (empty[0].equals(name)) {
                String description = empty[1].substring(empty[1].lastIndexOf('/') + 1) + "." + empty[2] + "()";
                changes.add(replace(description,
                        () -> new MethodInsnNode(INVOKESTATIC, empty[1], empty[2], "()L" + empty[0] + ";"), type));
            }
        }
        return changes;
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
