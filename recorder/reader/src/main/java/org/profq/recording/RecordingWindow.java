package org.profq.recording;

/**
 * The part of a run a recording with a window ({@code maxsize}, {@code maxage}) kept, once it
 * dropped its oldest events.
 *
 * @param startNanos every event after this time is in the recording; of the events before it,
 *                   some threads' may be (their batches were written later)
 * @param eventsDropped the events deleted with the window's oldest segments; they are also in
 *                      {@link Recording#losses()}, cause "window"
 */
public record RecordingWindow(long startNanos, long eventsDropped) {
}
