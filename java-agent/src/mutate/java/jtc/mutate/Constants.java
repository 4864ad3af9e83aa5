package jtc.mutate;

import static org.objectweb.asm.Opcodes.*;

import java.util.Collections;
import java.util.List;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Changed constants and increments: an int or long constant 0 becomes 1, 1 becomes 0, any other
 * {@code n} becomes {@code n + 1}; {@code iinc k} becomes {@code iinc -k} (a loop counter runs the
 * other way).
 */
final class Constants extends MutationOperator {

    Constants() {
        super("constant");
    }

    @Override
    List<Change> changes(MethodNode method, AbstractInsnNode insn) {
        if (insn instanceof IincInsnNode) {
            int by = ((IincInsnNode) insn).incr;
            return one("replaced increment by " + by + " with " + (-by),
                    (m, target) -> ((IincInsnNode) target).incr = -by);
        }
        Long value = constant(insn);
        if (value == null) {
            return Collections.emptyList();
        }
        long to = value == 1 ? 0 : value + 1;
        boolean isLong = insn.getOpcode() == LCONST_0 || insn.getOpcode() == LCONST_1
                || insn instanceof LdcInsnNode && ((LdcInsnNode) insn).cst instanceof Long;
        if (!isLong && to != (int) to) {
            return Collections.emptyList();
        }
        String suffix = isLong ? "L" : "";
        return one("replaced constant " + value + suffix + " with " + to + suffix,
                (m, target) -> m.instructions.set(target, isLong ? pushLong(to) : pushInt((int) to)));
    }

    private static List<Change> one(String description, Change.Edit edit) {
        return Collections.singletonList(new Change(description, edit));
    }

    /** The int or long an instruction pushes, or null for any other instruction. */
    private static Long constant(AbstractInsnNode insn) {
        int opcode = insn.getOpcode();
        if (opcode >= ICONST_M1 && opcode <= ICONST_5) {
            return (long) (opcode - ICONST_0);
        }
        if (opcode == LCONST_0 || opcode == LCONST_1) {
            return (long) (opcode - LCONST_0);
        }
        if (opcode == BIPUSH || opcode == SIPUSH) {
            return (long) ((IntInsnNode) insn).operand;
        }
        if (insn instanceof LdcInsnNode) {
            Object cst = ((LdcInsnNode) insn).cst;
            if (cst instanceof Integer || cst instanceof Long) {
                return ((Number) cst).longValue();
            }
        }
        return null;
    }

    static AbstractInsnNode pushInt(int value) {
        if (value >= -1 && value <= 5) {
            return new InsnNode(ICONST_0 + value);
        }
        if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            return new IntInsnNode(BIPUSH, value);
        }
        if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            return new IntInsnNode(SIPUSH, value);
        }
        return new LdcInsnNode(value);
    }

    private static AbstractInsnNode pushLong(long value) {
        return value == 0 || value == 1 ? new InsnNode(LCONST_0 + (int) value) : new LdcInsnNode(value);
    }
}
