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

    /** '<test class>#<method>', as jtc's JUnit report reader names tests. */
    String name() {
        return className + "#" + methodName;
    }
}
