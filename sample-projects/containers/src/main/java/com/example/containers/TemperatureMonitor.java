package com.example.containers;

/**
 * Keeps the last temperature reading while monitoring is enabled.
 */
public class TemperatureMonitor {

    private static final double WARNING_ABOVE = 80.0;

    private boolean enabled;
    private double temperature;

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    /** Records a reading; readings taken while the monitor is disabled are ignored. */
    public void updateTemperature(double reading) {
        if (enabled) {
            temperature = reading;
        }
    }

    public double getTemperature() {
        return temperature;
    }

    public boolean warning() {
        if (temperature > WARNING_ABOVE) {
            return true; // target
        }
        return false;
    }
}
