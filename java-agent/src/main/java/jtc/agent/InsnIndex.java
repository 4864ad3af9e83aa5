package jtc.agent;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;

/**
 * The instruction numbering shared by the class table and the trace (docs/trace-format.md §1):
 * real instructions count 0, 1, 2 … in list order; a label stands for the next real instruction
 * (or for the instruction count when none follows). Built on the original list, so instrumentation
 * code inserted later is never numbered.
 */
final class InsnIndex {
    private final List<AbstractInsnNode> instructions = new ArrayList<>();
    private final Map<AbstractInsnNode, Integer> indices = new IdentityHashMap<>();

    InsnIndex(InsnList list) {
        List<LabelNode> pending = new ArrayList<>();
        for (AbstractInsnNode node = list.getFirst(); node != null; node = node.getNext()) {
            if (node.getOpcode() >= 0) {
                int index = instructions.size();
                for (LabelNode label : pending) {
                    indices.put(label, index);
                }
                pending.clear();
                indices.put(node, index);
                instructions.add(node);
            } else if (node instanceof LabelNode) {
                pending.add((LabelNode) node);
            }
        }
        for (LabelNode label : pending) {
            indices.put(label, instructions.size());
        }
    }

    int size() {
        return instructions.size();
    }

    AbstractInsnNode get(int index) {
        return instructions.get(index);
    }

    /** The index of a real instruction, or of the instruction a label stands for. */
    int of(AbstractInsnNode node) {
        Integer index = indices.get(node);
        if (index == null) {
            throw new IllegalArgumentException("node is not part of the numbered method");
        }
        return index;
    }

    /** Whether the method uses jsr/ret, which the instrumenter leaves alone (pre-Java-6 finally). */
    boolean usesSubroutines() {
        for (AbstractInsnNode node : instructions) {
            if (node.getOpcode() == Opcodes.JSR || node.getOpcode() == Opcodes.RET) {
                return true;
            }
        }
        return false;
    }
}
