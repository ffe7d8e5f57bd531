package org.profq.bench;

/**
 * One measured operation: a JMH benchmark method, the event family it exercises, and its
 * column title. Each runs in a JVM (and, under profq, a recording) of its own.
 */
enum Operation {
    CALL(CallBenchmark.class, "call", EventFamily.CALLS, "ns/call"),
    NEW_OBJECT(AllocationBenchmark.class, "newObject", EventFamily.ALLOCATIONS, "ns/new Point"),
    NEW_ARRAY(AllocationBenchmark.class, "newArray", EventFamily.ALLOCATIONS, "ns/new int[8]");

    final Class<?> benchmarkClass;
    final String benchmarkMethod;
    final EventFamily family;
    final String title;

    Operation(Class<?> benchmarkClass, String benchmarkMethod, EventFamily family, String title) {
        this.benchmarkClass = benchmarkClass;
        this.benchmarkMethod = benchmarkMethod;
        this.family = family;
        this.title = title;
    }

    String benchmarkName() {
        return benchmarkClass.getName() + "." + benchmarkMethod;
    }
}
