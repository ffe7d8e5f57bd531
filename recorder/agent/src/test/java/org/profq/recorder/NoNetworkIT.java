package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.recording.Recording;
import profq.samples.Threads;

/**
 * Nothing phones home: a recording made in a network namespace with no network at all
 * ({@code unshare -n}) succeeds, and strace sees the recorded JVM make no attempt to connect,
 * bind or send on an internet socket. (The JDK itself opens and closes two probe sockets when
 * its NIO library loads, to learn whether IPv4 and IPv6 exist; that sends nothing.)
 * Needs root for unshare and strace (installed by .ci/run).
 */
class NoNetworkIT {
    @Test
    void recordingNeedsNoNetworkAndAttemptsNone(@TempDir Path temp) throws Exception {
        Required.that(run(List.of("unshare", "-n", "true")) == 0, "unshare -n needs root");
        Required.that(run(List.of("strace", "-V")) == 0, "strace is not installed (.ci/run installs it)");
        Jdk jdk = Jdk.current();
        Path trace = temp.resolve("network.trace");
        List<String> command = new ArrayList<>(List.of("unshare", "-n", "strace", "-f", "-qq",
                "-e", "trace=connect,bind,sendto,sendmsg,sendmmsg", "-o", trace.toString()));
        command.addAll(SampleRun.command(jdk, "-javaagent:" + SampleRun.agentJar() + "=out=" + temp.resolve("rec.profq"),
                Threads.class));

        SampleRun.Result result = SampleRun.run(jdk, temp.resolve("rec.profq"), command);

        assertEquals(0, result.exitCode());
        assertEquals(SampleRun.plain(jdk, Threads.class).stdout(), result.stdout());
        List<String> attempts = Files.readAllLines(trace).stream()
                .filter(line -> line.contains("AF_INET") || line.contains("sin_port") || line.contains("sin6_port"))
                .toList();
        assertEquals(List.of(), attempts, "network attempts by the recorded JVM");
        try (Recording recording = result.open()) {
            assertTrue(recording.end().isPresent());
            assertEquals(12 + 8 * 50_004, RecordingFacts.programEventCount(recording));
        }
    }

    private static int run(List<String> command) throws IOException, InterruptedException {
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start().waitFor();
    }
}
