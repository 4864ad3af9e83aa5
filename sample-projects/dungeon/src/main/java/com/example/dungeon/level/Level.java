package com.example.dungeon.level;

import com.example.dungeon.board.Board;
import com.example.dungeon.board.Direction;
import com.example.dungeon.board.Square;
import com.example.dungeon.board.TileType;
import com.example.dungeon.items.Gold;
import com.example.dungeon.items.Item;
import com.example.dungeon.units.Hero;
import com.example.dungeon.units.Monster;
import com.example.dungeon.units.Unit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One dungeon level: a board, its monsters and where heroes start. The level runs the turns: each
 * hero move is followed by the monsters' moves, after which the level checks whether it was won or
 * lost. Moves are ignored unless the level has been started.
 */
public class Level {

    private final Board board;
    private final List<Monster> monsters;
    private final List<Square> startSquares;
    private final Collisions collisions;
    private final List<Hero> heroes = new ArrayList<>();
    private final Set<LevelObserver> observers = new LinkedHashSet<>();
    private int nextStart;
    private int turn;
    private boolean inProgress;
    private boolean finished;

    Level(Board board, List<Monster> monsters, List<Square> startSquares, Collisions collisions) {
        if (startSquares.isEmpty()) {
            throw new IllegalArgumentException("a level needs at least one start square");
        }
        this.board = board;
        this.monsters = new ArrayList<>(monsters);
        this.startSquares = new ArrayList<>(startSquares);
        this.collisions = collisions;
    }

    public Board getBoard() {
        return board;
    }

    public List<Monster> getMonsters() {
        return Collections.unmodifiableList(monsters);
    }

    public List<Hero> getHeroes() {
        return Collections.unmodifiableList(heroes);
    }

    public List<Square> getStartSquares() {
        return Collections.unmodifiableList(startSquares);
    }

    /** @return the number of turns played so far. */
    public int getTurn() {
        return turn;
    }

    public boolean isInProgress() {
        return inProgress;
    }

    /** @return true once the level has been won or lost. */
    public boolean isFinished() {
        return finished;
    }

    public void registerObserver(LevelObserver observer) {
        if (observer == null) {
            throw new IllegalArgumentException("observer is null");
        }
        observers.add(observer);
    }

    public void removeObserver(LevelObserver observer) {
        observers.remove(observer);
    }

    /**
     * Puts a hero on the next free start square. Start squares are handed out in turn; when there
     * are more heroes than start squares they share.
     */
    public void registerHero(Hero hero) {
        if (heroes.contains(hero)) {
            return;
        }
        if (inProgress) {
            throw new IllegalStateException("heroes must join before the level starts");
        }
        Square start = startSquares.get(nextStart % startSquares.size());
        nextStart++;
        hero.occupy(start);
        heroes.add(hero);
    }

    /**
     * Starts the level, or does nothing if it is running already. A level without gold is won as
     * soon as it starts.
     *
     * @throws IllegalStateException if no hero has joined, or the level is over
     */
    public void start() {
        if (inProgress) {
            return;
        }
        if (finished) {
            throw new IllegalStateException("the level is over");
        }
        if (heroes.isEmpty()) {
            throw new IllegalStateException("no hero has joined the level");
        }
        inProgress = true;
        checkOutcome();
    }

    /** Pauses the level: moves are ignored until it is started again. */
    public void stop() {
        inProgress = false;
    }

    /**
     * Lets a hero step in a direction, then lets the monsters act. A blocked step does not use up
     * the turn.
     */
    public MoveResult moveHero(Hero hero, Direction direction) {
        if (!inProgress || !heroes.contains(hero) || !hero.isAlive()) {
            return MoveResult.IGNORED;
        }
        MoveResult result = step(hero, direction);
        if (result != MoveResult.BLOCKED) {
            endTurn();
        }
        return result;
    }

    /** Lets a turn pass without the heroes moving. */
    public void waitTurn() {
        if (inProgress) {
            endTurn();
        }
    }

    /** @return how many piles of gold are still lying on the board. */
    public int remainingGold() {
        int count = 0;
        for (Square square : board.squaresWithItems()) {
            if (square.getItem() instanceof Gold) {
                count++;
            }
        }
        return count;
    }

    public boolean isAnyHeroAlive() {
        for (Hero hero : heroes) {
            if (hero.isAlive()) {
                return true;
            }
        }
        return false;
    }

    private void endTurn() {
        turn++;
        moveMonsters();
        checkOutcome();
    }

    private void moveMonsters() {
        for (Monster monster : new ArrayList<>(monsters)) {
            Direction direction = monster.nextMove(turn, heroes);
            if (direction != null) {
                step(monster, direction);
            }
        }
        monsters.removeIf(monster -> !monster.isAlive());
    }

    private MoveResult step(Unit unit, Direction direction) {
        unit.setFacing(direction);
        Square target = unit.getSquare().getNeighbour(direction);
        if (target == null || !unit.canEnter(target)) {
            return MoveResult.BLOCKED;
        }
        if (target.isOccupied()) {
            MoveResult result = collisions.collide(unit, target.getOccupants().get(0));
            monsters.removeIf(monster -> !monster.isAlive());
            return result;
        }
        if (target.getType() == TileType.DOOR) {
            ((Hero) unit).useKey();
            target.openDoor();
            return MoveResult.OPENED_DOOR;
        }
        unit.occupy(target);
        if (target.getType() == TileType.PIT) {
            unit.takeDamage(unit.getHitPoints());
            return MoveResult.FELL;
        }
        if (unit instanceof Hero && target.hasItem()) {
            Item item = target.takeItem();
            ((Hero) unit).pickUp(item);
            return MoveResult.PICKED_UP;
        }
        return MoveResult.MOVED;
    }

    private void checkOutcome() {
        if (!inProgress) {
            return;
        }
        if (!isAnyHeroAlive()) {
            finish();
            for (LevelObserver observer : observers) {
                observer.levelLost();
            }
        } else if (remainingGold() == 0) {
            finish();
            for (LevelObserver observer : observers) {
                observer.levelWon();
            }
        }
    }

    private void finish() {
        inProgress = false;
        finished = true;
    }
}
