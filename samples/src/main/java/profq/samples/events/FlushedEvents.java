package profq.samples.events;

import org.profq.api.Profq;

/**
 * Emits one event, flushes its thread's events with {@code Profq.flush()}, prints "ready", then
 * sleeps until it is killed: whatever a reader finds in the recording then was written by the
 * flush, not by the flush interval or the recording's end.
 */
public final class FlushedEvents {
    public static void main(String[] args) throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            step();
        }
        Profq.event("flushed").put("steps", 3).emit();
        Profq.flush();
        System.out.println("ready");
        System.out.flush();
        while (true) {
            Thread.sleep(60_000);
        }
    }

    static void step() {
    }
}
