package jtc.mutate;

/** One test method of a suite (all its invocations, for a parameterised test), run as one. */
final class TestUnit {

    final String className;
    final String methodName;
    final String parameterTypes;  // as JUnit's MethodSource names them, '' for none

    TestUnit(String className, String methodName, String parameterTypes) {
        this.className = className;
        this.methodName = methodName;
        this.parameterTypes = parameterTypes;
    }

    /** What tells units apart: class, method and parameter types. */
    String key() {
        return key(className, methodName, parameterTypes);
    }

    static String key(String className, String methodName, String parameterTypes) {
        return className + "#" + methodName + "(" + parameterTypes + ")";
    }

    /** '<test class>#<method>', as jtc's JUnit report reader names tests. */
    String name() {
        return className + "#" + methodName;
    }
}
