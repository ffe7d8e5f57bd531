package org.profq.bench.real;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One JVM started to its end: wall-clock time from {@code start()} to exit as seen from here,
 * exit code, and its standard output and error in files of the run directory.
 */
final class JvmRun {
    private JvmRun() {
    }

    /** What one run left behind. {@code exitCode} is -1 when it ran past the time limit and was killed. */
    record Result(Path directory, double seconds, int exitCode, Path stdout, Path stderr) {
        boolean timedOut() {
            return exitCode == -1;
        }

        String stderrText() {
            return read(stderr);
        }

        String stdoutText() {
            return read(stdout);
        }
    }

    static List<String> command(Path java, List<String> jvmOptions, List<Path> classPath, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList()));
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    /** Runs {@code command} in {@code directory} (created if needed), with stdin empty. */
    static Result run(List<String> command, Path directory, Duration timeout) {
        try {
            Files.createDirectories(directory);
            Path stdout = directory.resolve("stdout.txt");
            Path stderr = directory.resolve("stderr.txt");
            Files.writeString(directory.resolve("command.txt"), String.join(" ", command) + "\n");
            ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
            long start = System.nanoTime();
            Process process = builder.start();
            boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            double seconds = (System.nanoTime() - start) / 1e9;
            if (!finished) {
                process.destroyForcibly().waitFor();
                return new Result(directory, seconds, -1, stdout, stderr);
            }
            return new Result(directory, seconds, process.exitValue(), stdout, stderr);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
