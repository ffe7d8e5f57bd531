package org.profq.engine.plan;

import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The cancel flag of the statement whose SQL this thread is preparing, so that a statement's
 * time limit and {@code Statement.cancel()} stop its planning too, not only the reading of its
 * rows. Calcite's planner checks the flag it is given before each rule it fires, but the
 * preparation of a statement is given none of the statement's: a query whose plan space is large
 * went on planning for minutes after its statement had been cancelled. The planner's checks
 * come only in its cost-based search; {@link #check} is called where profq's own code runs
 * before it (each view a statement names is checked and expanded), so that a statement over many
 * views stops there too.
 */
public final class PlanningCancel {
    private static final ThreadLocal<AtomicBoolean> CURRENT = new ThreadLocal<>();
    private static final String MESSAGE = "the statement was cancelled while its plan was being made";

    private PlanningCancel() {
    }

    /** Runs {@code execution} (a statement's execute, which prepares its SQL) with {@code flag} as its planning's cancel flag. */
    public static <T> T under(AtomicBoolean flag, Execution<T> execution) throws Throwable {
        AtomicBoolean outer = CURRENT.get();
        CURRENT.set(flag);
        try {
            return execution.run();
        } finally {
            CURRENT.set(outer);
        }
    }

    /** Stops the planning of the statement prepared on this thread if it has been cancelled. */
    public static void check() {
        if (cancelled()) {
            throw new CancellationException(MESSAGE);
        }
    }

    /**
     * What the planning's {@code failure} means: when the statement prepared on this thread has
     * been cancelled, that it stopped for the cancel (Calcite's planner, stopped before it had
     * any whole plan, fails with "not enough rules to produce a node"); else the failure itself.
     */
    public static RuntimeException explained(RuntimeException failure) {
        if (!cancelled() || failure instanceof CancellationException) {
            return failure;
        }
        CancellationException stopped = new CancellationException(MESSAGE);
        stopped.initCause(failure);
        return stopped;
    }

    private static boolean cancelled() {
        AtomicBoolean cancel = CURRENT.get();
        return cancel != null && cancel.get();
    }

    /** A statement's execution, which may throw what the statement throws. */
    @FunctionalInterface
    public interface Execution<T> {
        T run() throws Throwable;
    }

    /** The flag of the statement being prepared on this thread; null when it has none (a prepared statement). */
    static AtomicBoolean current() {
        return CURRENT.get();
    }
}
