package org.profq.bench.real;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The harness runs for an hour while other builds rewrite {@code bench/target} (a replaced
 * profq-bench.jar under a running JVM ends it with a {@code NoClassDefFoundError}; a new agent
 * or query engine halfway would mix two versions in one table). So it first copies what it
 * uses — profq-bench.jar, {@code agents/} and {@code query-lib/} — into
 * {@code <work>/snapshot/} and runs itself again from there.
 */
final class Snapshot {
    static final String PROPERTY = "profq.bench.snapshot";
    /** The arguments as the user gave them, for the table's header. */
    static final String COMMAND_PROPERTY = "profq.bench.command";

    private Snapshot() {
    }

    static boolean isRunningFromSnapshot() {
        return System.getProperty(PROPERTY) != null;
    }

    /** Copies bench/target's jars under {@code work} and runs {@code main} with {@code args} from the copy; returns its exit code. */
    static int relaunch(Path benchJar, Path work, String java, Class<?> main, String userArgs, List<String> args) {
        Path target = benchJar.getParent();
        Path snapshot = work.resolve("snapshot");
        try {
            ProgramMeasurement.delete(snapshot);
            Files.createDirectories(snapshot);
            Files.copy(benchJar, snapshot.resolve("profq-bench.jar"), StandardCopyOption.COPY_ATTRIBUTES);
            copyDirectory(target.resolve("agents"), snapshot.resolve("agents"));
            copyDirectory(target.resolve("query-lib"), snapshot.resolve("query-lib"));
            List<String> command = new ArrayList<>(List.of(java, "-D" + PROPERTY + "=true", "-D" + COMMAND_PROPERTY + "=" + userArgs, "-cp",
                    snapshot.resolve("profq-bench.jar").toString(), main.getName()));
            command.addAll(args);
            return new ProcessBuilder(command).inheritIO().start().waitFor();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void copyDirectory(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, to.resolve(file.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }
}
