package org.profq.event;

import java.util.concurrent.atomic.AtomicInteger;

/** A recorder failure is counted and said once on stderr; it never reaches the program. */
final class InternalErrors {
    private static final AtomicInteger COUNT = new AtomicInteger();

    static void report(Throwable error) {
        if (COUNT.getAndIncrement() == 0) {
            try {
                System.err.println("profq: internal recorder error, the program runs on: " + error);
            } catch (Throwable ignored) {
                // stderr itself failed; nothing more to do
            }
        }
    }

    static int count() {
        return COUNT.get();
    }

    private InternalErrors() {
    }
}
