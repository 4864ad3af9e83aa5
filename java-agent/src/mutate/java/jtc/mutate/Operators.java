package jtc.mutate;

import static org.objectweb.asm.Opcodes.*;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The mutation operators jtc applies, in the order their mutants are numbered. */
final class Operators {

    private Operators() {
    }

    static final MutationOperator NEGATE_CONDITIONALS = new OpcodeSwap("negate-conditional", both(
            IFEQ, IFNE, IFLT, IFGE, IFGT, IFLE, IF_ICMPEQ, IF_ICMPNE, IF_ICMPLT, IF_ICMPGE, IF_ICMPGT, IF_ICMPLE,
            IF_ACMPEQ, IF_ACMPNE, IFNULL, IFNONNULL));

    /** {@code <} becomes {@code <=} and so on: the comparison moves by one at its bound. */
    static final MutationOperator CONDITIONALS_BOUNDARY = new OpcodeSwap("conditional-boundary", oneWay(
            IFLT, IFLE, IFLE, IFLT, IFGT, IFGE, IFGE, IFGT,
            IF_ICMPLT, IF_ICMPLE, IF_ICMPLE, IF_ICMPLT, IF_ICMPGT, IF_ICMPGE, IF_ICMPGE, IF_ICMPGT));

    static final MutationOperator MATH = new OpcodeSwap("math", oneWay(
            IADD, ISUB, ISUB, IADD, IMUL, IDIV, IDIV, IMUL, IREM, IMUL,
            LADD, LSUB, LSUB, LADD, LMUL, LDIV, LDIV, LMUL, LREM, LMUL,
            FADD, FSUB, FSUB, FADD, FMUL, FDIV, FDIV, FMUL, FREM, FMUL,
            DADD, DSUB, DSUB, DADD, DMUL, DDIV, DDIV, DMUL, DREM, DMUL,
            IAND, IOR, IOR, IAND, IXOR, IAND, ISHL, ISHR, ISHR, ISHL, IUSHR, ISHL,
            LAND, LOR, LOR, LAND, LXOR, LAND, LSHL, LSHR, LSHR, LSHL, LUSHR, LSHL));

    static final List<MutationOperator> ALL = Collections.unmodifiableList(Arrays.asList(
            NEGATE_CONDITIONALS, CONDITIONALS_BOUNDARY, MATH, new Constants(), new ReturnValues(),
            new VoidCalls()));

    /** Pairs {@code a, b, ...} as a→b. */
    private static Map<Integer, Integer> oneWay(int... pairs) {
        Map<Integer, Integer> map = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }

    /** Pairs {@code a, b, ...} as a→b and b→a. */
    private static Map<Integer, Integer> both(int... pairs) {
        Map<Integer, Integer> map = oneWay(pairs);
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i + 1], pairs[i]);
        }
        return map;
    }
}
