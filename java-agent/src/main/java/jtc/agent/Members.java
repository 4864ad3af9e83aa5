package jtc.agent;

import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.objectweb.asm.Type;

/**
 * Finds the constructor or method a statement names, by exact name and descriptor: the owner's
 * declared members, then its superclasses', then (for default methods) its interfaces'. Reading
 * the declared members also links the class, so a class that fails verification is reported
 * here, as a link error, rather than as something the code under test threw.
 */
final class Members {
    private Members() {
    }

    static Class<?> load(String internalName, ClassLoader loader) throws HarnessError {
        // array descriptors load by their binary form too: [Lcom.example.Node; or [[I
        String binaryName = internalName.replace('/', '.');
        try {
            return Class.forName(binaryName, false, loader);
        } catch (ClassNotFoundException e) {
            throw new HarnessError("class-not-found " + binaryName);
        } catch (LinkageError e) {
            throw HarnessError.ofLinkage(e);
        }
    }

    /** What the statement does, its member accessible and checked against the statement's arguments. */
    static Action resolve(Program.Statement statement, ClassLoader loader) throws HarnessError {
        Action action;
        try {
            action = action(statement, loader);
        } catch (LinkageError e) {
            throw HarnessError.ofLinkage(e);
        }
        check(statement, action);
        return action;
    }

    private static Action action(Program.Statement statement, ClassLoader loader) throws HarnessError {
        if (statement.kind.equals("array")) {
            Class<?> type = load(statement.desc, loader);
            if (!type.isArray()) {
                throw HarnessError.badProgram("statement " + statement.index + ": " + statement.desc + " is not an array type");
            }
            return new Action.NewArray(type, statement.arguments.size());
        }
        Class<?> owner = load(statement.owner, loader);
        if (statement.kind.equals("collection")) {
            return collection(statement, owner);
        }
        if (statement.kind.equals("stub")) {
            return stub(statement, owner, loader);
        }
        if (statement.kind.equals("getstatic") && statement.name.equals("class")) {
            return new Action.ClassLiteral(owner);
        }
        if (statement.kind.startsWith("get")) {
            Field field = field(statement, owner);
            accessible(statement, field);
            return new Action.Load(field);
        }
        if (statement.kind.startsWith("put")) {
            Field field = field(statement, owner);
            if (Modifier.isFinal(field.getModifiers())) {
                throw HarnessError.badProgram("statement " + statement.index + " (" + statement.member()
                        + "): the field is final");
            }
            accessible(statement, field);
            return new Action.Store(field);
        }
        Executable member = statement.construct
                ? constructor(owner, statement.desc) : method(owner, statement.name, statement.desc);
        if (member == null) {
            throw new HarnessError("no-such-member " + statement.member());
        }
        if (statement.construct && (owner.isInterface() || Modifier.isAbstract(owner.getModifiers()) || owner.isEnum())) {
            throw HarnessError.badProgram("statement " + statement.index + " (" + statement.member() + "): "
                    + owner.getName() + " cannot be instantiated");
        }
        accessible(statement, member);
        return new Action.Call(member);
    }

    private static Action collection(Program.Statement statement, Class<?> type) throws HarnessError {
        String where = "statement " + statement.index + " (" + type.getName() + ")";
        boolean map = java.util.Map.class.isAssignableFrom(type);
        if (!map && !java.util.Collection.class.isAssignableFrom(type)) {
            throw HarnessError.badProgram(where + ": not a collection or map class");
        }
        if (map && statement.arguments.size() % 2 != 0) {
            throw HarnessError.badProgram(where + ": a map needs key, value pairs");
        }
        try {
            return new Action.NewCollection(type.getConstructor(), statement.arguments.size());
        } catch (NoSuchMethodException e) {
            throw HarnessError.badProgram(where + ": no public constructor without arguments");
        }
    }

    /**
     * A stub of an interface or abstract class: the stub class is defined in the execution's loader;
     * every answered method must be one of the type's abstract methods.
     */
    private static Action stub(Program.Statement statement, Class<?> type, ClassLoader loader) throws HarnessError {
        String where = "statement " + statement.index + " (stub of " + type.getName() + ")";
        if (!type.isInterface() && !Modifier.isAbstract(type.getModifiers())) {
            throw HarnessError.badProgram(where + ": not an interface or abstract class");
        }
        java.util.Map<String, Method> abstracts = Stubs.abstractMethods(type);
        Class<?>[] answerTypes = new Class<?>[statement.answered.size()];
        for (int i = 0; i < answerTypes.length; i++) {
            Method method = abstracts.get(statement.answered.get(i));
            if (method == null) {
                throw HarnessError.badProgram(where + ": " + statement.answered.get(i) + " is not abstract there");
            }
            answerTypes[i] = method.getReturnType();
        }
        Constructor<?> parent = null;
        if (!type.isInterface()) {
            parent = constructor(type, statement.desc);
            if (parent == null || Modifier.isPrivate(parent.getModifiers())) {
                throw new HarnessError("no-such-member " + type.getName() + ".<init>" + statement.desc);
            }
        } else if (!statement.desc.equals("-")) {
            throw HarnessError.badProgram(where + ": an interface has no constructor to call");
        }
        if (!(loader instanceof IsolatingClassLoader)) {
            throw new IllegalStateException("stubs are defined in an execution's loader");
        }
        Class<?> stubClass = ((IsolatingClassLoader) loader).defineStub(Stubs.stubName(type).replace('/', '.'),
                Stubs.classFile(type, parent, statement.answered));
        Constructor<?> constructor = stubClass.getConstructors()[0];
        return new Action.Stub(constructor, answerTypes);
    }

    private static void accessible(Program.Statement statement, AccessibleObject member) throws HarnessError {
        if (!member.trySetAccessible()) {
            throw HarnessError.badProgram("statement " + statement.index + ": " + statement.member()
                    + " is not accessible");
        }
    }

    /**
     * The field a load or store names, static exactly when its keyword says so (getstatic,
     * putstatic; getfield and putfield take a receiver).
     */
    private static Field field(Program.Statement statement, Class<?> owner) throws HarnessError {
        Field field = field(owner, statement.name, statement.desc);
        if (field == null) {
            throw new HarnessError("no-such-member " + statement.member());
        }
        boolean wanted = statement.kind.endsWith("static");
        if (Modifier.isStatic(field.getModifiers()) != wanted) {
            throw HarnessError.badProgram("statement " + statement.index + " (" + statement.member() + "): "
                    + statement.kind + " on a field that is " + (wanted ? "not " : "") + "static");
        }
        return field;
    }

    private static Field field(Class<?> owner, String name, String desc) {
        for (Class<?> type = owner; type != null; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (field.getName().equals(name) && Type.getDescriptor(field.getType()).equals(desc)) {
                    return field;
                }
            }
        }
        return null;
    }

    private static Constructor<?> constructor(Class<?> owner, String desc) {
        for (Constructor<?> constructor : owner.getDeclaredConstructors()) {
            if (Type.getConstructorDescriptor(constructor).equals(desc)) {
                return constructor;
            }
        }
        return null;
    }

    private static Method method(Class<?> owner, String name, String desc) {
        for (Class<?> type = owner; type != null; type = type.getSuperclass()) {
            Method found = declared(type, name, desc);
            if (found != null) {
                return found;
            }
        }
        Deque<Class<?>> pending = new ArrayDeque<>(List.of(owner.getInterfaces()));
        for (Class<?> type = owner.getSuperclass(); type != null; type = type.getSuperclass()) {
            pending.addAll(List.of(type.getInterfaces()));
        }
        Set<Class<?>> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            Class<?> type = pending.removeFirst();
            if (seen.add(type)) {
                Method found = declared(type, name, desc);
                if (found != null) {
                    return found;
                }
                pending.addAll(List.of(type.getInterfaces()));
            }
        }
        return null;
    }

    private static Method declared(Class<?> type, String name, String desc) {
        for (Method method : type.getDeclaredMethods()) {
            if (method.getName().equals(name) && Type.getMethodDescriptor(method).equals(desc)) {
                return method;
            }
        }
        return null;
    }

    private static void check(Program.Statement statement, Action action) throws HarnessError {
        String where = "statement " + statement.index + " (" + statement.member() + ")";
        boolean takesReceiver = action.receiverType() != null;
        boolean hasReceiver = statement.receiver >= 0;
        if (!statement.construct && !statement.kind.equals("array") && takesReceiver != hasReceiver) {
            String member = statement.kind.equals("call") ? " method called"
                    : statement.kind.startsWith("get") ? " field read" : " field stored";
            throw HarnessError.badProgram(where + (hasReceiver
                    ? ": static" + member + " on a receiver" : ": instance" + member + " without a receiver"));
        }
        Class<?>[] parameters = action.parameterTypes();
        if (parameters.length != statement.arguments.size()) {
            throw HarnessError.badProgram(where + ": " + statement.arguments.size() + " arguments for "
                    + parameters.length + " parameters");
        }
        for (int i = 0; i < parameters.length; i++) {
            String mismatch = statement.arguments.get(i).mismatch(parameters[i]);
            if (mismatch != null) {
                throw HarnessError.badProgram(where + " argument " + i + ": " + mismatch);
            }
        }
    }
}
