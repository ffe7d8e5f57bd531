package profq.samples;

import java.util.ArrayList;
import java.util.List;

/** Three explicit collections and nothing else of note: {@code System.gc()} three times, with a few tracked objects between. */
public final class ExplicitCollections {
    public static final int COLLECTIONS = 3;

    public static void main(String[] args) {
        List<Object> kept = new ArrayList<>();
        for (int i = 0; i < COLLECTIONS; i++) {
            kept.add(new Object());
            System.gc();
        }
        System.out.println("collected " + COLLECTIONS + " times, kept " + kept.size());
    }
}
