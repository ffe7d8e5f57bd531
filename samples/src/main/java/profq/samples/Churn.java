package profq.samples;

import java.util.ArrayList;
import java.util.List;

/**
 * Object deaths: {@code fill} creates 10,000 {@code Item}s held by a list, then {@code main}
 * drops the list and runs a full collection, so all of them die; {@code keep} creates 10
 * more that stay reachable to the end. 10,010 Items and 2 ArrayLists are created in all.
 */
public final class Churn {
    static final List<Item> KEPT = new ArrayList<>();

    public static void main(String[] args) throws InterruptedException {
        List<Item> dropped = fill(10_000);
        System.out.println("filled " + dropped.size());
        dropped = null;
        System.gc();
        Thread.sleep(500); // the collector enqueues the references; the recorder's reaper sees them
        keep(10);
        System.out.println("kept " + KEPT.size());
    }

    static List<Item> fill(int count) {
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(new Item(i));
        }
        return items;
    }

    static void keep(int count) {
        for (int i = 0; i < count; i++) {
            KEPT.add(new Item(-i));
        }
    }

    static final class Item {
        final int value;

        Item(int value) {
            this.value = value;
        }
    }
}
