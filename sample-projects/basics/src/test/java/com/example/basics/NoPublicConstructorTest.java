package com.example.basics;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;

import org.junit.jupiter.api.Test;

// Nothing outside the class can create an instance, so this test goes through reflection.
class NoPublicConstructorTest {

    private static NoPublicConstructor create() throws ReflectiveOperationException {
        Constructor<NoPublicConstructor> constructor = NoPublicConstructor.class.getDeclaredConstructor();
        constructor.setAccessible(true);
        return constructor.newInstance();
    }

    @Test
    void bigOnlyAboveOneThousand() throws ReflectiveOperationException {
        NoPublicConstructor subject = create();
        subject.set(1000);
        assertFalse(subject.isBig());
        subject.set(1001);
        assertTrue(subject.isBig());
    }
}
