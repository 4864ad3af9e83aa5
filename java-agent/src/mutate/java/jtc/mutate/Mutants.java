package jtc.mutate;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.List;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Finds the mutants of a class and makes their bytes, and the probed copy of the class that records
 * which mutated instructions a test runs.
 *
 * <p>Every change keeps the stack shape at each instruction the method's frames describe (an opcode
 * of the same shape, or code inserted between two instructions that leaves the stack as it was), so
 * the frames are kept and only the maximum stack size is recomputed: no class is loaded to merge
 * types, and a mutant verifies whenever the original did.
 */
final class Mutants {

    private Mutants() {
    }

    static ClassNode read(byte[] bytes) {
        ClassNode node = new ClassNode();
        new ClassReader(bytes).accept(node, 0);
        return node;
    }

    static byte[] write(ClassNode node) {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        node.accept(writer);
        return writer.toByteArray();
    }

    /**
     * An enum's {@code values()} and {@code valueOf(String)}: javac writes them (a source cannot declare
     * them), so their mutants say nothing about the tests of the code a person wrote.
     */
    static boolean isImplicitEnumMember(ClassNode owner, MethodNode method) {
        if ((owner.access & ACC_ENUM) == 0 || (method.access & ACC_STATIC) == 0) {
            return false;
        }
        String itself = "L" + owner.name + ";";
        return method.name.equals("values") && method.desc.equals("()[" + itself)
                || method.name.equals("valueOf") && method.desc.equals("(Ljava/lang/String;)" + itself);
    }

    /** The mutants of one class, their sites numbered from {@code firstSite}. */
    static List<Mutant> of(byte[] bytes, int firstSite) {
        ClassNode node = read(bytes);
        List<Mutant> mutants = new ArrayList<>();
        int site = firstSite;
        for (int m = 0; m < node.methods.size(); m++) {
            MethodNode method = node.methods.get(m);
            if ((method.access & (ACC_SYNTHETIC | ACC_BRIDGE | ACC_ABSTRACT | ACC_NATIVE)) != 0
                    || method.name.equals("<clinit>") || isImplicitEnumMember(node, method)) {
                continue;
            }
            int line = -1;
            int index = 0;
            for (AbstractInsnNode insn : method.instructions) {
                if (insn instanceof LineNumberNode) {
                    line = ((LineNumberNode) insn).line;
                }
                if (insn.getOpcode() < 0) {
                    continue;
                }
                boolean mutated = false;
                for (MutationOperator operator : Operators.ALL) {
                    List<Change> changes = operator.changes(method, insn);
                    for (int variant = 0; variant < changes.size(); variant++) {
                        mutants.add(new Mutant(node.name, m, method.name + method.desc, line, index, site,
                                operator.name(), variant, changes.get(variant)));
                        mutated = true;
                    }
                }
                if (mutated) {
                    site++;
                }
                index++;
            }
        }
        return mutants;
    }

    /** The class with the mutant's change applied. */
    static byte[] mutate(byte[] bytes, Mutant mutant) {
        ClassNode node = read(bytes);
        MethodNode method = node.methods.get(mutant.methodIndex);
        mutant.change.edit.apply(method, instruction(method.instructions, mutant.insnIndex));
        return write(node);
    }

    /** The class with a call {@code Probe.hit(site)} before each mutated instruction. */
    static byte[] probe(byte[] bytes, List<Mutant> mutants) {
        ClassNode node = read(bytes);
        List<AbstractInsnNode> targets = new ArrayList<>();
        List<Mutant> firsts = new ArrayList<>();
        for (Mutant mutant : mutants) {  // found first, inserted after: indices count original instructions
            if (firsts.isEmpty() || firsts.get(firsts.size() - 1).site != mutant.site) {
                targets.add(instruction(node.methods.get(mutant.methodIndex).instructions, mutant.insnIndex));
                firsts.add(mutant);
            }
        }
        for (int i = 0; i < targets.size(); i++) {
            InsnList call = new InsnList();
            call.add(new LdcInsnNode(firsts.get(i).site));
            call.add(new MethodInsnNode(INVOKESTATIC, "jtc/mutate/Probe", "hit", "(I)V", false));
            node.methods.get(firsts.get(i).methodIndex).instructions.insertBefore(targets.get(i), call);
        }
        return write(node);
    }

    private static AbstractInsnNode instruction(InsnList instructions, int index) {
        int seen = 0;
        for (AbstractInsnNode insn : instructions) {
            if (insn.getOpcode() >= 0 && seen++ == index) {
                return insn;
            }
        }
        throw new IllegalStateException("no instruction " + index);
    }
}
