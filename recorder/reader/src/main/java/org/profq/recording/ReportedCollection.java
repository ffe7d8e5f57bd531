package org.profq.recording;

/**
 * A garbage collection as the JVM reported it to the recorder ({@code DOC_COLLECTION}): its
 * start and end in whole milliseconds on the JVM's collection clock, when the report reached
 * the recorder on profq's clock, and where the collection clock's zero lies on profq's axis
 * (between {@code baseLowNanos} and {@code baseHighNanos}). {@link GarbageCollection#placed} puts
 * it on profq's axis.
 */
public record ReportedCollection(long gcId, String collector, String action, String cause, long startMillis, long endMillis,
                                 long arrivalNanos, long baseLowNanos, long baseHighNanos) {
}
