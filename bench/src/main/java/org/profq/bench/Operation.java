package org.profq.bench;

/**
 * One measured operation: a JMH benchmark method, the event family it exercises, and its
 * column title. Each runs in a JVM (and, under profq, a recording) of its own.
 */
enum Operation {
    CALL(CallBenchmark.class, "call", MeasuredFamily.CALLS, "ns/call"),
    NEW_OBJECT(AllocationBenchmark.class, "newObject", MeasuredFamily.ALLOCATIONS, "ns/new Point"),
    NEW_ARRAY(AllocationBenchmark.class, "newArray", MeasuredFamily.ALLOCATIONS, "ns/new int[8]");

    final Class<?> benchmarkClass;
    final String benchmarkMethod;
    final MeasuredFamily family;
    final String title;

    Operation(Class<?> benchmarkClass, String benchmarkMethod, MeasuredFamily family, String title) {
        this.benchmarkClass = benchmarkClass;
        this.benchmarkMethod = benchmarkMethod;
        this.family = family;
        this.title = title;
    }

    String benchmarkName() {
        return benchmarkClass.getName() + "." + benchmarkMethod;
    }
}
