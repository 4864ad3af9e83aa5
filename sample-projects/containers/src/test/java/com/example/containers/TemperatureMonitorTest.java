package com.example.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TemperatureMonitorTest {

    private final TemperatureMonitor monitor = new TemperatureMonitor();

    @Test
    void noWarningInitially() {
        assertFalse(monitor.warning());
        assertEquals(0.0, monitor.getTemperature());
    }

    @Test
    void readingsAreIgnoredWhileDisabled() {
        monitor.updateTemperature(95.0);
        assertEquals(0.0, monitor.getTemperature());
        assertFalse(monitor.warning());
    }

    @Test
    void warnsAboveEightyDegreesOnceEnabled() {
        monitor.setEnabled(true);
        monitor.updateTemperature(80.0);
        assertFalse(monitor.warning());
        monitor.updateTemperature(80.5);
        assertTrue(monitor.warning());
        assertEquals(80.5, monitor.getTemperature());
    }
}
