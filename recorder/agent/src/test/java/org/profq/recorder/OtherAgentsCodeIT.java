package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recording.Recording;
import org.profq.recording.ThreadInfo;

/**
 * Another agent's code can run woven code inside profq's own: Mockito's inline mock maker makes
 * {@code Object.equals} call its woven dispatcher, and its class-file transformer, woven too,
 * runs on whichever thread loads a class, profq's and Chronicle's included. Before, profq's
 * shutdown hook, linking a lambda while it wrote the weaving summary, named itself as a thread
 * inside that document (the recording could not be read: "thread id 3 out of sequence"), and
 * Chronicle's resource releaser, loading a class, waited for the log the shutdown hook held
 * while that hook waited for the class loader's lock (the program never ended).
 */
class OtherAgentsCodeIT {
    private static final String PROGRAM = """
            package demo;
            import static org.mockito.Mockito.*;
            public class FinalMocks {
                static final class Prices { int price(String item) { return 7; } }
                public static void main(String[] args) {
                    Prices prices = mock(Prices.class);
                    when(prices.price("tea")).thenReturn(3);
                    System.out.println("tea " + prices.price("tea") + ", coffee " + prices.price("coffee"));
                }
            }
            """;

    static List<Jdk> jdks() {
        return Jdk.available();
    }

    /** On JDK 25 the program's stderr holds the JDK's warning that Byte Buddy called {@code sun.misc.Unsafe}, with and without profq. */
    @ParameterizedTest
    @MethodSource("jdks")
    void aProgramMockingAFinalClassInlineRunsAsWithoutProfqAndItsRecordingReads(Jdk jdk, @TempDir Path temp) throws IOException {
        String classPath = compile(temp) + ":" + mockitoClassPath();
        Path out = temp.resolve("rec.profq");

        // Byte Buddy 1.15 reads class files newer than JDK 24's only when told to (the program's setting, in both runs).
        String experimental = "-Dnet.bytebuddy.experimental=true";
        SampleRun.Result plain = SampleRun.run(jdk, null, List.of(jdk.java().toString(), experimental, "-cp", classPath, "demo.FinalMocks"));
        SampleRun.Result recorded = SampleRun.run(jdk, out, List.of(jdk.java().toString(), experimental,
                "-javaagent:" + SampleRun.agentJar() + "=out=" + out + ",cache=off", "-cp", classPath, "demo.FinalMocks"));

        assertEquals("tea 3, coffee 0\n", plain.stdout(), plain.stderr());
        assertEquals(0, plain.exitCode());
        assertEquals(plain.stdout(), recorded.stdout());
        assertEquals(plain.stderr(), recorded.stderr());
        assertEquals(0, recorded.exitCode());
        try (Recording recording = recorded.open()) {
            List<String> threads = recording.threads().stream().map(ThreadInfo::name).toList();
            assertTrue(threads.contains("main"), threads.toString());
            assertTrue(threads.stream().noneMatch(name -> name.startsWith("profq-") || name.contains("releaser")), threads.toString());
            List<String> mainCalls = RecordingFacts.programCalls(recording).stream()
                    .filter(call -> recording.threads().get(call.threadId() - 1).name().equals("main"))
                    .map(call -> recording.methodName(call.methodId())).distinct().filter(name -> name.startsWith("demo.")).sorted().toList();
            assertEquals(List.of("demo.FinalMocks.main([Ljava/lang/String;)V"), mainCalls);
        }
    }

    private static Path compile(Path temp) throws IOException {
        Path source = temp.resolve("src/demo/FinalMocks.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, PROGRAM);
        List<String> arguments = new ArrayList<>(List.of("--release", "17", "-d", temp.resolve("classes").toString(), "-cp",
                mockitoClassPath(), source.toString()));
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, arguments.toArray(String[]::new)));
        return temp.resolve("classes");
    }

    /** Mockito and what it needs, from this test's class path. */
    private static String mockitoClassPath() {
        List<String> jars = new ArrayList<>();
        for (String type : List.of("org.mockito.Mockito", "net.bytebuddy.ByteBuddy", "net.bytebuddy.agent.ByteBuddyAgent",
                "org.objenesis.Objenesis")) {
            try {
                jars.add(Path.of(Class.forName(type).getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
            } catch (ClassNotFoundException | URISyntaxException e) {
                throw new IllegalStateException("the test's class path lacks " + type, e);
            }
        }
        return String.join(":", jars);
    }
}
