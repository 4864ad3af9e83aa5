package jtc.agent;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * What one statement does once its member is resolved: a call (constructor or method), a store into
 * or a load from an instance or static field, or the construction of an array from its elements.
 * The harness checks arguments and receiver against these types before anything runs.
 */
abstract class Action {
    /** The declared types of the arguments, in order. */
    abstract Class<?>[] parameterTypes();

    /** The class the receiver must be an instance of, or null when the statement takes none. */
    abstract Class<?> receiverType();

    /** The static type of the statement's value; void for stores. */
    abstract Class<?> resultType();

    /** Performs the statement; throws what the code under test threw, unwrapped. */
    abstract Object perform(Object receiver, Object[] arguments) throws Throwable;

    /** The NPE of a member access on null: no frame of the code under test, so no throw site. */
    static NullPointerException nullReceiver() {
        NullPointerException npe = new NullPointerException();
        npe.setStackTrace(new StackTraceElement[0]);
        return npe;
    }

    /** {@code count} parameters of {@code type}. */
    static Class<?>[] repeated(Class<?> type, int count) {
        Class<?>[] types = new Class<?>[count];
        java.util.Arrays.fill(types, type);
        return types;
    }

    /** A new instance; throws what the constructor threw, unwrapped. */
    static Object construct(Constructor<?> constructor, Object[] arguments) throws Throwable {
        try {
            return constructor.newInstance(arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } catch (IllegalAccessException | IllegalArgumentException | InstantiationException e) {
            throw new Refused(e);
        }
    }

    /** Reflection refused an access the harness had checked: a harness bug, not an outcome of the code under test. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Refused(Exception cause) {
            super(cause);
        }
    }

    /** `new Owner(args)` or `receiver.name(args)` / `Owner.name(args)`. */
    static final class Call extends Action {
        final Executable target;

        Call(Executable target) {
            this.target = target;
        }

        @Override
        Class<?>[] parameterTypes() {
            return target.getParameterTypes();
        }

        @Override
        Class<?> receiverType() {
            return target instanceof Method && !Modifier.isStatic(target.getModifiers())
                    ? target.getDeclaringClass() : null;
        }

        @Override
        Class<?> resultType() {
            return target instanceof Method ? ((Method) target).getReturnType() : target.getDeclaringClass();
        }

        /**
         * An ExceptionInInitializerError that reflection throws itself (the owner's static
         * initializer failed) is what a test would see too, so it stays as it is.
         */
        @Override
        Object perform(Object receiver, Object[] arguments) throws Throwable {
            try {
                if (target instanceof Constructor) {
                    return ((Constructor<?>) target).newInstance(arguments);
                }
                if (receiver == null && receiverType() != null) {
                    throw nullReceiver();
                }
                return ((Method) target).invoke(receiver, arguments);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            } catch (IllegalAccessException | IllegalArgumentException | InstantiationException e) {
                throw new Refused(e);
            }
        }
    }

    /** `receiver.name = value` or `Owner.name = value`. */
    static final class Store extends Action {
        final Field field;

        Store(Field field) {
            this.field = field;
        }

        @Override
        Class<?>[] parameterTypes() {
            return new Class<?>[] {field.getType()};
        }

        @Override
        Class<?> receiverType() {
            return Modifier.isStatic(field.getModifiers()) ? null : field.getDeclaringClass();
        }

        @Override
        Class<?> resultType() {
            return void.class;
        }

        @Override
        Object perform(Object receiver, Object[] arguments) throws Throwable {
            if (receiver == null && receiverType() != null) {
                throw nullReceiver();
            }
            try {
                field.set(receiver, arguments[0]);
            } catch (ExceptionInInitializerError e) {
                throw e;
            } catch (IllegalAccessException | IllegalArgumentException e) {
                throw new Refused(e);
            }
            return null;
        }
    }

    /**
     * `Owner.class`: a class literal, as {@code getstatic Owner class Ljava/lang/Class;} (no field
     * can be named {@code class}). The class comes from the execution's own loader, so that
     * {@code kind.isInstance(item)} tells the classes under test apart.
     */
    static final class ClassLiteral extends Action {
        final Class<?> owner;

        ClassLiteral(Class<?> owner) {
            this.owner = owner;
        }

        @Override
        Class<?>[] parameterTypes() {
            return new Class<?>[0];
        }

        @Override
        Class<?> receiverType() {
            return null;
        }

        @Override
        Class<?> resultType() {
            return Class.class;
        }

        @Override
        Object perform(Object receiver, Object[] arguments) {
            return owner;
        }
    }

    /**
     * `Owner.name`, a static field's value (an enum constant, a shared instance), or `receiver.name`,
     * an instance field's (the state of an object that has no getter for it).
     */
    static final class Load extends Action {
        final Field field;

        Load(Field field) {
            this.field = field;
        }

        @Override
        Class<?>[] parameterTypes() {
            return new Class<?>[0];
        }

        @Override
        Class<?> receiverType() {
            return Modifier.isStatic(field.getModifiers()) ? null : field.getDeclaringClass();
        }

        @Override
        Class<?> resultType() {
            return field.getType();
        }

        @Override
        Object perform(Object receiver, Object[] arguments) throws Throwable {
            if (receiver == null && receiverType() != null) {
                throw nullReceiver();
            }
            try {
                return field.get(receiver);
            } catch (IllegalAccessException | IllegalArgumentException e) {
                throw new Refused(e);
            }
        }
    }

    /**
     * A new collection of a JDK class with a public no-argument constructor, filled from the
     * arguments: added in order, or put as key, value pairs for a map.
     */
    static final class NewCollection extends Action {
        final Constructor<?> constructor;
        final int size;

        NewCollection(Constructor<?> constructor, int size) {
            this.constructor = constructor;
            this.size = size;
        }

        @Override
        Class<?>[] parameterTypes() {
            return repeated(Object.class, size);
        }

        @Override
        Class<?> receiverType() {
            return null;
        }

        @Override
        Class<?> resultType() {
            return constructor.getDeclaringClass();
        }

        @Override
        @SuppressWarnings("unchecked")
        Object perform(Object receiver, Object[] arguments) throws Throwable {
            Object made = construct(constructor, new Object[0]);
            if (made instanceof java.util.Map) {
                java.util.Map<Object, Object> map = (java.util.Map<Object, Object>) made;
                for (int i = 0; i + 1 < arguments.length; i += 2) {
                    map.put(arguments[i], arguments[i + 1]);
                }
            } else {
                java.util.Collection<Object> collection = (java.util.Collection<Object>) made;
                for (Object element : arguments) {
                    collection.add(element);
                }
            }
            return made;
        }
    }

    /**
     * A stub: an instance of a class generated to extend an abstract class (through one of its
     * constructors) or implement an interface, whose abstract methods return the answers given.
     * The arguments are the constructor's, then one answer per answered method.
     */
    static final class Stub extends Action {
        final Constructor<?> constructor;
        final Class<?>[] answerTypes;

        Stub(Constructor<?> constructor, Class<?>[] answerTypes) {
            this.constructor = constructor;
            this.answerTypes = answerTypes;
        }

        @Override
        Class<?>[] parameterTypes() {
            Class<?>[] own = constructor.getParameterTypes();
            Class<?>[] types = java.util.Arrays.copyOf(own, own.length + answerTypes.length);
            System.arraycopy(answerTypes, 0, types, own.length, answerTypes.length);
            return types;
        }

        @Override
        Class<?> receiverType() {
            return null;
        }

        @Override
        Class<?> resultType() {
            Class<?> stub = constructor.getDeclaringClass();
            return stub.getInterfaces().length == 1 && stub.getSuperclass() == Object.class
                    ? stub.getInterfaces()[0] : stub.getSuperclass();
        }

        @Override
        Object perform(Object receiver, Object[] arguments) throws Throwable {
            int own = constructor.getParameterCount();
            Stubs.construct(java.util.Arrays.copyOfRange(arguments, own, arguments.length));
            try {
                return construct(constructor, java.util.Arrays.copyOf(arguments, own));
            } finally {
                Stubs.constructed();
            }
        }
    }

    /** `new T[] {e0, e1, …}`: an array of any component type, elements from the arguments. */
    static final class NewArray extends Action {
        final Class<?> arrayType;
        final int length;

        NewArray(Class<?> arrayType, int length) {
            this.arrayType = arrayType;
            this.length = length;
        }

        @Override
        Class<?>[] parameterTypes() {
            return repeated(arrayType.getComponentType(), length);
        }

        @Override
        Class<?> receiverType() {
            return null;
        }

        @Override
        Class<?> resultType() {
            return arrayType;
        }

        @Override
        Object perform(Object receiver, Object[] arguments) {
            Object array = Array.newInstance(arrayType.getComponentType(), length);
            for (int i = 0; i < length; i++) {
                Array.set(array, i, arguments[i]);
            }
            return array;
        }
    }
}
