package profq.samples;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * Objects whose deaths are known to the nanosecond: a worker keeps the last {@link #LIVE}
 * {@code Payload}s it made; each time it makes one it reads the oldest one a last time, drops it
 * and at once calls {@link #released}, so the instant each object became unreachable is the
 * start of a recorded call (the k-th {@code released} call drops the k-th Payload made). Garbage
 * made inside the JDK (not recorded) keeps young collections running every few milliseconds
 * with a small young generation ({@code -Xmn}). Each round pauses for 20 µs, so that on a small
 * machine the recorder's reaper thread, which sees the deaths, is not starved by this loop: a
 * reaper that falls behind by collections widens the death intervals (never out of bounds).
 * With an argument N, every Nth round also runs a full collection ({@code System.gc()}), which
 * the Payloads alive then survive: it bounds their deaths from below.
 */
public final class KnownDeaths {
    public static final int OBJECTS = 4_000;
    static final int LIVE = 8;
    private static final byte[] CHURN = new byte[16 * 1024];

    public static void main(String[] args) {
        int fullEvery = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        Payload[] live = new Payload[LIVE];
        long sink = 0;
        for (int i = 0; i < OBJECTS + LIVE; i++) {
            int slot = i % LIVE;
            if (live[slot] != null) {
                sink += live[slot].read(); // its last use
                live[slot] = null;
                released();
            }
            if (i < OBJECTS) {
                live[slot] = new Payload(i);
                sink += live[slot].read();
            }
            if (fullEvery > 0 && i % fullEvery == fullEvery / 2) {
                System.gc(); // a full collection that the Payloads in live survive
            }
            LockSupport.parkNanos(20_000); // a pause, as between a server's requests: the recorder's reaper runs meanwhile
            for (int k = 0; k < 8; k++) {
                sink += Arrays.copyOf(CHURN, CHURN.length).length; // the JDK's allocation: drives the young collections
            }
        }
        System.out.println("released " + OBJECTS + " payloads (" + (sink & 1) + ")");
    }

    /** The instant a Payload was dropped: the call's start. */
    static void released() {
    }

    static final class Payload {
        private final int number;

        Payload(int number) {
            this.number = number;
        }

        int read() {
            return number;
        }
    }
}
