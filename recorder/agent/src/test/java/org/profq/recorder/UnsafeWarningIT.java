package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recording.Recording;

/**
 * From JDK 24 on, the first call of a {@code sun.misc.Unsafe} memory-access method in a JVM
 * prints a four-line warning on stderr naming the calling class. profq's own libraries (Chronicle,
 * AspectJ) must neither trigger it nor hide it: a program that calls such a method prints the same
 * warning, naming itself, with and without profq, and a program run where those methods are denied
 * is recorded.
 */
class UnsafeWarningIT {
    private static final String PROGRAM = """
            package demo;
            import java.lang.reflect.Field;
            public class UsesUnsafe {
                int count = 41;
                public static void main(String[] args) throws Exception {
                    Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
                    theUnsafe.setAccessible(true);
                    sun.misc.Unsafe unsafe = (sun.misc.Unsafe) theUnsafe.get(null);
                    UsesUnsafe counter = new UsesUnsafe();
                    long offset = unsafe.objectFieldOffset(UsesUnsafe.class.getDeclaredField("count"));
                    unsafe.putInt(counter, offset, unsafe.getInt(counter, offset) + 1);
                    System.out.println("count " + counter.count);
                }
            }
            """;

    static List<Jdk> jdks() {
        return Jdk.available();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aProgramsOwnUnsafeWarningIsPrintedAsWithoutProfq(Jdk jdk, @TempDir Path temp) throws IOException {
        String classes = compile(temp).toString();
        Path out = temp.resolve("rec.profq");

        SampleRun.Result plain = SampleRun.run(jdk, null, List.of(jdk.java().toString(), "-cp", classes, "demo.UsesUnsafe"));
        SampleRun.Result recorded = SampleRun.run(jdk, out, List.of(jdk.java().toString(),
                "-javaagent:" + SampleRun.agentJar() + "=out=" + out + ",cache=off", "-cp", classes, "demo.UsesUnsafe"));

        assertEquals("count 42\n", plain.stdout(), plain.stderr());
        if (featureVersion(jdk) >= 24) {
            assertTrue(plain.stderr().contains("WARNING: sun.misc.Unsafe::objectFieldOffset has been called by demo.UsesUnsafe"),
                    plain.stderr());
        } else {
            assertEquals("", plain.stderr());
        }
        assertEquals(plain.stdout(), recorded.stdout());
        assertEquals(plain.stderr(), recorded.stderr());
        assertEquals(0, recorded.exitCode());
        try (Recording recording = recorded.open()) {
            List<String> programMethods = RecordingFacts.programCalls(recording).stream()
                    .map(call -> recording.methodName(call.methodId())).filter(name -> name.startsWith("demo.")).distinct().sorted().toList();
            assertEquals(List.of("demo.UsesUnsafe.<init>()V", "demo.UsesUnsafe.main([Ljava/lang/String;)V"), programMethods);
        }
    }

    /** With those methods denied, any call of one from profq's code would throw, and the agent could not start. */
    @ParameterizedTest
    @MethodSource("jdks")
    void profqRecordsWhereSunMiscUnsafeMemoryAccessIsDenied(Jdk jdk, @TempDir Path temp) {
        if (featureVersion(jdk) < 24) {
            return; // the option is JDK 24's; JDK 17's Unsafe has no such check
        }
        Path out = temp.resolve("rec.profq");
        List<String> command = SampleRun.command(jdk, "-javaagent:" + SampleRun.agentJar() + "=out=" + out + ",cache=off",
                profq.samples.Recursion.class);
        command.add(1, "--sun-misc-unsafe-memory-access=deny");

        SampleRun.Result recorded = SampleRun.run(jdk, out, command);

        assertEquals(0, recorded.exitCode(), recorded.stderr());
        assertEquals("sum(10) = 55\n", recorded.stdout());
        assertEquals("", recorded.stderr());
        try (Recording recording = recorded.open()) {
            assertEquals(11, RecordingFacts.programCalls(recording).stream()
                    .filter(call -> recording.methodName(call.methodId()).startsWith("profq.samples.Recursion.sum")).count());
        }
    }

    private static int featureVersion(Jdk jdk) {
        return Integer.parseInt(jdk.name().substring("jdk".length()));
    }

    private static Path compile(Path temp) throws IOException {
        Path source = temp.resolve("src/demo/UsesUnsafe.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, PROGRAM);
        ByteArrayOutputStream warnings = new ByteArrayOutputStream(); // javac's notes on a proprietary API
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, warnings, warnings,
                "--release", "17", "-d", temp.resolve("classes").toString(), source.toString()), warnings::toString);
        return temp.resolve("classes");
    }
}
