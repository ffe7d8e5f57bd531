package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.profq.cli.DocExample.Command;
import org.profq.cli.Forked.Outcome;

/**
 * Every example block of README.md and docs/ runs, as Rust's doc tests do: in a directory laid
 * out like the repository's root (its {@code ./profq} launcher, {@code samples/} and
 * {@code recorder/}) holding recordings of the bundled samples, so that a renamed column, view,
 * option or command fails the build. How blocks are marked: docs/architecture.md, "Examples in
 * the docs".
 */
class DocExamplesIT {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path WORK = Path.of("target", "doc-examples").toAbsolutePath();

    /** The recordings every example that does not record finds, as the docs' examples make them. */
    private static final Map<String, List<String>> RECORDINGS = Map.of(
            "Allocations", List.of(),
            "Recursion", List.of(),
            "LazyInit", List.of("--events=calls:uses", "--track=1"),
            "ThrowSites", List.of("--events=calls:exceptions"),
            "Threads", List.of("--events=calls:uses", "--track=1000"));

    @TestFactory
    Stream<DynamicTest> everyExampleRuns() throws IOException {
        return examples().stream().map(example -> DynamicTest.dynamicTest(example.toString(), () -> run(example)));
    }

    @Test
    void theDocsHaveExamplesOfEachKind() throws IOException {
        List<DocExample> examples = examples();
        for (String kind : List.of("sh", "text", "sql")) {
            assertTrue(examples.stream().anyMatch(example -> example.kind().equals(kind)), "no ```" + kind + " example block");
        }
        assertTrue(examples.stream().anyMatch(example -> example.page().equals("README.md")), "the README's tour has no example");
    }

    @Test
    void aShownOutputIsComparedLineByLine() {
        Command command = new Command("./profq info X.profq", List.of("main class  profq.samples.Allocations", "...", "(1 row)"));
        assertTrue(command.shows(List.of("main class  profq.samples.Allocations   ", "a", "b", "(1 row)")));
        assertTrue(command.shows(List.of("main class  profq.samples.Allocations", "(1 row)")));
        assertFalse(command.shows(List.of("main class  profq.samples.Recursion", "(1 row)")));
        assertFalse(command.shows(List.of("main class  profq.samples.Allocations", "(1 row)", "more")));
        assertEquals(1, new Command("./profq sql A.profq -e 'lifetme by site'   # exits 1", List.of()).exitCode());
    }

    private static List<DocExample> examples() throws IOException {
        List<DocExample> examples = new ArrayList<>(DocExample.in("README.md", Files.readString(ROOT.resolve("README.md"))));
        try (Stream<Path> pages = Files.list(ROOT.resolve("docs"))) {
            for (Path page : pages.filter(path -> path.toString().endsWith(".md")).sorted().toList()) {
                examples.addAll(DocExample.in("docs/" + page.getFileName(), Files.readString(page)));
            }
        }
        return examples;
    }

    private static void run(DocExample example) throws Exception {
        Path dir = workspace(example);
        switch (example.kind()) {
            case "sh" -> {
                Files.writeString(dir.resolve("example.sh"), example.text());
                Outcome outcome = shell(dir, "set -e\n. ./example.sh");
                assertEquals(0, outcome.exitCode(), () -> example + " failed:\n" + example.text() + outcome);
            }
            case "sql" -> {
                if (example.recording() == null) {
                    fail(example + ": a ```sql example names the recording it runs on, e.g. ```sql example Allocations");
                }
                Files.writeString(dir.resolve("example.sql"), example.text());
                Outcome outcome = shell(dir, "./profq sql " + example.recording() + ".profq -f example.sql");
                assertEquals(0, outcome.exitCode(), () -> example + " failed:\n" + example.text() + outcome);
            }
            case "text" -> {
                for (Command command : example.commands()) {
                    Outcome outcome = shell(dir, command.shell());
                    List<String> shown = new ArrayList<>(outcome.stdout().lines().toList());
                    shown.addAll(outcome.stderr().lines().toList());
                    assertEquals(command.exitCode(), outcome.exitCode(), () -> example + ": $ " + command.shell() + "\n" + outcome);
                    if (!command.shows(shown)) {
                        assertEquals(String.join("\n", command.output()), String.join("\n", shown),
                                example + ": $ " + command.shell() + " printed something else");
                    }
                }
            }
            default -> fail(example + ": an example block is sh, text or sql, not " + example.kind());
        }
    }

    /** {@code bash -c script} in {@code dir}, with the launcher's class-data archive off (no background training run). */
    private static Outcome shell(Path dir, String script) throws IOException, InterruptedException {
        Path wrapped = Files.writeString(Files.createTempFile(dir, "command", ".sh"), "export PROFQ_CDS=off\n" + script + "\n");
        return Forked.run(dir, List.of("bash", wrapped.getFileName().toString()));
    }

    /**
     * A new directory laid out like the repository's root, with the samples' recordings unless
     * the example records its own.
     */
    private static Path workspace(DocExample example) throws IOException {
        Files.createDirectories(WORK);
        Path dir = Files.createTempDirectory(WORK, example.page().replaceAll("\\W", "_") + "-" + example.line() + "-");
        Files.createSymbolicLink(dir.resolve("profq"), ROOT.resolve("profq"));
        for (String module : List.of("samples", "recorder", "query-engine", "cli", "udfs")) {
            Files.createSymbolicLink(dir.resolve(module), ROOT.resolve(module));
        }
        if (!example.records()) {
            for (Map.Entry<String, List<String>> sample : RECORDINGS.entrySet()) {
                Files.createSymbolicLink(dir.resolve(sample.getKey() + ".profq"), Recorded.sample(sample.getKey(), sample.getValue()));
            }
        }
        return dir;
    }
}
