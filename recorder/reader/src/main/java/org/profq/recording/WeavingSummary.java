package org.profq.recording;

import java.util.Map;

/**
 * How the recorder's weaver handled the program's classes: woven, without a join point to weave
 * ({@code unchanged}), of those two how many came from the woven-class cache, JDK-generated
 * classes left alone, and the classes left unwoven by reason. A recording with classes left
 * unwoven covers only part of the program: their calls and allocations are missing.
 *
 * <p>In methods: {@code methodsSeen}, the methods with code of the classes the include and
 * exclude patterns cover that the weaver saw, and {@code methodsLeftUnwoven}, how many of them
 * run unwoven (every method of a class left unwoven, and single methods given back their
 * original code); both -1 in a recording made before profq counted methods.
 */
public record WeavingSummary(long woven, long unchanged, long fromCache, long generated, Map<String, Long> leftUnwovenByReason,
                             long methodsSeen, long methodsLeftUnwoven) {
    public WeavingSummary {
        leftUnwovenByReason = Map.copyOf(leftUnwovenByReason);
    }

    public long leftUnwoven() {
        return leftUnwovenByReason.values().stream().mapToLong(Long::longValue).sum();
    }

    public boolean countsMethods() {
        return methodsSeen >= 0;
    }

    /** Methods left unwoven as a percentage of the methods seen; 0 when none were seen, NaN when methods were not counted. */
    public double methodsLeftUnwovenPercent() {
        if (!countsMethods()) {
            return Double.NaN;
        }
        return methodsSeen == 0 ? 0 : 100.0 * methodsLeftUnwoven / methodsSeen;
    }
}
