package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.format.RecordingFormat;
import org.profq.recording.Call;
import org.profq.recording.Recording;

/**
 * The static parts woven classes make for their join points are named from strings, loading no
 * class: a program whose method signatures refer to a type that cannot be loaded (its dependency
 * is missing from the class path) runs under profq as without it, and a join point that cannot be
 * named is recorded under the unknown method and counted.
 */
class JoinPointNamesIT {
    static List<Jdk> jdks() {
        return Jdk.available();
    }

    /**
     * The shape of the Kotlin compiler's {@code FileUtil}: {@code app.Main} declares a method taking
     * an {@code app.Param}, whose superclass {@code lib.Base} is absent at run time; the program never
     * calls it. Woven, AspectJ's static initialiser resolved {@code app.Param} and died with
     * {@code NoClassDefFoundError: lib/Base} in {@code app.Main.<clinit>}. {@code app.Unused}, a
     * parameter type that can be loaded, is not loaded either, as without profq.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aSignatureWhoseParameterTypeCannotBeLoadedRunsAsWithoutProfq(Jdk jdk, @TempDir Path temp) throws IOException {
        Path classes = compile(temp, Map.of(
                "lib/Base", "package lib;\npublic class Base {}\n",
                "app/Param", "package app;\npublic class Param extends lib.Base {}\n",
                "app/Unused", "package app;\npublic class Unused {}\n",
                "app/Main", """
                        package app;
                        public class Main {
                            private final String name;
                            Main(String name) { this.name = name; }
                            static int neverCalled(Param param, Unused unused) { return 0; }
                            static String describe(int[] values, String label) { return label + " " + values.length; }
                            public static void main(String[] args) {
                                System.out.println(describe(new int[] {1, 2, 3}, new Main("three").name));
                                try {
                                    throw new IllegalStateException("caught");
                                } catch (IllegalStateException e) {
                                    System.out.println(e.getMessage());
                                }
                            }
                        }
                        """), "");
        Files.delete(classes.resolve("lib/Base.class"));
        Path plainLog = temp.resolve("plain-classes.log");
        Path recordedLog = temp.resolve("recorded-classes.log");
        Path out = temp.resolve("rec.profq");

        SampleRun.Result plain = SampleRun.run(jdk, null, command(jdk, null, plainLog, classes.toString(), "app.Main"));
        SampleRun.Result recorded = SampleRun.run(jdk, out,
                command(jdk, "out=" + out + ",cache=off,events=calls:allocations:uses:exceptions,values=app.Main.*", recordedLog, classes.toString(), "app.Main"));

        assertEquals("three 3\ncaught\n", plain.stdout(), plain.stderr());
        assertEquals(0, plain.exitCode());
        assertEquals(plain.stdout(), recorded.stdout());
        assertEquals("", recorded.stderr());
        assertEquals(0, recorded.exitCode());
        for (Path log : List.of(plainLog, recordedLog)) {
            String loaded = Files.readString(log);
            assertTrue(loaded.contains("app.Main "), log.toString());
            assertFalse(loaded.contains("app.Param "), log + " loads app.Param");
            assertFalse(loaded.contains("app.Unused "), log + " loads app.Unused");
        }
        try (Recording recording = recorded.open()) {
            List<String> called = RecordingFacts.programCalls(recording).stream()
                    .map(call -> recording.methodName(call.methodId())).distinct().sorted().toList();
            assertEquals(List.of("app.Main.<init>(Ljava/lang/String;)V",
                    "app.Main.describe([ILjava/lang/String;)Ljava/lang/String;", "app.Main.main([Ljava/lang/String;)V"), called);
            assertEquals(List.of(), recording.warnings());
        }
    }

    /**
     * The shape of the Javassist corpus program, which prints how many methods a class declares:
     * AspectJ makes a woven class's static parts in a method it adds, {@code ajc$preClinit}, which
     * {@code getDeclaredMethods()} listed beside the program's own. Its code now runs in the static
     * initialiser itself, and the method is gone; the class is woven and its calls recorded.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aWovenClassDeclaresTheMethodsItsSourceDeclares(Jdk jdk, @TempDir Path temp) throws IOException {
        Path classes = compile(temp, Map.of("app/Members", """
                package app;
                import java.lang.reflect.Method;
                import java.util.Arrays;
                public class Members {
                    static final StringBuilder LOG = new StringBuilder("initialised");
                    static int square(int x) { return x * x; }
                    public static void main(String[] args) {
                        System.out.println(LOG + " " + square(7) + " "
                                + Arrays.stream(Members.class.getDeclaredMethods()).map(Method::getName).sorted().toList());
                    }
                }
                """), "");
        Path out = temp.resolve("rec.profq");

        SampleRun.Result plain = SampleRun.run(jdk, null, command(jdk, null, null, classes.toString(), "app.Members"));
        SampleRun.Result recorded = SampleRun.run(jdk, out, command(jdk, "out=" + out + ",cache=off", null, classes.toString(), "app.Members"));

        assertEquals("initialised 49 [main, square]\n", plain.stdout(), plain.stderr());
        assertEquals(plain.stdout(), recorded.stdout());
        assertEquals("", recorded.stderr());
        assertEquals(0, recorded.exitCode());
        try (Recording recording = recorded.open()) {
            List<String> called = RecordingFacts.programCalls(recording).stream()
                    .map(call -> recording.methodName(call.methodId())).distinct().sorted().toList();
            assertEquals(List.of("app.Members.main([Ljava/lang/String;)V", "app.Members.square(I)I"), called);
            assertEquals(List.of(), recording.warnings());
        }
    }

    /**
     * A woven class whose join point's names cannot be worked out (here its modifiers are not the
     * hexadecimal number woven code gives): its static initialiser gets no static part and goes on;
     * the call made with it is recorded under the unknown method, and the recording says how many
     * join points were left unnamed and why the first was.
     */
    @Test
    void aJoinPointThatCannotBeNamedIsRecordedUnderTheUnknownMethodAndCounted(@TempDir Path temp) throws IOException {
        Jdk jdk = Jdk.current();
        Path classes = compile(temp, Map.of("gen/Unnamed", """
                package gen;
                import org.aspectj.lang.JoinPoint;
                import org.aspectj.runtime.reflect.Factory;
                import org.profq.event.JoinPointNames;
                import org.profq.event.Recorder;
                public class Unnamed {
                    // As woven code makes a static part, with modifiers AspectJ would never write.
                    private static final Factory FACTORY = new Factory("Unnamed.java", Unnamed.class);
                    private static final JoinPoint.StaticPart RUN = JoinPointNames.makeSJP(FACTORY, "method-execution",
                            JoinPointNames.makeMethodSig(FACTORY, "not hexadecimal", "run", "gen.Unnamed", "", "", "", "void"), 12);
                    static void run() {
                        Recorder.enter(RUN);
                        System.out.println("ran");
                        Recorder.exit();
                    }
                    public static void main(String[] args) {
                        System.out.println(RUN == null ? "no static part" : "a static part");
                        run();
                    }
                }
                """), SampleRun.agentJar().toString());
        Path out = temp.resolve("rec.profq");

        SampleRun.Result recorded = SampleRun.run(jdk, out, command(jdk, "out=" + out + ",cache=off", null, classes.toString(), "gen.Unnamed"));

        assertEquals("no static part\nran\n", recorded.stdout(), recorded.stderr());
        assertEquals("", recorded.stderr());
        assertEquals(0, recorded.exitCode());
        try (Recording recording = recorded.open()) {
            List<Call> calls = RecordingFacts.programCalls(recording);
            Call unknown = calls.stream().filter(call -> call.methodId() == RecordingFormat.UNKNOWN_METHOD).findFirst().orElseThrow();
            Call run = calls.stream().filter(call -> call.callId() == unknown.parentCallId()).findFirst().orElseThrow();
            assertEquals("gen.Unnamed.run()V", recording.methodName(run.methodId()));
            assertEquals(1, calls.stream().filter(call -> call.methodId() == RecordingFormat.UNKNOWN_METHOD).count());
            assertEquals(1, recording.warnings().size(), recording.warnings().toString());
            String warning = recording.warnings().get(0);
            // The exception's message differs between JDKs ("... under radix 16" on 17).
            assertTrue(warning.startsWith("1 join point could not be named (the first: gen.Unnamed.run:"
                    + " java.lang.NumberFormatException: For input string: \"not hexadecimal\""), warning);
            assertTrue(warning.endsWith("); its calls and allocations are recorded under the unknown method, its uses of members are"
                    + " not recorded"), warning);
        }
    }

    private static List<String> command(Jdk jdk, String agentOptions, Path classLog, String classPath, String mainClass) {
        List<String> command = new ArrayList<>(List.of(jdk.java().toString()));
        if (agentOptions != null) {
            command.add("-javaagent:" + SampleRun.agentJar() + "=" + agentOptions);
        }
        if (classLog != null) {
            command.add("-Xlog:class+load=info:file=" + classLog);
        }
        command.addAll(List.of("-cp", classPath, mainClass));
        return command;
    }

    private static Path compile(Path temp, Map<String, String> sources, String classPath) throws IOException {
        List<String> arguments = new ArrayList<>(List.of("--release", "17", "-d", temp.resolve("classes").toString()));
        if (!classPath.isEmpty()) {
            arguments.addAll(List.of("-cp", classPath));
        }
        for (Map.Entry<String, String> source : new TreeMap<>(sources).entrySet()) {
            Path file = temp.resolve("src/" + source.getKey() + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            arguments.add(file.toString());
        }
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, arguments.toArray(String[]::new)));
        return temp.resolve("classes");
    }
}
