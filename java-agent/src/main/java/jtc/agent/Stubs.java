package jtc.agent;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Stub classes: a concrete subclass of an abstract class, or an implementation of an interface,
 * whose abstract methods return the answers the program gave (one per method, the same on every
 * call), as the anonymous class in the emitted test does.
 *
 * <p>The class is generated with ASM into the type's own package and class loader (so that
 * package-private types and methods can be implemented), once per shape and JVM, and defined
 * afresh in every execution's loader. Each instance keeps its answers in a field that the
 * constructor sets before the super constructor runs, so an abstract method the super constructor
 * calls already answers.
 */
public final class Stubs {
    private static final String ANSWERS = "$jtcAnswers";
    private static final ThreadLocal<Object[]> PENDING = new ThreadLocal<>();
    private static final Map<String, byte[]> BYTES = new ConcurrentHashMap<>();

    private Stubs() {
    }

    /** The answers of the stub under construction; called by generated constructors. */
    public static Object[] pending() {
        Object[] answers = PENDING.get();
        return answers == null ? new Object[0] : answers;
    }

    static void construct(Object[] answers) {
        PENDING.set(answers);
    }

    static void constructed() {
        PENDING.remove();
    }

    /** The name of the stub class of {@code type}: in its package, or jtc's for the JDK's types. */
    static String stubName(Class<?> type) {
        String internal = Type.getInternalName(type);
        if (internal.startsWith("java/") || internal.startsWith("javax/")) {
            internal = "jtc/stub/" + internal.replace('/', '_');
        }
        return internal + "$$JtcStub";
    }

    /**
     * Every abstract method a concrete subclass of {@code type} must implement, by name and
     * descriptor ("compare(Ljava/lang/Object;Ljava/lang/Object;)I"); the public methods of Object
     * that interfaces redeclare are implemented by Object already.
     */
    static Map<String, Method> abstractMethods(Class<?> type) {
        Map<String, Method> found = new LinkedHashMap<>();
        Set<String> implemented = new HashSet<>();
        for (Method method : Object.class.getMethods()) {
            implemented.add(key(method));
        }
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> current = type; current != null; current = current.getSuperclass()) {
            chain.add(current);
        }
        for (Class<?> current : chain) {
            for (Method method : current.getDeclaredMethods()) {
                if (method.isSynthetic() || Modifier.isStatic(method.getModifiers())) {
                    continue;
                }
                String key = key(method);
                if (Modifier.isAbstract(method.getModifiers())) {
                    if (!implemented.contains(key)) {
                        found.putIfAbsent(key, method);
                    }
                } else {
                    implemented.add(key);
                }
            }
        }
        Deque<Class<?>> interfaces = new ArrayDeque<>();
        for (Class<?> current : chain) {
            interfaces.addAll(List.of(current.getInterfaces()));
        }
        Set<Class<?>> seen = new HashSet<>();
        List<Method> defaults = new ArrayList<>();
        while (!interfaces.isEmpty()) {
            Class<?> current = interfaces.removeFirst();
            if (!seen.add(current)) {
                continue;
            }
            for (Method method : current.getDeclaredMethods()) {
                if (method.isSynthetic() || Modifier.isStatic(method.getModifiers())) {
                    continue;
                }
                if (method.isDefault()) {
                    defaults.add(method);
                } else if (!implemented.contains(key(method))) {
                    found.putIfAbsent(key(method), method);
                }
            }
            interfaces.addAll(List.of(current.getInterfaces()));
        }
        for (Method method : defaults) {
            found.remove(key(method));
        }
        return found;
    }

    static String key(Method method) {
        return method.getName() + Type.getMethodDescriptor(method);
    }

    /** The class file of the stub of {@code type}: its constructor has {@code constructor}'s parameters. */
    static byte[] classFile(Class<?> type, Constructor<?> constructor, List<String> answered) {
        String key = stubName(type) + " " + (constructor == null ? "-" : Type.getConstructorDescriptor(constructor))
                + " " + String.join(",", answered);
        return BYTES.computeIfAbsent(key, k -> generate(type, constructor, answered));
    }

    private static byte[] generate(Class<?> type, Constructor<?> constructor, List<String> answered) {
        String name = stubName(type);
        String parent = type.isInterface() ? "java/lang/Object" : Type.getInternalName(type);
        String[] interfaces = type.isInterface() ? new String[] {Type.getInternalName(type)} : null;
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        writer.visit(Opcodes.V11, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC, name, null, parent,
                interfaces);
        writer.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_FINAL, ANSWERS, "[Ljava/lang/Object;", null, null).visitEnd();
        String constructorDesc = constructor == null ? "()V" : Type.getConstructorDescriptor(constructor);
        MethodVisitor init = writer.visitMethod(Opcodes.ACC_PUBLIC, "<init>", constructorDesc, null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESTATIC, "jtc/agent/Stubs", "pending", "()[Ljava/lang/Object;", false);
        init.visitFieldInsn(Opcodes.PUTFIELD, name, ANSWERS, "[Ljava/lang/Object;");
        init.visitVarInsn(Opcodes.ALOAD, 0);
        int slot = 1;
        for (Type argument : Type.getArgumentTypes(constructorDesc)) {
            init.visitVarInsn(argument.getOpcode(Opcodes.ILOAD), slot);
            slot += argument.getSize();
        }
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, parent, "<init>", constructorDesc, false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        for (Map.Entry<String, Method> entry : abstractMethods(type).entrySet()) {
            answer(writer, name, entry.getValue(), answered.indexOf(entry.getKey()));
        }
        writer.visitEnd();
        return writer.toByteArray();
    }

    /** A method returning answer {@code index}, or the type's default value when it has none (-1). */
    private static void answer(ClassWriter writer, String owner, Method method, int index) {
        int access = method.getModifiers() & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED);
        String desc = Type.getMethodDescriptor(method);
        MethodVisitor code = writer.visitMethod(access, method.getName(), desc, null, null);
        code.visitCode();
        Type returns = Type.getReturnType(method);
        if (returns.getSort() == Type.VOID) {
            code.visitInsn(Opcodes.RETURN);
        } else if (index < 0) {
            pushDefault(code, returns);
            code.visitInsn(returns.getOpcode(Opcodes.IRETURN));
        } else {
            code.visitVarInsn(Opcodes.ALOAD, 0);
            code.visitFieldInsn(Opcodes.GETFIELD, owner, ANSWERS, "[Ljava/lang/Object;");
            code.visitLdcInsn(index);
            code.visitInsn(Opcodes.AALOAD);
            unbox(code, returns);
            code.visitInsn(returns.getOpcode(Opcodes.IRETURN));
        }
        code.visitMaxs(0, 0);
        code.visitEnd();
    }

    private static void pushDefault(MethodVisitor code, Type type) {
        switch (type.getSort()) {
            case Type.LONG: code.visitInsn(Opcodes.LCONST_0); break;
            case Type.FLOAT: code.visitInsn(Opcodes.FCONST_0); break;
            case Type.DOUBLE: code.visitInsn(Opcodes.DCONST_0); break;
            case Type.OBJECT:
            case Type.ARRAY: code.visitInsn(Opcodes.ACONST_NULL); break;
            default: code.visitInsn(Opcodes.ICONST_0);
        }
    }

    /** The Object on the stack as a value of {@code type}: unboxed for primitives, cast otherwise. */
    private static void unbox(MethodVisitor code, Type type) {
        String box;
        switch (type.getSort()) {
            case Type.BOOLEAN: box = "java/lang/Boolean"; break;
            case Type.CHAR: box = "java/lang/Character"; break;
            case Type.BYTE: box = "java/lang/Byte"; break;
            case Type.SHORT: box = "java/lang/Short"; break;
            case Type.INT: box = "java/lang/Integer"; break;
            case Type.LONG: box = "java/lang/Long"; break;
            case Type.FLOAT: box = "java/lang/Float"; break;
            case Type.DOUBLE: box = "java/lang/Double"; break;
            default:
                if (!type.getInternalName().equals("java/lang/Object")) {
                    code.visitTypeInsn(Opcodes.CHECKCAST, type.getInternalName());
                }
                return;
        }
        code.visitTypeInsn(Opcodes.CHECKCAST, box);
        code.visitMethodInsn(Opcodes.INVOKEVIRTUAL, box, type.getClassName() + "Value", "()" + type.getDescriptor(),
                false);
    }
}
