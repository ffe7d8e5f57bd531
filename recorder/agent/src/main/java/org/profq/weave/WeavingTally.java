package org.profq.weave;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

import org.profq.event.Recorder;

/**
 * How many of the program's classes the weaver handled, and how: woven, taken from the cache,
 * without a join point to weave, left alone as JDK-generated, or left unwoven and why; and in
 * methods (with code, of the classes the include and exclude patterns cover), how many the
 * weaver saw and how many of those it left unwoven, whole classes' and single ones. Written
 * into the recording at its end ({@link Recorder#weavingSummary}), so {@code profq info} and the
 * {@code run} table can say whether the recording covers the whole program.
 */
final class WeavingTally {
    /** Reasons a class was left unwoven, as counted (each class is also named once in a warning). */
    static final String WEAVER_ERROR = "weaver error";
    static final String WEAVER_INTERNAL_ERROR = "weaver internal error";
    static final String WOULD_FAIL_VERIFICATION = "would fail verification";
    /** Not a class: one method whose woven code would fail verification, given its original code back. */
    static final String METHOD_WOULD_FAIL_VERIFICATION = "method would fail verification";
    /** Not left unwoven: a class woven with calls only, as it could not be with every join point. */
    static final String WOVEN_FOR_CALLS_ONLY = "woven for calls only";
    static final String SECURITY_MANAGER = "forbidden by the SecurityManager";
    static final String LOADER_BLIND_TO_PROFQ = "class loader does not see profq";

    private final AtomicLong woven = new AtomicLong();
    private final AtomicLong unchanged = new AtomicLong();
    private final AtomicLong fromCache = new AtomicLong();
    private final AtomicLong generated = new AtomicLong();
    private final AtomicLong methodsSeen = new AtomicLong();
    private final AtomicLong methodsLeftUnwoven = new AtomicLong();
    private final Map<String, Long> leftUnwoven = new TreeMap<>();

    /** A class the weaver changed ({@code changed}) or found nothing to weave in; {@code cached}: its result came from the cache. */
    void handled(boolean changed, boolean cached) {
        (changed ? woven : unchanged).incrementAndGet();
        if (cached) {
            fromCache.incrementAndGet();
        }
    }

    void generated() {
        generated.incrementAndGet();
    }

    /** Methods with code of a class covered by the patterns, handed to the weaver (or found in the cache). */
    void methodsSeen(int methods) {
        methodsSeen.addAndGet(methods);
    }

    /** Methods of those seen that run unwoven: all of a class left unwoven, or one given back its original code. */
    void methodsLeftUnwoven(int methods) {
        methodsLeftUnwoven.addAndGet(methods);
    }

    /** Counts a class left unwoven for {@code reason}; how many have been, for that reason, with it. */
    synchronized long leftUnwoven(String reason) {
        return leftUnwoven.merge(reason, 1L, Long::sum);
    }

    /** Counts {@code classes} classes left unwoven for {@code reason} at once. */
    synchronized void leftUnwoven(String reason, long classes) {
        if (classes > 0) {
            leftUnwoven.merge(reason, classes, Long::sum);
        }
    }

    synchronized void writeSummary() {
        Recorder.weavingSummary(woven.get(), unchanged.get(), fromCache.get(), generated.get(), Map.copyOf(leftUnwoven),
                methodsSeen.get(), methodsLeftUnwoven.get());
    }
}
