package org.profq.difftest;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The recordings the tester queries: sample programs of different shapes recorded through the
 * real agent ({@code -javaagent:profq-agent.jar}) in a forked JVM, with every event family on and
 * every object tracked, so that every table has rows.
 */
public final class SampleRecordings {
    /** A sample program, how it is recorded, and the name its recording goes by in reports. */
    public record Sample(String name, String mainClass, String agentOptions, List<String> args) {
    }

    private static final String ALL_EVENTS = "clock=exact,events=calls:allocations:deaths:exceptions:uses,track=1";

    /**
     * Three shapes: parameter values of one method called 100 times (params, value tuples),
     * 10,010 objects that die (allocations, deaths, uses), and exceptions thrown at three sites
     * through nested calls.
     */
    public static final List<Sample> STANDARD = List.of(
            new Sample("values", "profq.samples.RepeatedArguments", ALL_EVENTS + ",values=*RepeatedArguments.square", List.of()),
            new Sample("churn", "profq.samples.Churn", ALL_EVENTS, List.of()),
            new Sample("exceptions", "profq.samples.ThrowSites", ALL_EVENTS, List.of()));

    private SampleRecordings() {
    }

    /** Records {@code sample} under {@code directory} (kept when already there) and gives the recording's directory. */
    public static Path record(Sample sample, Path directory) throws IOException, InterruptedException {
        Path recording = directory.resolve(sample.name() + ".profq").toAbsolutePath();
        if (Files.isDirectory(recording.resolve("events"))) {
            return recording;
        }
        Files.createDirectories(directory);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + agentJar() + "=out=" + recording + "," + sample.agentOptions(),
                "-cp", samplesClassPath(), sample.mainClass()));
        command.addAll(sample.args());
        Path log = directory.resolve(sample.name() + ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(180, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("recording " + sample.mainClass() + " took over 180 s; its output is in " + log);
        }
        if (process.exitValue() != 0 || !Files.isDirectory(recording.resolve("events"))) {
            throw new IOException("recording " + sample.mainClass() + " failed (exit " + process.exitValue() + "): "
                    + Files.readString(log));
        }
        return recording;
    }

    /** The agent: {@code -Dprofq.agent.jar}, or the recorder's build output beside this module. */
    static Path agentJar() throws IOException {
        String named = System.getProperty("profq.agent.jar");
        List<Path> candidates = named != null ? List.of(Path.of(named))
                : List.of(Path.of("recorder/agent/target/profq-agent.jar"), Path.of("../recorder/agent/target/profq-agent.jar"));
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate)) {
                return candidate.toAbsolutePath();
            }
        }
        throw new IOException("no agent jar at " + candidates + "; build it (./mvnw -pl recorder/agent -am package) or name it with -Dprofq.agent.jar");
    }

    /** Where the sample programs' classes are: this JVM's copy of the samples module. */
    static String samplesClassPath() {
        try {
            return Path.of(profq.samples.Churn.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
