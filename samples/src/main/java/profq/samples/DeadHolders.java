package profq.samples;

import java.util.Arrays;

/**
 * Objects that young collections keep though they are unreachable ("nepotism"): each round a
 * {@code Holder} is promoted to the old generation by a full collection ({@code System.gc()}), then
 * given a young {@code Held} and dropped together with it at a recorded instant (the start of the
 * k-th {@code released} call drops the k-th Held); young collections driven by garbage made inside
 * the JDK (not recorded) then run while the dead old Holder still points at the Held, so they
 * keep it, and only the next round's full collection finds it. A collection that did not find an
 * object proves it reachable only if it is a whole-heap one.
 */
public final class DeadHolders {
    public static final int ROUNDS = 20;
    /** Young collections wanted between a drop and the next full collection (at most this many rounds of churn). */
    static final int YOUNG_COLLECTIONS = 5;
    private static final byte[] CHURN = new byte[16 * 1024];

    public static void main(String[] args) {
        long sink = 0;
        for (int i = 0; i < ROUNDS; i++) {
            Holder holder = new Holder();
            System.gc(); // the Holder is old from now on
            holder.held = new Held(i);
            sink += holder.held.number;
            holder = null; // the Held with it: nothing reachable refers to either
            released();
            long young = youngCollections();
            for (int k = 0; k < 20_000 && youngCollections() < young + YOUNG_COLLECTIONS; k++) {
                sink += Arrays.copyOf(CHURN, CHURN.length).length; // the JDK's allocation: drives the young collections
            }
        }
        System.gc(); // finds the last round's Held while the program runs
        System.out.println("dropped " + ROUNDS + " held objects (" + (sink & 1) + ")");
    }

    /** The instant a Held was dropped: the call's start. */
    static void released() {
    }

    private static long youngCollections() {
        long count = 0;
        for (java.lang.management.GarbageCollectorMXBean collector : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            if (collector.getName().equals("Copy") || collector.getName().contains("Young") || collector.getName().contains("Scavenge")) {
                count += collector.getCollectionCount();
            }
        }
        return count;
    }

    static final class Holder {
        Held held;
    }

    static final class Held {
        final int number;

        Held(int number) {
            this.number = number;
        }
    }
}
