package org.profq.recording;

/**
 * A method execution, entry to exit.
 *
 * @param parentCallId the enclosing recorded call, 0 for a thread's outermost one
 * @param endNanos when it ended; for a call still open when the recording ended, the recording's end
 * @param finished false when the recording ended with the call still open (e.g. {@code System.exit})
 */
public record Call(long callId, int threadId, int methodId, long parentCallId, int depth, long startNanos,
                   long endNanos, boolean threw, boolean finished) {
    public long durationNanos() {
        return endNanos - startNanos;
    }
}
