package org.profq.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs profq and the sample programs in forked JVMs, as a user does from a shell, with the jars
 * the build packaged (named by failsafe's system properties). Output goes to files, so a chatty
 * program can never block on a full pipe.
 */
final class Forked {
    static final Path CLI_JAR = jar("profq.cli.jar");
    static final Path AGENT_JAR = jar("profq.agent.jar");
    static final Path SAMPLES_JAR = jar("profq.samples.jar");
    /** The example's own aspect and its aop.xml (profq.samples.events.VelocityAspect), for --aspects. */
    static final Path SAMPLE_ASPECTS_JAR = jar("profq.sample.aspects.jar");
    static final String JAVA = javaIn(Path.of(System.getProperty("java.home")));
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    /** {@code profq <args>} as the launcher script runs it: the agent jar's location, and no JVM flags. */
    static List<String> profq(String... args) {
        List<String> command = new ArrayList<>();
        command.add(JAVA);
        command.add("-D" + AgentJar.PROPERTY + "=" + AGENT_JAR);
        command.add("-jar");
        command.add(CLI_JAR.toString());
        command.addAll(Arrays.asList(args));
        return command;
    }

    /** {@code profq record <options> -- java -cp samples.jar profq.samples.<sample>}. */
    static List<String> record(List<String> options, String sample) {
        List<String> args = new ArrayList<>();
        args.add("record");
        args.addAll(options);
        args.add("--");
        args.addAll(sample(sample));
        return profq(args.toArray(String[]::new));
    }

    /** The sample program alone, without profq. */
    static List<String> sample(String sample) {
        return List.of(JAVA, "-cp", SAMPLES_JAR.toString(), "profq.samples." + sample);
    }

    static String javaIn(Path javaHome) {
        return javaHome.resolve("bin").resolve("java").toString();
    }

    static String property(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + name + " is not set; run the tests with Maven (failsafe sets it)");
        }
        return value;
    }

    /** Runs {@code command} in {@code workingDirectory} with empty stdin, and waits for it. */
    static Outcome run(Path workingDirectory, List<String> command) throws IOException, InterruptedException {
        return start(workingDirectory, command, "").finish();
    }

    /** Runs {@code command} with {@code stdin} as its standard input, and waits for it. */
    static Outcome run(Path workingDirectory, List<String> command, String stdin) throws IOException, InterruptedException {
        return start(workingDirectory, command, stdin).finish();
    }

    static Running start(Path workingDirectory, List<String> command, String stdin) throws IOException {
        Path streams = Files.createTempDirectory("profq-streams");
        Path in = Files.writeString(streams.resolve("stdin"), stdin);
        Path out = streams.resolve("stdout");
        Path err = streams.resolve("stderr");
        Process process = new ProcessBuilder(command)
                .directory(workingDirectory.toFile())
                .redirectInput(in.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        return new Running(process, out, err);
    }

    /** A forked process still running, for the tests that stop it. */
    record Running(Process process, Path stdout, Path stderr) {
        /** Waits until the process has printed {@code text} on stdout. */
        void awaitStdout(String text) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!Files.readString(stdout).contains(text)) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    process.destroyForcibly();
                    fail("never printed '" + text + "': " + finish());
                }
                Thread.sleep(20);
            }
        }

        Outcome finish() throws IOException, InterruptedException {
            if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                fail("did not end within " + TIMEOUT.toSeconds() + " s: " + process.info().commandLine().orElse("?"));
            }
            Outcome outcome = new Outcome(process.exitValue(),
                    Files.readString(stdout, StandardCharsets.UTF_8),
                    Files.readString(stderr, StandardCharsets.UTF_8));
            Path streams = stdout.getParent(); // start's directory of the three streams, read now
            for (String name : List.of("stdin", "stdout", "stderr")) {
                Files.deleteIfExists(streams.resolve(name));
            }
            Files.deleteIfExists(streams);
            return outcome;
        }
    }

    /** What a finished process did. */
    record Outcome(int exitCode, String stdout, String stderr) {
        List<String> stderrLines() {
            return stderr.lines().toList();
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    private static Path jar(String property) {
        Path jar = Path.of(property(property));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " (" + property + ") does not exist; build with ./mvnw -q install -DskipTests");
        }
        return jar;
    }

    private Forked() {
    }
}
