package com.example.basics;

/**
 * Body-mass-index classification.
 */
public class Bmi {

    private static final double UNDERWEIGHT_BELOW = 18.5;
    private static final double OVERWEIGHT_FROM = 25.0;

    /**
     * Classifies a person by body-mass index.
     *
     * @param mass   body mass in kilograms, must be positive
     * @param length body length in metres, must be positive
     * @return "underweight", "normal" or "overweight"
     */
    public String weightCategory(double mass, double length) {
        assert mass > 0 : "mass must be positive";
        assert length > 0 : "length must be positive";
        double bmi = mass / (length * length);
        if (bmi < UNDERWEIGHT_BELOW) {
            return "underweight";
        }
        if (bmi < OVERWEIGHT_FROM) {
            return "normal";
        }
        return "overweight";
    }
}
