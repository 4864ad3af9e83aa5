package com.example.dungeon.units;

import java.util.Random;

/**
 * Creates heroes and monsters. All randomness of the monsters comes from the random source given
 * here, so a seeded source makes a level replay the same way.
 */
public class UnitFactory {

    /** How far a troll can see a hero. */
    public static final int TROLL_SIGHT = 5;

    private final Random random;

    public UnitFactory(Random random) {
        if (random == null) {
            throw new IllegalArgumentException("a random source is required");
        }
        this.random = random;
    }

    /** @throws IllegalArgumentException if the name is empty */
    public Hero createHero(String name) {
        if (name == null || name.trim().isEmpty()) {
            throw new IllegalArgumentException("a hero needs a name");
        }
        return new Hero(name.trim());
    }

    /** Goblins wander at random. */
    public Goblin createGoblin() {
        return new Goblin(new RandomMove(random));
    }

    /** Trolls chase heroes they can see and otherwise wander. */
    public Troll createTroll() {
        return new Troll(new ChaseMove(TROLL_SIGHT, new RandomMove(random)));
    }

    /**
     * Creates the monster drawn with the given map character.
     *
     * @throws IllegalArgumentException if no monster uses that character
     */
    public Monster createMonster(char symbol) {
        switch (symbol) {
            case 'G':
                return createGoblin();
            case 'T':
                return createTroll();
            default:
                throw new IllegalArgumentException("no monster is drawn as '" + symbol + "'");
        }
    }
}
