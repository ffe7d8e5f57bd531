package org.profq.bench.real;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * One way of running a program under a profiler, compared with the same program on the same
 * JDK without one. {@code options} gives the JVM options for a run directory, where the
 * profiler writes its output ({@link #output}); {@code classPath} is added after the
 * program's own.
 */
record ProfilerSetup(String key, String label, Kind kind, Path java, Function<Path, List<String>> options, String output,
                     List<Path> classPath) {

    ProfilerSetup(String key, String label, Kind kind, Path java, Function<Path, List<String>> options, String output) {
        this(key, label, kind, java, options, output, List.of());
    }

    enum Kind {
        /** profq's agent: behaviour compared, recording measured. */
        PROFQ,
        /** The plain AspectJ weaver with (a)'s join points and empty advice: behaviour compared. */
        EMPTY_ADVICE,
        /** JFR method timing on JDK 25. */
        JFR,
        /** async-profiler CPU (or itimer) samples, collapsed. */
        ASYNC_CPU,
        /** async-profiler wall-clock samples, collapsed. */
        ASYNC_WALL,
        /** async-profiler allocation samples in bytes, collapsed. */
        ASYNC_ALLOC
    }

    Path outputIn(Path runDirectory) {
        return runDirectory.resolve(output);
    }
}
