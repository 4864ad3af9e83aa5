package com.example.basics;

/**
 * Bad input: recurses without bound on negative arguments.
 */
public class DeepRecursion {

    /** 0 + 1 + ... + n, computed recursively (a negative n never reaches the base case). */
    public long sumTo(int n) {
        if (n == 0) {
            return 0;
        }
        return n + sumTo(n - 1);
    }
}
