package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recording.Recording;

/**
 * A program that bundles SLF4J 1.7.36 with slf4j-simple, while the agent itself uses SLF4J
 * 2.x: the program still binds and logs with its own version, exactly as without profq.
 */
class LibraryConflictIT {
    static List<Jdk> jdks() {
        return Jdk.available();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void theProgramKeepsItsOwnLibraryVersions(Jdk jdk, @TempDir Path temp) throws IOException {
        String classPath = compileProgram(temp) + File.pathSeparator + bundledLibraries();
        List<String> plain = List.of(jdk.java().toString(), "-cp", classPath, "conflict.LogsWithSlf4j");
        List<String> recorded = new ArrayList<>(plain);
        recorded.add(1, "-javaagent:" + SampleRun.agentJar() + "=out=" + temp.resolve("rec.profq"));

        SampleRun.Result without = SampleRun.run(jdk, null, plain);
        SampleRun.Result with = SampleRun.run(jdk, temp.resolve("rec.profq"), recorded);

        assertEquals("slf4j binding: org.slf4j.impl.SimpleLoggerFactory\n", without.stdout());
        assertTrue(without.stderr().contains("INFO conflict - hello from the program's own SLF4J"), without.stderr());
        assertEquals(without.stdout(), with.stdout());
        assertEquals(without.stderr(), with.stderr());
        assertEquals(0, with.exitCode());
        try (Recording recording = with.open()) {
            assertEquals(1, RecordingFacts.callsByMethod(recording).get("conflict.LogsWithSlf4j.main([Ljava/lang/String;)V"));
        }
    }

    private static String bundledLibraries() throws IOException {
        Path directory = Path.of(System.getProperty("profq.conflicting.libraries"));
        try (Stream<Path> jars = Files.list(directory)) {
            return jars.map(Path::toString).sorted().collect(Collectors.joining(File.pathSeparator));
        }
    }

    private static Path compileProgram(Path temp) throws IOException {
        Path source = temp.resolve("src/conflict/LogsWithSlf4j.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, """
                package conflict;
                public class LogsWithSlf4j {
                    public static void main(String[] args) {
                        org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger("conflict");
                        System.out.println("slf4j binding: " + org.slf4j.LoggerFactory.getILoggerFactory().getClass().getName());
                        log.info("hello from the program's own SLF4J");
                    }
                }
                """);
        Path classes = Files.createDirectories(temp.resolve("classes"));
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "17",
                "-cp", bundledLibraries(), "-d", classes.toString(), source.toString());
        assertEquals(0, status);
        return classes;
    }
}
