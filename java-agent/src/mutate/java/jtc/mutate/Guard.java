package jtc.mutate;

import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.V1_5;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import jtc.common.ExitCalls;
import org.objectweb.asm.ClassTooLargeException;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;

/**
 * Makes a class safe to run inside the runner's JVM, for every class a {@link MutantLoader} defines
 * (the classes under test, the tests, the user's classpath and its jars): its exit calls throw
 * {@link ExitCalled} instead of ending the JVM, and each method entry and loop back edge calls
 * {@link Guarded#check} with the class, which throws {@link RunStopped} once the run's loader was stopped.
 * Neither needs a security manager (gone in Java 24) or {@code Thread.stop} (gone in Java 20).
 *
 * <p>The inserted check leaves the stack as it was, so the frames are kept and only the maximum
 * stack size is recomputed, as for mutants ({@link Mutants}).
 */
final class Guard {

    private static final String GUARDED = "jtc/mutate/Guarded";
    private static final ExitCalls EXITS = new ExitCalls(GUARDED);

    private Guard() {
    }

    /**
     * The guarded class. A class file this ASM cannot read stays as it is; a class whose checks would
     * make a method too long keeps its exits redirected but has no checks; so has a class file older
     * than Java 5, which cannot load a class constant.
     */
    static byte[] apply(byte[] bytes) {
        ClassNode node;
        try {
            node = Mutants.read(bytes);
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException unreadable) {
            return bytes;
        }
        boolean checks = (node.version & 0xFFFF) >= V1_5;
        try {
            return Mutants.write(guarded(node, checks));
        } catch (MethodTooLargeException | ClassTooLargeException tooLarge) {
            return Mutants.write(guarded(Mutants.read(bytes), false));
        }
    }

    private static ClassNode guarded(ClassNode node, boolean checks) {
        for (MethodNode method : node.methods) {
            if (method.instructions.size() == 0) {
                continue;
            }
            EXITS.redirectAll(method);
            if (checks) {
                addChecks(node.name, method);
            }
        }
        return node;
    }

    /** A check at the method's entry and before each jump back to an earlier instruction. */
    private static void addChecks(String owner, MethodNode method) {
        List<AbstractInsnNode> backEdges = new ArrayList<>();
        Set<LabelNode> seen = new HashSet<>();
        for (AbstractInsnNode insn : method.instructions) {
            if (insn instanceof LabelNode) {
                seen.add((LabelNode) insn);
            } else if (jumpsBack(insn, seen)) {
                backEdges.add(insn);
            }
        }
        for (AbstractInsnNode edge : backEdges) {
            method.instructions.insertBefore(edge, check(owner));
        }
        method.instructions.insert(check(owner));
    }

    private static boolean jumpsBack(AbstractInsnNode insn, Set<LabelNode> seen) {
        if (insn instanceof JumpInsnNode) {
            return seen.contains(((JumpInsnNode) insn).label);
        }
        List<LabelNode> targets = new ArrayList<>();
        if (insn instanceof TableSwitchInsnNode) {
            targets.addAll(((TableSwitchInsnNode) insn).labels);
            targets.add(((TableSwitchInsnNode) insn).dflt);
        } else if (insn instanceof LookupSwitchInsnNode) {
            targets.addAll(((LookupSwitchInsnNode) insn).labels);
            targets.add(((LookupSwitchInsnNode) insn).dflt);
        }
        return targets.stream().anyMatch(seen::contains);
    }

    private static InsnList check(String owner) {
        InsnList call = new InsnList();
        call.add(new LdcInsnNode(Type.getObjectType(owner)));
        call.add(new MethodInsnNode(INVOKESTATIC, GUARDED, "check", "(Ljava/lang/Class;)V", false));
        return call;
    }
}
