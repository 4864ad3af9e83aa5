package com.example.dungeon.units;

import com.example.dungeon.board.Square;
import com.example.dungeon.items.Inventory;
import com.example.dungeon.items.Item;
import com.example.dungeon.items.Key;
import com.example.dungeon.items.Potion;

/**
 * The player's character. Heroes are made by {@link UnitFactory}.
 */
public class Hero extends Unit {

    public static final int MAX_HIT_POINTS = 10;
    static final int BASE_ATTACK = 2;

    private final String name;
    private final Inventory inventory = new Inventory();
    private int score;
    private int kills;

    Hero(String name) {
        super(MAX_HIT_POINTS);
        this.name = name;
    }

    public String getName() {
        return name;
    }

    public Inventory getInventory() {
        return inventory;
    }

    public int getScore() {
        return score;
    }

    public void addScore(int points) {
        if (points < 0) {
            throw new IllegalArgumentException("cannot lose points: " + points);
        }
        score += points;
    }

    public int getKills() {
        return kills;
    }

    /** Records a slain monster and earns its reward. */
    public void recordKill(Monster monster) {
        kills++;
        addScore(monster.getReward());
    }

    /** Picks up an item the hero walked onto. */
    public void pickUp(Item item) {
        if (item == null) {
            throw new IllegalArgumentException("nothing to pick up");
        }
        item.collect(this);
    }

    /**
     * Drinks a potion from the inventory, if the hero carries one and is wounded.
     *
     * @return true if a potion was drunk
     */
    public boolean drinkPotion() {
        if (!isAlive() || !isWounded()) {
            return false;
        }
        Potion potion = inventory.take(Potion.class);
        if (potion == null) {
            return false;
        }
        heal(potion.getStrength());
        return true;
    }

    /**
     * Uses up one key from the inventory.
     *
     * @return false if the hero has no key
     */
    public boolean useKey() {
        return inventory.take(Key.class) != null;
    }

    @Override
    public boolean canEnter(Square target) {
        switch (target.getType()) {
            case FLOOR:
            case PIT:
                return true;
            case DOOR:
                return inventory.count(Key.NAME) > 0;
            case WALL:
            default:
                return false;
        }
    }

    /** Heroes hit harder the more monsters they have slain, up to twice their base attack. */
    @Override
    public int getAttackPower() {
        return BASE_ATTACK + Math.min(kills / 2, BASE_ATTACK);
    }

    @Override
    public char getSymbol() {
        return 'P';
    }

    @Override
    public String toString() {
        return "Hero " + name + " (" + getHitPoints() + "/" + getMaxHitPoints() + ")";
    }
}
