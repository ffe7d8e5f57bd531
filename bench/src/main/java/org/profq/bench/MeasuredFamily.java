package org.profq.bench;

/**
 * The two event families the benchmark measures, each in JVMs of its own: the profq
 * {@code events=} value and the empty-advice weaver configuration that weave just that family.
 */
enum MeasuredFamily {
    CALLS("calls", "empty-advice-calls.xml"),
    ALLOCATIONS("allocations", "empty-advice-allocations.xml");

    final String profqEvents;
    final String emptyAdviceConfiguration;

    MeasuredFamily(String profqEvents, String emptyAdviceConfiguration) {
        this.profqEvents = profqEvents;
        this.emptyAdviceConfiguration = emptyAdviceConfiguration;
    }
}
