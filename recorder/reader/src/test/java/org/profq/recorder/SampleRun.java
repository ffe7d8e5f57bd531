package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.profq.recording.Recording;

/**
 * Runs a sample program in a forked JVM, with the real packaged agent or without it, and
 * captures what it printed and its exit code. Shared with the other modules' tests through the
 * recorder's test-jar.
 */
public final class SampleRun {
    private static final long TIMEOUT_SECONDS = 120;

    public record Result(int exitCode, String stdout, String stderr, Path recording) {
        public Recording open() {
            return Recording.open(recording);
        }
    }

    public static Path agentJar() {
        Path jar = Path.of(System.getProperty("profq.agent.jar", "target/profq-agent.jar"));
        assertTrue(Files.isRegularFile(jar), "the agent jar is built by `package`: " + jar.toAbsolutePath());
        return jar;
    }

    /** The class path holding the samples (their jar or classes directory). */
    public static String samplesClassPath() {
        try {
            return Path.of(profq.samples.Recursion.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The samples' aspect jar ({@code profq-samples-<version>-aspects.jar}: the example's
     * {@code VelocityAspect} and its {@code META-INF/aop.xml}), beside the samples' jar; when the
     * samples are a classes directory, made from it into {@code temp}.
     */
    public static Path samplesAspectsJar(Path temp) {
        Path samples = Path.of(samplesClassPath());
        if (samples.toString().endsWith(".jar")) {
            Path jar = samples.resolveSibling(samples.getFileName().toString().replaceFirst("\\.jar$", "-aspects.jar"));
            assertTrue(Files.isRegularFile(jar), "the samples' aspect jar is built by `package`: " + jar);
            return jar;
        }
        Path jar = temp.resolve("samples-aspects.jar");
        jar(samples, List.of("META-INF/aop.xml", "profq/samples/events/VelocityAspect.class"), jar);
        return jar;
    }

    /** Writes {@code entries} of the directory {@code classes} into the new jar {@code jar}. */
    public static void jar(Path classes, List<String> entries, Path jar) {
        try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            for (String entry : entries) {
                out.putNextEntry(new java.util.jar.JarEntry(entry));
                out.write(Files.readAllBytes(classes.resolve(entry)));
                out.closeEntry();
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Records {@code mainClass} into {@code recording} with extra agent options ("" for none). */
    public static Result record(Jdk jdk, Path recording, String options, Class<?> mainClass, String... args) {
        String agentOptions = "out=" + recording + (options.isEmpty() ? "" : "," + options);
        return run(jdk, recording, command(jdk, "-javaagent:" + agentJar() + "=" + agentOptions, mainClass, args));
    }

    /** Runs {@code mainClass} without profq. */
    public static Result plain(Jdk jdk, Class<?> mainClass, String... args) {
        return run(jdk, null, command(jdk, null, mainClass, args));
    }

    /**
     * Starts {@code mainClass}, a long-running sample, recorded into {@code recording} with its
     * stderr discarded, and returns once it has printed its first line, {@code ready}; stop it
     * with {@link Process#destroy} (SIGTERM) or {@link Process#destroyForcibly} (SIGKILL).
     */
    public static Process startUntilReady(Jdk jdk, Path recording, Class<?> mainClass) throws IOException {
        return startUntilReady(jdk, recording, "", mainClass);
    }

    /** As {@link #startUntilReady(Jdk, Path, Class)}, with more agent {@code options} ({@code key=value,...}). */
    public static Process startUntilReady(Jdk jdk, Path recording, String options, Class<?> mainClass) throws IOException {
        String agent = "-javaagent:" + agentJar() + "=out=" + recording + (options.isEmpty() ? "" : "," + options);
        Process process = new ProcessBuilder(command(jdk, agent, mainClass))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String first = lines.readLine();
        if (!"ready".equals(first)) {
            process.destroyForcibly();
            throw new AssertionError(mainClass.getSimpleName() + " printed " + first + " before 'ready'");
        }
        return process;
    }

    public static List<String> command(Jdk jdk, String agentArgument, Class<?> mainClass, String... args) {
        List<String> command = new ArrayList<>();
        command.add(jdk.java().toString());
        if (agentArgument != null) {
            command.add(agentArgument);
        }
        command.add("-cp");
        command.add(samplesClassPath());
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        return command;
    }

    public static Result run(Jdk jdk, Path recording, List<String> command) {
        return run(jdk, recording, command, null);
    }

    /** Runs {@code command} in {@code workingDirectory} (null: this JVM's). */
    public static Result run(Jdk jdk, Path recording, List<String> command, Path workingDirectory) {
        try {
            Path stdout = Files.createTempFile("profq-out", ".txt");
            Path stderr = Files.createTempFile("profq-err", ".txt");
            Process process = new ProcessBuilder(command)
                    .directory(workingDirectory == null ? null : workingDirectory.toFile())
                    .redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("timed out: " + command);
            }
            return new Result(process.exitValue(), read(stdout), read(stderr), recording);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static String read(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        Files.deleteIfExists(file);
        return text;
    }

    private SampleRun() {
    }
}
