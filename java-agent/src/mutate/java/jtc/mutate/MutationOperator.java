package jtc.mutate;

import java.util.List;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** A mutation operator: the changes it makes to one instruction (none when it does not apply). */
abstract class MutationOperator {

    private final String name;

    MutationOperator(String name) {
        this.name = name;
    }

    /** The operator's name in ids and reports. */
    final String name() {
        return name;
    }

    abstract List<Change> changes(MethodNode method, AbstractInsnNode insn);
}
