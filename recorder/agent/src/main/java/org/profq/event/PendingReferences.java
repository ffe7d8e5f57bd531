package org.profq.event;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Waits until the references a collection cleared have all been enqueued: the collector hands
 * them to the JDK's "Reference Handler" thread, which enqueues them a little later. The JDK's
 * own {@code Reference.waitForReferenceProcessing} (what direct buffers use before they give up
 * on memory) says exactly when; where it cannot be reached, a quiet period stands in for it.
 */
final class PendingReferences {
    /** Without the JDK's wait: how long the queue must stay quiet to call the work done. */
    private static final long QUIET_MILLIS = 50;
    /** Rounds of waiting at most: each is one batch of references being enqueued. */
    private static final int MAX_ROUNDS = 1_000;
    private static final Method WAIT = findWait();

    static void awaitEnqueued() throws InterruptedException {
        if (WAIT == null) {
            Thread.sleep(QUIET_MILLIS);
            return;
        }
        try {
            for (int round = 0; round < MAX_ROUNDS && (Boolean) WAIT.invoke(null); round++) {
                // it waited for a batch: more may have become pending meanwhile
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            Thread.sleep(QUIET_MILLIS);
        }
    }

    /**
     * Waits as {@link #awaitEnqueued} does, and says whether the JDK itself said that nothing was
     * pending any more: only then is every reference cleared by a collection that ended before
     * this call on its queue. False (no proof) when the JDK's wait cannot be reached, or batches
     * kept coming for {@link #MAX_ROUNDS} rounds.
     */
    static boolean awaitEnqueuedProvably() throws InterruptedException {
        if (WAIT == null) {
            return false;
        }
        try {
            for (int round = 0; round < MAX_ROUNDS; round++) {
                if (!(Boolean) WAIT.invoke(null)) {
                    return true; // nothing pending, and the Reference Handler idle
                }
            }
            return false;
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof InterruptedException interrupted) {
                throw interrupted;
            }
            return false;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    private static Method findWait() {
        try {
            Method wait = java.lang.ref.Reference.class.getDeclaredMethod("waitForReferenceProcessing");
            wait.setAccessible(true); // java.lang.ref is opened to the agent (ModuleOpener)
            return wait.getReturnType() == boolean.class ? wait : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private PendingReferences() {
    }
}
