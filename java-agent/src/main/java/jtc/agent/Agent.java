package jtc.agent;

import java.lang.instrument.Instrumentation;

/**
 * The {@code -javaagent} entry point. The JVM calls the transformer for every class it defines;
 * the transformer itself decides (only user classes of an execution are instrumented).
 */
public final class Agent {
    private static volatile boolean installed;

    private Agent() {
    }

    public static void premain(String arguments, Instrumentation instrumentation) {
        instrumentation.addTransformer(new UserClassTransformer());
        installed = true;
    }

    /** True when this JVM was started with the agent, i.e. classes can be instrumented. */
    static boolean installed() {
        return installed;
    }
}
