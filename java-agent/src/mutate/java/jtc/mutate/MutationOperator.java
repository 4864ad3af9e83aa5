package jtc.mutate;

import java.util.List;

import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;

/** A mutation operator: the changes it makes to one instruction (none when it does not apply). */
interface MutationOperator {

    /** The operator's name in ids and reports. */
    String name();

    List<Change> changes(MethodNode method, AbstractInsnNode insn);
}
