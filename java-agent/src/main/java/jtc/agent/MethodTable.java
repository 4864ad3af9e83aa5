package jtc.agent;

import java.util.ArrayList;
import java.util.List;

import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.ParameterNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The per-method part of the class table: code, lines, handlers, parameter names and declared
 * exceptions, in the instruction numbering of {@link InsnIndex}.
 */
final class MethodTable {
    private MethodTable() {
    }

    static void write(Json json, MethodNode method) {
        InsnIndex index = new InsnIndex(method.instructions);
        json.name("code").beginArray();
        for (int i = 0; i < index.size(); i++) {
            instruction(json, index.get(i), index);
        }
        json.endArray();
        json.name("lines").beginArray();
        int line = -1;
        for (AbstractInsnNode node = method.instructions.getFirst(); node != null; node = node.getNext()) {
            if (node instanceof LineNumberNode) {
                line = ((LineNumberNode) node).line;
            } else if (node.getOpcode() >= 0) {
                json.value(line);
            }
        }
        json.endArray();
        json.name("handlers").beginArray();
        for (TryCatchBlockNode block : method.tryCatchBlocks) {
            json.beginArray().value(index.of(block.start)).value(index.of(block.end))
                    .value(index.of(block.handler)).value(block.type).endArray();
        }
        json.endArray();
        json.name("exceptions").beginArray();
        for (String exception : method.exceptions) {
            json.value(exception);
        }
        json.endArray();
        json.name("params");
        List<String> names = parameterNames(method, index);
        if (names == null) {
            json.nullValue();
        } else {
            json.beginArray();
            for (String name : names) {
                json.value(name);
            }
            json.endArray();
        }
    }

    private static void instruction(Json json, AbstractInsnNode node, InsnIndex index) {
        int op = node.getOpcode();
        json.beginArray().value(op);
        switch (node.getType()) {
            case AbstractInsnNode.INSN:
                break;
            case AbstractInsnNode.INT_INSN:
                json.value(((IntInsnNode) node).operand);
                break;
            case AbstractInsnNode.VAR_INSN:
                json.value(((VarInsnNode) node).var);
                break;
            case AbstractInsnNode.TYPE_INSN:
                json.value(((TypeInsnNode) node).desc);
                break;
            case AbstractInsnNode.FIELD_INSN: {
                FieldInsnNode field = (FieldInsnNode) node;
                json.value(field.owner).value(field.name).value(field.desc);
                break;
            }
            case AbstractInsnNode.METHOD_INSN: {
                MethodInsnNode call = (MethodInsnNode) node;
                json.value(call.owner).value(call.name).value(call.desc).value(call.itf);
                break;
            }
            case AbstractInsnNode.INVOKE_DYNAMIC_INSN: {
                InvokeDynamicInsnNode indy = (InvokeDynamicInsnNode) node;
                json.value(indy.name).value(indy.desc).value(indy.bsm.getOwner()).value(indy.bsm.getName());
                json.beginArray();
                for (Object argument : indy.bsmArgs) {
                    bootstrapArgument(json, argument);
                }
                json.endArray();
                break;
            }
            case AbstractInsnNode.JUMP_INSN:
                json.value(index.of(((JumpInsnNode) node).label));
                break;
            case AbstractInsnNode.LDC_INSN:
                constant(json, ((LdcInsnNode) node).cst);
                break;
            case AbstractInsnNode.IINC_INSN: {
                IincInsnNode iinc = (IincInsnNode) node;
                json.value(iinc.var).value(iinc.incr);
                break;
            }
            case AbstractInsnNode.TABLESWITCH_INSN: {
                TableSwitchInsnNode table = (TableSwitchInsnNode) node;
                json.value(table.min).value(table.max).value(index.of(table.dflt));
                labels(json, table.labels, index);
                break;
            }
            case AbstractInsnNode.LOOKUPSWITCH_INSN: {
                LookupSwitchInsnNode lookup = (LookupSwitchInsnNode) node;
                json.value(index.of(lookup.dflt)).beginArray();
                for (Integer key : lookup.keys) {
                    json.value(key);
                }
                json.endArray();
                labels(json, lookup.labels, index);
                break;
            }
            case AbstractInsnNode.MULTIANEWARRAY_INSN: {
                MultiANewArrayInsnNode multi = (MultiANewArrayInsnNode) node;
                json.value(multi.desc).value(multi.dims);
                break;
            }
            default:
                throw new IllegalStateException("unexpected instruction type " + node.getType()
                        + " (opcode " + op + ")");
        }
        json.endArray();
    }

    private static void labels(Json json, List<LabelNode> labels, InsnIndex index) {
        json.beginArray();
        for (LabelNode label : labels) {
            json.value(index.of(label));
        }
        json.endArray();
    }

    /**
     * A static argument of a bootstrap method, as one array: a method handle as {@code ["H", tag,
     * owner, name, desc]}, a method type as {@code ["M", desc]}, the two dynamic constants javac
     * writes as labels of a pattern switch as what they stand for (a primitive class as {@code ["C",
     * "I"]}, an enum constant as {@code ["E", owner, name]}), anything else as an ldc constant.
     */
    private static void bootstrapArgument(Json json, Object value) {
        json.beginArray();
        if (value instanceof Handle) {
            Handle handle = (Handle) value;
            json.value("H").value(handle.getTag()).value(handle.getOwner()).value(handle.getName()).value(handle.getDesc());
        } else if (value instanceof Type && ((Type) value).getSort() == Type.METHOD) {
            json.value("M").value(((Type) value).getDescriptor());
        } else if (isPrimitiveClass(value)) {
            json.value("C").value(((ConstantDynamic) value).getName());
        } else if (enumConstant(value) != null) {
            String[] constant = enumConstant(value);
            json.value("E").value(constant[0]).value(constant[1]);
        } else {
            constant(json, value);
        }
        json.endArray();
    }

    private static boolean isConstantBootstrap(ConstantDynamic constant, String name) {
        Handle bootstrap = constant.getBootstrapMethod();
        return bootstrap.getOwner().equals("java/lang/invoke/ConstantBootstraps") && bootstrap.getName().equals(name);
    }

    /** {@code int.class} as javac writes it: ConstantBootstraps.primitiveClass, named by the descriptor. */
    private static boolean isPrimitiveClass(Object value) {
        return value instanceof ConstantDynamic && isConstantBootstrap((ConstantDynamic) value, "primitiveClass");
    }

    /**
     * An enum constant as javac writes a label of a pattern switch, {@code EnumDesc.of(ClassDesc.of(
     * "p.Suit"), "HEARTS")} through ConstantBootstraps.invoke: its enum's internal name and its own
     * name; null for any other constant.
     */
    private static String[] enumConstant(Object value) {
        if (!(value instanceof ConstantDynamic) || !isConstantBootstrap((ConstantDynamic) value, "invoke")) {
            return null;
        }
        ConstantDynamic constant = (ConstantDynamic) value;
        if (constant.getBootstrapMethodArgumentCount() != 3
                || !(constant.getBootstrapMethodArgument(0) instanceof Handle)
                || !((Handle) constant.getBootstrapMethodArgument(0)).getOwner().equals("java/lang/Enum$EnumDesc")
                || !(constant.getBootstrapMethodArgument(2) instanceof String)) {
            return null;
        }
        Object owner = constant.getBootstrapMethodArgument(1);
        if (owner instanceof ConstantDynamic && isConstantBootstrap((ConstantDynamic) owner, "invoke")
                && ((ConstantDynamic) owner).getBootstrapMethodArgumentCount() == 2
                && ((ConstantDynamic) owner).getBootstrapMethodArgument(1) instanceof String) {
            String binaryName = (String) ((ConstantDynamic) owner).getBootstrapMethodArgument(1);
            return new String[] {binaryName.replace('.', '/'), (String) constant.getBootstrapMethodArgument(2)};
        }
        return null;
    }

    private static void constant(Json json, Object value) {
        if (value instanceof Integer) {
            json.value("I").value((Integer) value);
        } else if (value instanceof Long) {
            json.value("J").value((Long) value);
        } else if (value instanceof Float) {
            json.value("F").value(Float.floatToRawIntBits((Float) value));
        } else if (value instanceof Double) {
            json.value("D").value(Double.doubleToRawLongBits((Double) value));
        } else if (value instanceof String) {
            json.value("S").value((String) value);
        } else if (value instanceof Type && ((Type) value).getSort() != Type.METHOD) {
            json.value("C").value(((Type) value).getDescriptor());
        } else if (value instanceof Type || value instanceof Handle || value instanceof ConstantDynamic) {
            json.value("O").value(value.toString());
        } else {
            throw new IllegalStateException("unexpected ldc constant " + value);
        }
    }

    /** Names from MethodParameters, else from the LocalVariableTable; null when any is unknown. */
    private static List<String> parameterNames(MethodNode method, InsnIndex index) {
        Type[] parameters = Type.getArgumentTypes(method.desc);
        List<String> names = declaredNames(method, parameters.length);
        return names != null ? names : localVariableNames(method, parameters, index);
    }

    private static List<String> declaredNames(MethodNode method, int count) {
        if (method.parameters == null || method.parameters.size() != count) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (ParameterNode parameter : method.parameters) {
            if (parameter.name == null) {
                return null;
            }
            names.add(parameter.name);
        }
        return names;
    }

    /** A parameter's entry is the earliest-starting local variable in its slot. */
    private static List<String> localVariableNames(MethodNode method, Type[] parameters, InsnIndex index) {
        List<String> names = new ArrayList<>();
        if (parameters.length > 0 && (method.localVariables == null || method.localVariables.isEmpty())) {
            return null;
        }
        int slot = (method.access & Opcodes.ACC_STATIC) != 0 ? 0 : 1;
        for (Type parameter : parameters) {
            LocalVariableNode earliest = null;
            for (LocalVariableNode local : method.localVariables) {
                if (local.index == slot && (earliest == null || index.of(local.start) < index.of(earliest.start))) {
                    earliest = local;
                }
            }
            if (earliest == null) {
                return null;
            }
            names.add(earliest.name);
            slot += parameter.getSize();
        }
        return names;
    }
}
