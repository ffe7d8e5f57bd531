package profq.samples;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Objects that are old and unreachable when the program ends: {@link #OBJECTS} Payloads, kept
 * while a daemon thread's allocation drives young collections (run with a small young generation
 * and {@code -XX:MaxTenuringThreshold=0}, the first one promotes them), then dropped as
 * {@code main} returns. The churn goes on while the JVM exits, so young collections still run
 * then; only a whole-heap collection could find the Payloads.
 */
public final class OldDeathsAtExit {
    public static final int OBJECTS = 100;
    /** Where the churn's chunks go, so that the JIT cannot leave their allocation out. */
    private static volatile byte[] lastChunk;

    public static void main(String[] args) throws InterruptedException {
        List<Payload> kept = new ArrayList<>();
        for (int i = 0; i < OBJECTS; i++) {
            kept.add(new Payload(i));
        }
        Thread churn = new Thread(OldDeathsAtExit::churn, "churn");
        churn.setDaemon(true);
        churn.start();
        TimeUnit.MILLISECONDS.sleep(300); // several young collections: the Payloads are promoted
        long sum = 0;
        for (Payload payload : kept) {
            sum += payload.number;
        }
        System.out.println("dropped " + kept.size() + " payloads (" + sum + ")");
    }

    private static void churn() {
        while (true) {
            lastChunk = new byte[4096];
        }
    }

    static final class Payload {
        final int number;

        Payload(int number) {
            this.number = number;
        }
    }
}
