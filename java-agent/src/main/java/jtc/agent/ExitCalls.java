package jtc.agent;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Redirects System.exit, Runtime.exit and Runtime.halt to {@link Sandbox}. The replacement has
 * the same stack effect and the same size, so it is applied even to methods that are otherwise
 * left uninstrumented, and to the classes of executions that run without instrumentation.
 */
final class ExitCalls {
    private static final String SANDBOX = "jtc/agent/Sandbox";

    private ExitCalls() {
    }

    /** Redirects every exit call of the method; true when there was one. */
    static boolean redirectAll(MethodNode method) {
        boolean changed = false;
        for (AbstractInsnNode node = method.instructions.getFirst(); node != null; node = node.getNext()) {
            changed |= redirect(node);
        }
        return changed;
    }

    /** Redirects the node if it is an exit call; true when it was. */
    static boolean redirect(AbstractInsnNode node) {
        if (!(node instanceof MethodInsnNode)) {
            return false;
        }
        MethodInsnNode call = (MethodInsnNode) node;
        if (call.getOpcode() == Opcodes.INVOKESTATIC && call.owner.equals("java/lang/System")
                && call.name.equals("exit") && call.desc.equals("(I)V")) {
            call.owner = SANDBOX;
            return true;
        }
        if (call.getOpcode() == Opcodes.INVOKEVIRTUAL && call.owner.equals("java/lang/Runtime")
                && call.desc.equals("(I)V") && (call.name.equals("exit") || call.name.equals("halt"))) {
            call.setOpcode(Opcodes.INVOKESTATIC);
            call.owner = SANDBOX;
            call.name = call.name.equals("exit") ? "runtimeExit" : "runtimeHalt";
            call.desc = "(Ljava/lang/Runtime;I)V";
            call.itf = false;
            return true;
        }
        return false;
    }
}
