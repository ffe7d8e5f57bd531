package org.profq.bench;

import picocli.CommandLine.Option;

/** The options of a harness that runs its benchmarks in forked JVMs: which {@code java}, and how much to say. */
public final class ForkedJvmOptions {
    @Option(names = "--jvm", paramLabel = "BIN_JAVA", description = "the java binary of the forked JVMs (default: this JVM's)")
    String java = BenchEnvironment.currentJava();

    @Option(names = "--verbose", description = "show the forked JVMs' output")
    boolean verbose;
}
