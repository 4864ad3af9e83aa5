package com.example.dungeon.items;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The items a hero carries, in the order they were picked up.
 */
public class Inventory {

    private final List<Item> items = new ArrayList<>();

    public void add(Item item) {
        if (item == null) {
            throw new IllegalArgumentException("cannot carry nothing");
        }
        items.add(item);
    }

    /** @return true if the item was carried and is now gone */
    public boolean remove(Item item) {
        return items.remove(item);
    }

    /**
     * Removes the first item of the given kind.
     *
     * @return the removed item, or {@code null} if none of that kind is carried
     */
    public <T extends Item> T take(Class<T> kind) {
        Iterator<Item> it = items.iterator();
        while (it.hasNext()) {
            Item item = it.next();
            if (kind.isInstance(item)) {
                it.remove();
                return kind.cast(item);
            }
        }
        return null;
    }

    /** @return how many items with this name are carried. */
    public int count(String name) {
        int count = 0;
        for (Item item : items) {
            if (item.getName().equals(name)) {
                count++;
            }
        }
        return count;
    }

    public int size() {
        return items.size();
    }

    public boolean isEmpty() {
        return items.isEmpty();
    }

    public List<Item> getItems() {
        return Collections.unmodifiableList(items);
    }

    /** @return the total amount of all gold carried. */
    public int totalGold() {
        int total = 0;
        for (Item item : items) {
            if (item instanceof Gold) {
                total += ((Gold) item).getAmount();
            }
        }
        return total;
    }

    /** @return item names with how many of each are carried, sorted by name. */
    public Map<String, Integer> summary() {
        Map<String, Integer> counts = new TreeMap<>();
        for (Item item : items) {
            counts.merge(item.getName(), 1, Integer::sum);
        }
        return counts;
    }
}
