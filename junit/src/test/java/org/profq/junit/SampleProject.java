package org.profq.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.profq.recorder.Jdk;

/**
 * A copy of the sample project (src/test/sample-project: a parser and its {@code @Profq} tests),
 * compiled with javac and tested in a forked JVM under the real agent, as a build runs its tests.
 */
final class SampleProject {
    static final String TESTS = "sample.ParserTest";
    private static final Path SOURCES = Path.of("src/test/sample-project");
    private final Path directory;
    private final Path classes;
    private int runs;

    private SampleProject(Path directory) {
        this.directory = directory;
        this.classes = directory.resolve("classes");
    }

    /** The sample project's sources, copied into {@code work}. */
    static SampleProject copy(Path work) throws IOException {
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path copy = work.resolve("src").resolve(SOURCES.relativize(file));
                Files.createDirectories(copy.getParent());
                Files.copy(file, copy);
            }
        }
        return new SampleProject(work);
    }

    Path directory() {
        return directory;
    }

    Path baseline() {
        return directory.resolve("baselines/parse.baseline");
    }

    /** Changes one line of the parser: every word is copied into a new String, an allocation in its loop. */
    void copyEveryWord() throws IOException {
        Path parser = directory.resolve("src/sample/Parser.java");
        String source = Files.readString(parser);
        String changed = source.replace("words.add(word(line, start, i));", "words.add(new String(word(line, start, i)));");
        assertTrue(!changed.equals(source), "the sample's parser has the line the change replaces");
        Files.writeString(parser, changed);
    }

    /** Compiles the project and runs its tests on {@code jdk}: under the agent (unless {@code agent} is false), with these system properties. */
    TestRun test(Jdk jdk, boolean agent, String... properties) throws IOException, InterruptedException {
        return test(TESTS, jdk, agent, properties);
    }

    /** As {@link #test(Jdk, boolean, String...)}, for the test class {@code testClass}. */
    TestRun test(String testClass, Jdk jdk, boolean agent, String... properties) throws IOException, InterruptedException {
        compile();
        runs++;
        Path recording = directory.resolve("run" + runs + ".profq");
        List<String> command = new ArrayList<>();
        command.add(jdk.java().toString());
        if (agent) {
            command.add("-javaagent:" + System.getProperty("profq.agent.jar") + "=out=" + recording + ",include=sample..*");
        }
        command.add("-Dchronicle.analytics.disable=true");
        for (String property : properties) {
            command.add("-D" + property);
        }
        command.addAll(List.of("-cp", classes + java.io.File.pathSeparator + System.getProperty("java.class.path"),
                LaunchTests.class.getName(), testClass));
        Path output = directory.resolve("run" + runs + ".out");
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).start();
        if (!process.waitFor(180, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the sample's tests did not end in 180 s: " + Files.readString(output));
        }
        return new TestRun(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8), recording);
    }

    private void compile() throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> arguments = new ArrayList<>(List.of("--release", "17", "-g", "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path")));
        try (Stream<Path> sources = Files.walk(directory.resolve("src"))) {
            sources.filter(file -> file.toString().endsWith(".java")).forEach(file -> arguments.add(file.toString()));
        }
        assertEquals(0, javac.run(null, null, null, arguments.toArray(String[]::new)), "the sample project compiles");
    }

    /** One run of the sample's tests: the runner's exit code and output (failed tests and their messages, then the totals). */
    record TestRun(int exit, String output, Path recording) {
    }
}
