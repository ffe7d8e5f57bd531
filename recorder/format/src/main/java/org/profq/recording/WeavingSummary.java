package org.profq.recording;

import java.util.Map;

/**
 * How the recorder's weaver handled the program's classes: woven, without a join point to weave
 * ({@code unchanged}), of those two how many came from the woven-class cache, JDK-generated
 * classes left alone, and the classes left unwoven by reason. A recording with classes left
 * unwoven covers only part of the program: their calls and allocations are missing.
 */
public record WeavingSummary(long woven, long unchanged, long fromCache, long generated, Map<String, Long> leftUnwovenByReason) {
    public WeavingSummary {
        leftUnwovenByReason = Map.copyOf(leftUnwovenByReason);
    }

    public long leftUnwoven() {
        return leftUnwovenByReason.values().stream().mapToLong(Long::longValue).sum();
    }
}
