package jtc.junit;

import java.util.Comparator;

import org.junit.jupiter.api.MethodDescriptor;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.MethodOrdererContext;

/**
 * Runs test methods in reverse alphabetical order.
 *
 * <p>jtc runs every generated class twice, once alphabetically ({@code MethodOrderer.MethodName}) and
 * once with this orderer. Each pair of tests then runs in both orders, so a test that only passes
 * because another one left static state behind fails in one of the two runs and is dropped.
 */
public final class ReversedMethodOrder implements MethodOrderer {

    @Override
    public void orderMethods(MethodOrdererContext context) {
        Comparator<MethodDescriptor> byName = Comparator.comparing(d -> d.getMethod().getName());
        context.getMethodDescriptors().sort(byName.thenComparing(MethodDescriptor::getDisplayName).reversed());
    }
}
