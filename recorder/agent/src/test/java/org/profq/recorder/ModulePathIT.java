package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recording.Recording;

/**
 * A program run from the module path ({@code --module-path} and {@code -m}): its boot layer holds
 * only its modules and what they require, not {@code jdk.unsupported}, whose {@code sun.misc}
 * the recorder's Chronicle needs, nor {@code java.sql}, which AspectJ's weaver refers to, and no
 * agent can add a module to the boot layer. Before, the
 * JVM did not start ("processing of -javaagent failed", {@code NoClassDefFoundError:
 * sun/misc/SignalHandler}, exit 134); now profq says what to add, in one line, and exits 2 as for
 * any agent option it cannot follow. With {@code --add-modules jdk.unsupported,java.sql} (what
 * {@code profq record} adds) the program runs as without profq and is recorded.
 */
class ModulePathIT {
    static List<Jdk> jdks() {
        return Jdk.available();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aModularProgramIsRecordedWithTheModuleAddedAndOtherwiseToldWhatToAdd(Jdk jdk, @TempDir Path temp) throws IOException {
        Path modules = compile(temp);
        List<String> program = List.of("--module-path", modules.toString(), "-m", "app/app.Main");
        Path refused = temp.resolve("refused.profq");
        Path out = temp.resolve("rec.profq");

        SampleRun.Result plain = SampleRun.run(jdk, null, command(jdk, List.of(), program));
        SampleRun.Result withoutModule = SampleRun.run(jdk, refused,
                command(jdk, List.of("-javaagent:" + SampleRun.agentJar() + "=out=" + refused + ",cache=off"), program));
        SampleRun.Result recorded = SampleRun.run(jdk, out, command(jdk,
                List.of("-javaagent:" + SampleRun.agentJar() + "=out=" + out + ",cache=off", "--add-modules", "jdk.unsupported,java.sql"), program));

        assertEquals("app: 3 words\n", plain.stdout(), plain.stderr());
        assertEquals("", withoutModule.stdout());
        assertEquals("profq: the program runs from the module path, and its modules leave out jdk.unsupported and java.sql, which"
                + " profq's recorder and weaver need; add --add-modules jdk.unsupported,java.sql to the java command (profq record"
                + " adds it).\n", withoutModule.stderr());
        assertEquals(2, withoutModule.exitCode());
        assertEquals(plain.stdout(), recorded.stdout());
        assertEquals(plain.stderr(), recorded.stderr());
        assertEquals(0, recorded.exitCode());
        try (Recording recording = recorded.open()) {
            List<String> called = RecordingFacts.programCalls(recording).stream().map(call -> recording.methodName(call.methodId()))
                    .distinct().sorted().toList();
            assertEquals(List.of("app.Main.count(Ljava/lang/String;)I", "app.Main.main([Ljava/lang/String;)V"), called);
        }
    }

    private static List<String> command(Jdk jdk, List<String> options, List<String> program) {
        List<String> command = new ArrayList<>(List.of(jdk.java().toString()));
        command.addAll(options);
        command.addAll(program);
        return command;
    }

    /** Module {@code app}, compiled into {@code <temp>/modules/app}. */
    private static Path compile(Path temp) throws IOException {
        Path source = temp.resolve("src/app");
        Files.createDirectories(source.resolve("app"));
        Files.writeString(source.resolve("module-info.java"), "module app {}\n");
        Files.writeString(source.resolve("app/Main.java"), """
                package app;
                public class Main {
                    static int count(String text) { return text.split(" ").length; }
                    public static void main(String[] args) { System.out.println("app: " + count("one two three") + " words"); }
                }
                """);
        Path modules = temp.resolve("modules");
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "17", "-d",
                modules.resolve("app").toString(), source.resolve("module-info.java").toString(), source.resolve("app/Main.java").toString()));
        return modules;
    }
}
