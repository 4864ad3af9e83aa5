package jtc.agent;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * What the instrumenter must know about a constructor: which call is the super/this constructor
 * call (READY follows it), and which putfields before it store into the uninitialised
 * {@code this} — a value the verifier forbids passing to a method, so their FIELD record says -1.
 */
final class ConstructorFacts {
    static final ConstructorFacts NONE = new ConstructorFacts(null, Collections.emptySet());

    /** The super/this constructor call, or null (not a constructor, or no such call). */
    final AbstractInsnNode superCall;
    private final Set<AbstractInsnNode> uninitializedStores;

    private ConstructorFacts(AbstractInsnNode superCall, Set<AbstractInsnNode> uninitializedStores) {
        this.superCall = superCall;
        this.uninitializedStores = uninitializedStores;
    }

    /**
     * The super/this call is the first {@code invokespecial <init>} in list order while no
     * {@code new} is pending (each new opens one, each constructor call closes one).
     */
    static ConstructorFacts of(String owner, MethodNode constructor) {
        AbstractInsnNode superCall = null;
        List<AbstractInsnNode> earlyStores = new ArrayList<>();
        int pendingNews = 0;
        for (AbstractInsnNode node = constructor.instructions.getFirst(); node != null; node = node.getNext()) {
            int op = node.getOpcode();
            if (op == Opcodes.NEW) {
                pendingNews++;
            } else if (op == Opcodes.INVOKESPECIAL && "<init>".equals(((MethodInsnNode) node).name)) {
                if (pendingNews == 0) {
                    superCall = node;
                    break;
                }
                pendingNews--;
            } else if (op == Opcodes.PUTFIELD) {
                earlyStores.add(node);
            }
        }
        Set<AbstractInsnNode> uninitialized = earlyStores.isEmpty()
                ? Collections.emptySet() : storesIntoThis(owner, constructor, earlyStores);
        return new ConstructorFacts(superCall, uninitialized);
    }

    boolean storesIntoUninitializedThis(AbstractInsnNode putfield) {
        return uninitializedStores.contains(putfield);
    }

    /**
     * The putfields whose target may be the uninitialised {@code this}. A data-flow pass tracks
     * local 0's initial value through copies; anything not provably another reference counts as
     * {@code this}, which errs on the side that always verifies.
     */
    private static Set<AbstractInsnNode> storesIntoThis(String owner, MethodNode constructor,
                                                        List<AbstractInsnNode> stores) {
        Set<AbstractInsnNode> result = Collections.newSetFromMap(new IdentityHashMap<>());
        Frame<BasicValue>[] frames;
        try {
            frames = new Analyzer<>(new ThisTracker()).analyze(owner, constructor);
        } catch (AnalyzerException e) {
            result.addAll(stores);
            return result;
        }
        for (AbstractInsnNode store : stores) {
            Frame<BasicValue> frame = frames[constructor.instructions.indexOf(store)];
            if (frame == null || !BasicValue.REFERENCE_VALUE.equals(frame.getStack(frame.getStackSize() - 2))) {
                result.add(store);
            }
        }
        return result;
    }

    /** BasicInterpreter, except that the receiver of the analysed constructor is a value of its own. */
    private static final class ThisTracker extends BasicInterpreter {
        private static final BasicValue UNINITIALIZED_THIS =
                new BasicValue(Type.getObjectType("jtc/agent/UninitializedThis"));

        ThisTracker() {
            super(Opcodes.ASM9);
        }

        @Override
        public BasicValue newParameterValue(boolean isInstanceMethod, int local, Type type) {
            if (isInstanceMethod && local == 0) {
                return UNINITIALIZED_THIS;
            }
            return super.newParameterValue(isInstanceMethod, local, type);
        }
    }
}
