package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recording.Call;
import org.profq.recording.Recording;
import profq.samples.InitCycle;

/** Classes the weaver cannot handle normally: the program runs exactly as without profq. */
class WeavingFaultsIT {
    static List<Jdk> jdks() {
        return Jdk.available();
    }

    /**
     * A method of 5,000 allocations fits in 64 KB of bytecode unwoven and not woven with its
     * allocations: AspectJ reports "Code size too big" and would return a class without code. The
     * class is woven again with calls only, said once in the recording; nothing is printed.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aClassTooBigToWeaveWithEveryJoinPointIsWovenForCallsOnlyAndSaidOnce(Jdk jdk, @TempDir Path temp) throws IOException {
        Path classes = compileHugeClass(temp);
        SampleRun.Result plain = SampleRun.run(jdk, null, List.of(jdk.java().toString(), "-cp", classes.toString(), "gen.Huge"));
        SampleRun.Result recorded = SampleRun.run(jdk, temp.resolve("rec.profq"), List.of(jdk.java().toString(),
                "-javaagent:" + SampleRun.agentJar() + "=out=" + temp.resolve("rec.profq"), "-cp", classes.toString(), "gen.Huge"));

        assertEquals(0, recorded.exitCode());
        assertEquals("huge 5000\n", plain.stdout());
        assertEquals(plain.stdout(), recorded.stdout());
        assertEquals("", recorded.stderr(), "said in the recording, not on the program's stderr");
        try (Recording recording = recorded.open()) {
            assertEquals(1, recording.warnings().size());
            assertTrue(recording.warnings().get(0).startsWith("wove gen.Huge for calls only (woven for calls only: problem generating method"
                    + " gen.Huge.big : Code size too big: "), recording.warnings().get(0));
            assertEquals(List.of("big@1", "main@0"), callNames(recording));
            assertEquals(java.util.Map.of("woven for calls only", 1L), recording.weaving().orElseThrow().leftUnwovenByReason());
        }
    }

    /** Without calls to record, there are no fewer join points to weave the class with: it is left unwoven, counted, and named. */
    @ParameterizedTest
    @MethodSource("jdks")
    void aClassTooBigToWeaveForTheEventsChosenIsLeftUnwovenAndSaidOnce(Jdk jdk, @TempDir Path temp) throws IOException {
        Path classes = compileHugeClass(temp);
        SampleRun.Result recorded = SampleRun.run(jdk, temp.resolve("rec.profq"), List.of(jdk.java().toString(),
                "-javaagent:" + SampleRun.agentJar() + "=out=" + temp.resolve("rec.profq") + ",events=allocations", "-cp", classes.toString(),
                "gen.Huge"));

        assertEquals(0, recorded.exitCode());
        assertEquals("huge 5000\n", recorded.stdout());
        assertEquals("", recorded.stderr(), "said in the recording, not on the program's stderr");
        try (Recording recording = recorded.open()) {
            assertEquals(1, recording.warnings().size());
            assertTrue(recording.warnings().get(0).startsWith(LEFT_UNWOVEN), recording.warnings().get(0));
            assertEquals(0, recording.eventCount());
            assertEquals(java.util.Map.of("weaver error", 1L), recording.weaving().orElseThrow().leftUnwovenByReason());
        }
    }

    /** The second run takes the class from the woven-class cache, which keeps why it was left unwoven: it says so again, in the recording. */
    @ParameterizedTest
    @MethodSource("jdks")
    void aClassLeftUnwovenIsSaidAgainWhenTheCacheKnowsIt(Jdk jdk, @TempDir Path temp) throws IOException {
        Path classes = compileHugeClass(temp);
        for (String run : List.of("first", "second")) {
            Path recording = temp.resolve(run + ".profq");
            SampleRun.Result recorded = SampleRun.run(jdk, recording, List.of(jdk.java().toString(),
                    "-javaagent:" + SampleRun.agentJar() + "=out=" + recording + ",events=allocations,cache=" + temp.resolve("cache"),
                    "-cp", classes.toString(), "gen.Huge"));
            assertEquals("huge 5000\n", recorded.stdout(), run);
            assertEquals("", recorded.stderr(), run);
            try (Recording opened = recorded.open()) {
                assertEquals(1, opened.warnings().size(), run);
                assertTrue(opened.warnings().get(0).startsWith(LEFT_UNWOVEN), run + ": " + opened.warnings());
            }
        }
    }

    private static final String LEFT_UNWOVEN = "left gen.Huge unwoven (weaver error: problem generating method gen.Huge.big : Code size too big: ";

    private static List<String> callNames(Recording recording) {
        List<String> names = new ArrayList<>();
        for (Call call : RecordingFacts.programCalls(recording)) {
            names.add(recording.method(call.methodId()).name() + "@" + call.depth());
        }
        return names;
    }

    /** Sub.hello() runs inside Base's static initialiser, before Sub's: AspectJ's static part is null there. */
    @ParameterizedTest
    @MethodSource("jdks")
    void aClassInitialisationCycleIsRecordedWithAnUnknownMethod(Jdk jdk, @TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "", InitCycle.class);

        assertEquals(0, result.exitCode());
        assertEquals("hello returned 2\n", result.stdout());
        assertEquals("", result.stderr());
        try (Recording recording = result.open()) {
            List<String> names = new ArrayList<>();
            for (Call call : RecordingFacts.programCalls(recording)) {
                names.add(recording.method(call.methodId()).name() + "@" + call.depth());
            }
            assertEquals(List.of("<unknown>@1", "hello@1", "main@0"), names);
        }
    }

    private static Path compileHugeClass(Path temp) throws IOException {
        StringBuilder source = new StringBuilder("""
                package gen;
                public class Huge {
                    public static void main(String[] args) { System.out.println("huge " + big()); }
                    static int big() {
                        Object o = null;
                        int n = 0;
                """);
        source.append("        o = new Object(); n++;\n".repeat(5_000));
        source.append("        return n;\n    }\n}\n");
        Path file = temp.resolve("src/gen/Huge.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source);
        Path classes = Files.createDirectories(temp.resolve("classes"));
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null,
                "--release", "17", "-d", classes.toString(), file.toString());
        assertEquals(0, status, "javac compiles the generated class");
        return classes;
    }
}
