package jtc.agent;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
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
        String binaryName = internalName.replace('/', '.');
        try {
            return Class.forName(binaryName, false, loader);
        } catch (ClassNotFoundException e) {
            throw new HarnessError("class-not-found " + binaryName);
        } catch (LinkageError e) {
            throw HarnessError.ofLinkage(e);
        }
    }

    /** The statement's target, accessible and checked against the statement's arguments. */
    static Executable resolve(Program.Statement statement, ClassLoader loader) throws HarnessError {
        Class<?> owner = load(statement.owner, loader);
        Executable member;
        try {
            member = statement.construct
                    ? constructor(owner, statement.desc) : method(owner, statement.name, statement.desc);
        } catch (LinkageError e) {
            throw HarnessError.ofLinkage(e);
        }
        if (member == null) {
            throw new HarnessError("no-such-member " + statement.member());
        }
        check(statement, owner, member);
        if (!member.trySetAccessible()) {
            throw HarnessError.badProgram("statement " + statement.index + ": " + statement.member()
                    + " is not accessible");
        }
        return member;
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

    private static void check(Program.Statement statement, Class<?> owner, Executable member) throws HarnessError {
        String where = "statement " + statement.index + " (" + statement.member() + ")";
        if (statement.construct) {
            if (owner.isInterface() || Modifier.isAbstract(owner.getModifiers()) || owner.isEnum()) {
                throw HarnessError.badProgram(where + ": " + owner.getName() + " cannot be instantiated");
            }
        } else {
            boolean isStatic = Modifier.isStatic(member.getModifiers());
            if (isStatic != (statement.receiver < 0)) {
                throw HarnessError.badProgram(where + (isStatic
                        ? ": static method called on a receiver" : ": instance method called without a receiver"));
            }
        }
        Class<?>[] parameters = member.getParameterTypes();
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
