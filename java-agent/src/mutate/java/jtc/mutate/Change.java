package jtc.mutate;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * One way an operator changes one instruction: a description for the report, and the edit itself.
 *
 * <p>The edit is applied to a fresh tree of the class each time a mutant is made (the original tree
 * stays untouched), so it must capture values only, never nodes of the tree it was found in.
 */
final class Change {

    /** Edits {@code insn} of {@code method} in place. */
    interface Edit {
        void apply(MethodNode method, AbstractInsnNode insn);
    }

    final String description;
    final Edit edit;

    Change(String description, Edit edit) {
        this.description = description;
        this.edit = edit;
    }
}
