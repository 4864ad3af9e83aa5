package jtc.mutate;

import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.Printer;

/**
 * An operator that replaces one opcode by another of the same stack shape (a conditional jump by its
 * negation, {@code iadd} by {@code isub}): the frames of the method stay valid as they are.
 */
final class OpcodeSwap extends MutationOperator {

    private final Map<Integer, Integer> replacements;

    OpcodeSwap(String name, Map<Integer, Integer> replacements) {
        super(name);
        this.replacements = replacements;
    }

    @Override
    List<Change> changes(MethodNode method, AbstractInsnNode insn) {
        Integer replacement = replacements.get(insn.getOpcode());
        if (replacement == null) {
            return Collections.emptyList();
        }
        int to = replacement;
        String description = "replaced " + mnemonic(insn.getOpcode()) + " with " + mnemonic(to);
        return Collections.singletonList(new Change(description, (m, target) -> {
            if (target instanceof JumpInsnNode) {
                ((JumpInsnNode) target).setOpcode(to);
            } else {
                m.instructions.set(target, new InsnNode(to));
            }
        }));
    }

    private static String mnemonic(int opcode) {
        return Printer.OPCODES[opcode].toLowerCase();
    }
}
