package jtc.common;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Rewrites the calls of {@code System.exit}, {@code Runtime.exit} and {@code Runtime.halt} into calls
 * of a handler class that throws instead, so that code under test cannot end the JVM that runs it
 * (the agent's worker, the mutation runner). Java 24 removed the security manager that could veto an
 * exit; rewriting the call works on every JDK.
 *
 * <p>The handler declares {@code public static void exit(int)},
 * {@code runtimeExit(Runtime, int)} and {@code runtimeHalt(Runtime, int)}: each takes the stack of
 * the call it replaces, so one invoke instruction becomes another of the same size and stack effect,
 * and the method's frames and offsets stay valid.
 */
public final class ExitCalls {

    private final String handler;

    /** Redirects to the class of internal name {@code handler} (e.g. {@code "jtc/agent/Sandbox"}). */
    public ExitCalls(String handler) {
        this.handler = handler;
    }

    /** Redirects every exit call of the method; true when there was one. */
    public boolean redirectAll(MethodNode method) {
        boolean changed = false;
        for (AbstractInsnNode node = method.instructions.getFirst(); node != null; node = node.getNext()) {
            changed |= redirect(node);
        }
        return changed;
    }

    /** Redirects the instruction if it is an exit call; true when it was. */
    public boolean redirect(AbstractInsnNode node) {
        if (!(node instanceof MethodInsnNode)) {
            return false;
        }
        MethodInsnNode call = (MethodInsnNode) node;
        if (!call.desc.equals("(I)V")) {
            return false;
        }
        if (call.getOpcode() == Opcodes.INVOKESTATIC && call.owner.equals("java/lang/System")
                && call.name.equals("exit")) {
            call.owner = handler;
            return true;
        }
        if (call.getOpcode() == Opcodes.INVOKEVIRTUAL && call.owner.equals("java/lang/Runtime")
                && (call.name.equals("exit") || call.name.equals("halt"))) {
            call.setOpcode(Opcodes.INVOKESTATIC);
            call.owner = handler;
            call.name = call.name.equals("exit") ? "runtimeExit" : "runtimeHalt";
            call.desc = "(Ljava/lang/Runtime;I)V";
            call.itf = false;
            return true;
        }
        return false;
    }
}
