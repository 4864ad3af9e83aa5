package com.example.basics;

/**
 * Bad input: terminates the JVM on a negative status.
 */
public class Exiter {

    /** Returns the status incremented; a negative status is fatal and exits the JVM with code 3. */
    public int process(int status) {
        if (status < 0) {
            System.err.println("fatal status " + status);
            System.exit(3);
        }
        return status + 1;
    }
}
