package com.example.modern25;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.modern25.Accounts.Current;
import com.example.modern25.Accounts.Savings;
import org.junit.jupiter.api.Test;

class AccountsTest {

    @Test
    void checksItsArgumentsBeforeSuper() {
        assertThrows(IllegalArgumentException.class, () -> new Current(null, 1, 10));
        assertThrows(IllegalArgumentException.class, () -> new Current(" ", 1, 10));
        assertThrows(IllegalArgumentException.class, () -> new Current("ann", -1, 10));
        assertThrows(IllegalArgumentException.class, () -> new Savings("ann", 1, -1));
        assertThrows(IllegalArgumentException.class, () -> new Savings("ann", 1, 21));
        assertThrows(IllegalArgumentException.class, () -> new Savings("-5"));
        assertThrows(IllegalArgumentException.class, () -> new Savings("nodash"));
    }

    @Test
    void theSuperclassSeesTheLimitSetBeforeIt() {
        Current gold = new Current(" ann ", 7, 9_000);
        assertEquals("ANN-7", gold.id());
        assertEquals("gold", gold.grade());
        assertEquals("silver", new Current("bob", 8, 500).grade());
        assertEquals("basic", new Current("cy", 9, -20).grade());
        assertEquals("basic", new Current("cy", 9).grade());
    }

    @Test
    void withdrawsWithinTheOverdraft() {
        Current account = new Current("ann", 1, 100);
        account.deposit(50);
        assertTrue(account.withdraw(150));
        assertEquals(-100, account.balance());
        assertFalse(account.withdraw(1));
        assertThrows(IllegalArgumentException.class, () -> account.deposit(0));
        assertThrows(IllegalArgumentException.class, () -> account.withdraw(0));
    }

    @Test
    void savingsAreParsedBeforeThis() {
        Savings even = new Savings("ann-10");
        assertEquals("SAV-ann-10", even.id());
        assertEquals(0, even.interest());
        even.deposit(1_000);
        assertEquals(20, even.interest());
        Savings odd = new Savings("bob-3");
        odd.deposit(100);
        assertEquals(3, odd.interest());
        assertFalse(odd.withdraw(101));
    }
}
