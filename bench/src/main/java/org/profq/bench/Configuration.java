package org.profq.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * How the benchmark JVM is woven. Each configuration differs from the one before by one
 * thing: weaving with empty advice, then profq's recording with its default ticking clock,
 * then a real clock read per event. So profq's own cost is {@code PROFQ - EMPTY_ADVICE} and
 * the clock's is {@code PROFQ_EXACT_CLOCK - PROFQ}.
 */
enum Configuration {
    UNWOVEN("unwoven"),
    EMPTY_ADVICE("empty advice (AspectJ LTW)"),
    PROFQ("profq, clock=tick (default)"),
    PROFQ_EXACT_CLOCK("profq, clock=exact");

    final String label;

    Configuration(String label) {
        this.label = label;
    }

    boolean records() {
        return this == PROFQ || this == PROFQ_EXACT_CLOCK;
    }

    /** The JVM arguments for a JVM that runs {@code family}; profq writes to {@code recording}, a new directory. */
    List<String> jvmArgs(BenchEnvironment environment, MeasuredFamily family, Path recording) {
        return switch (this) {
            case UNWOVEN -> List.of();
            case EMPTY_ADVICE -> List.of(
                    "-javaagent:" + environment.aspectjWeaver(),
                    // a class path resource: the weaver looks it up instead of META-INF/aop.xml
                    "-Dorg.aspectj.weaver.loadtime.configuration=" + family.emptyAdviceConfiguration);
            case PROFQ, PROFQ_EXACT_CLOCK -> List.of("-javaagent:" + environment.profqAgent()
                    + "=include=profq.bench.target..*,events=" + family.profqEvents + ",out=" + recording
                    + (this == PROFQ_EXACT_CLOCK ? ",clock=exact" : ""));
        };
    }
}
