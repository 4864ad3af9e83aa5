package jtc.mutate;

import static org.objectweb.asm.Opcodes.*;

import java.util.Collections;
import java.util.List;

import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Removed calls to void methods: the call is replaced by pops of its arguments and receiver.
 * Constructor calls stay (an object must be initialised before it is used).
 */
final class VoidCalls extends MutationOperator {

    VoidCalls() {
        super("void-call");
    }

    @Override
    List<Change> changes(MethodNode method, AbstractInsnNode insn) {
        if (!(insn instanceof MethodInsnNode)) {
            return Collections.emptyList();
        }
        MethodInsnNode call = (MethodInsnNode) insn;
        if (call.name.equals("<init>") || Type.getReturnType(call.desc).getSort() != Type.VOID) {
            return Collections.emptyList();
        }
        Type[] arguments = Type.getArgumentTypes(call.desc);
        boolean hasReceiver = call.getOpcode() != INVOKESTATIC;
        String description = "removed call to " + call.owner.replace('/', '.') + "." + call.name;
        return Collections.singletonList(new Change(description, (m, target) -> {
            InsnList pops = new InsnList();
            for (int i = arguments.length - 1; i >= 0; i--) {
                pops.add(new InsnNode(arguments[i].getSize() == 2 ? POP2 : POP));
            }
            if (hasReceiver) {
                pops.add(new InsnNode(POP));
            }
            m.instructions.insertBefore(target, pops);
            m.instructions.remove(target);
        }));
    }
}
