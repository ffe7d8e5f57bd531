package profq.samples;

import java.util.ArrayList;
import java.util.List;

/**
 * Garbage and live objects alike at exit: {@code main} makes 200 {@code Item}s, keeps the
 * even ones in a static list to the end and drops the odd ones just before it returns, too
 * soon for a collection to find them. Only a collection at exit tells the 100 dropped from the
 * 100 kept.
 */
public final class HalfDropped {
    static final List<Item> KEPT = new ArrayList<>();

    public static void main(String[] args) {
        List<Item> dropped = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            Item item = new Item(i);
            (i % 2 == 0 ? KEPT : dropped).add(item);
        }
        System.out.println("kept " + KEPT.size() + ", dropping " + dropped.size());
    }

    static final class Item {
        final int number;

        Item(int number) {
            this.number = number;
        }
    }
}
