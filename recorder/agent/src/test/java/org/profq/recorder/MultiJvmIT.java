package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recording.Recording;
import org.profq.recording.RecordingGroup;
import profq.samples.ForkedChild;
import profq.samples.ForkingParent;
import profq.samples.Recursion;

/**
 * Programs that start JVMs with the same {@code out=DIR}: a parent that forks two children with
 * its own JVM options (both at once), and three JVMs run one after another. Every JVM runs as
 * without profq, and every JVM's recording is in the group, whole and its own.
 */
class MultiJvmIT {
    private static final String CHILD = "profq.samples.ForkedChild.";

    static List<Jdk> jdks() {
        return Jdk.available();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aParentAndTheTwoChildrenItForksAreEachRecorded(Jdk jdk, @TempDir Path temp) throws IOException {
        Path out = temp.resolve("forks.profq");
        SampleRun.Result plain = SampleRun.plain(jdk, ForkingParent.class);
        SampleRun.Result recorded = SampleRun.record(jdk, out, "", ForkingParent.class);

        assertEquals("""
                child 10: sum of squares 1..10 = 385 (exit code 0)
                child 20: sum of squares 1..20 = 2870 (exit code 3)
                """, plain.stdout());
        assertEquals(List.of(plain.exitCode(), plain.stdout(), plain.stderr()),
                List.of(recorded.exitCode(), recorded.stdout(), recorded.stderr()));

        List<RecordingGroup.Jvm> jvms = RecordingGroup.jvms(out);
        assertEquals(List.of(out, out.resolve("jvms/jvm2.profq"), out.resolve("jvms/jvm3.profq")),
                jvms.stream().map(RecordingGroup.Jvm::directory).toList());
        Set<Long> pids = new HashSet<>();
        Map<String, Map<String, Long>> callsByChild = new HashMap<>();
        try (Recording parent = Recording.open(out)) {
            assertEquals("profq.samples.ForkingParent", parent.run().mainClass());
            assertEquals(Map.of("profq.samples.ForkingParent.main([Ljava/lang/String;)V", 1L,
                            "profq.samples.ForkingParent.start(II)Ljava/lang/Process;", 2L,
                            "profq.samples.ForkingParent.finish(Ljava/lang/Process;)Ljava/lang/String;", 2L),
                    RecordingFacts.callsByMethod(parent));
            pids.add(parent.run().pid());
        }
        for (RecordingGroup.Jvm child : jvms.subList(1, 3)) {
            try (Recording recording = Recording.open(child.directory())) {
                assertEquals(ForkedChild.class.getName(), recording.run().mainClass());
                assertTrue(recording.end().isPresent(), child + " ended normally or through System.exit");
                callsByChild.put(recording.run().arguments(), RecordingFacts.callsByMethod(recording));
                pids.add(recording.run().pid());
            }
            assertEquals("rwx------", permissions(child.directory()));
        }
        assertEquals(Map.of("10 0", childCalls(10), "20 3", childCalls(20)), callsByChild,
                "the children started at once: which got jvm2 is the race's, each got one");
        assertEquals(3, pids.size(), "three JVMs: " + pids);
        assertEquals("rwx------", permissions(out.resolve("jvms")));
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void threeJvmsRunOneAfterAnotherWithOneOutDirectoryAreEachRecorded(Jdk jdk, @TempDir Path temp) {
        Path out = temp.resolve("build.profq");
        List<List<String>> runs = List.of(List.of(), List.of("7", "0"), List.of());
        List<Class<?>> programs = List.of(Recursion.class, ForkedChild.class, Recursion.class);

        for (int i = 0; i < 3; i++) {
            String[] args = runs.get(i).toArray(String[]::new);
            SampleRun.Result plain = SampleRun.plain(jdk, programs.get(i), args);
            SampleRun.Result recorded = SampleRun.record(jdk, out, "", programs.get(i), args);
            assertEquals(0, recorded.exitCode(), recorded.stderr());
            assertEquals(List.of(plain.stdout(), plain.stderr()), List.of(recorded.stdout(), recorded.stderr()));
        }

        List<RecordingGroup.Jvm> jvms = RecordingGroup.jvms(out);
        assertEquals(List.of(1, 2, 3), jvms.stream().map(RecordingGroup.Jvm::number).toList());
        assertEquals(List.of("jvm1", "jvm2", "jvm3"), jvms.stream().map(RecordingGroup.Jvm::name).toList());
        Map<String, Long> recursionCalls = Map.of("profq.samples.Recursion.main([Ljava/lang/String;)V", 1L,
                "profq.samples.Recursion.sum(I)I", 11L);
        List<Map<String, Long>> expected = List.of(recursionCalls, childCalls(7), recursionCalls);
        for (int i = 0; i < 3; i++) {
            try (Recording recording = Recording.open(jvms.get(i).directory())) {
                assertEquals(programs.get(i).getName(), recording.run().mainClass());
                assertEquals(expected.get(i), RecordingFacts.callsByMethod(recording), jvms.get(i).toString());
            }
        }
        try (Recording first = Recording.open(out)) {
            assertEquals("profq.samples.Recursion", first.run().mainClass(), "DIR itself stays the first JVM's recording");
            assertEquals(24, RecordingFacts.programEventCount(first), "and holds only the first JVM's events");
        }
    }

    @Test
    void aDirectoryHoldingARecordingAndSomethingElseIsStillRefused(@TempDir Path temp) throws IOException {
        Path out = temp.resolve("mixed.profq");
        Jdk jdk = Jdk.current();
        assertEquals(0, SampleRun.record(jdk, out, "", Recursion.class).exitCode());
        Files.writeString(out.resolve("notes.txt"), "mine");

        SampleRun.Result refused = SampleRun.record(jdk, out, "", Recursion.class);

        assertEquals(2, refused.exitCode());
        assertEquals("", refused.stdout());
        assertEquals("profq: the output directory " + out.toAbsolutePath()
                + " already exists and holds files that are not a profq recording; remove them or choose another with out=<dir>.\n", refused.stderr());
        assertFalse(Files.exists(out.resolve("jvms")), "nothing was claimed");
    }

    private static Map<String, Long> childCalls(int n) {
        return Map.of(CHILD + "main([Ljava/lang/String;)V", 1L, CHILD + "sumOfSquares(I)J", 1L, CHILD + "square(J)J", (long) n);
    }

    private static String permissions(Path directory) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(directory));
    }
}
