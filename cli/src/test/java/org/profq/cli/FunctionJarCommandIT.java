package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.recorder.Required;

/**
 * The example function jar the reactor builds from samples' {@code profq.samples.udfs} (the
 * {@code -udfs} jar): named with {@code --udf}, or dropped into {@code $HOME/.profq/udfs}; its
 * functions called by name, listed by {@code \functions}; one that throws reported with its
 * name and jar, after which the shell goes on.
 */
class FunctionJarCommandIT {
    private static final Path JAR = Path.of(Forked.property("profq.sample.udfs.jar")).toAbsolutePath().normalize();

    @Test
    void aJarNamedWithUdfGivesItsFunctions(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("sql", Recorded.sample("Phases").toString(), "--udf", JAR.toString(), "--format", "csv",
                "-e", "SELECT method_name(signature) AS name, shout(simple_name(signature)) AS loud FROM heap_by_method ORDER BY 1"));
        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("name,loud\ncompute,PHASES.COMPUTE(INT)\nload,PHASES.LOAD(INT)\n", outcome.stdout());
    }

    @Test
    void aFunctionThatThrowsIsNamedWithItsJar(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("sql", Recorded.sample("Phases").toString(), "--udf", JAR.toString(),
                "-e", "SELECT ten_over(depth) FROM calls"));
        assertEquals(1, outcome.exitCode(), outcome::toString);
        assertTrue(outcome.stderr().contains("the function ten_over from " + JAR + " failed: java.lang.ArithmeticException: / by zero"),
                outcome.stderr());
    }

    @Test
    void aJarInTheUsersUdfDirectoryLoadsWithoutBeingNamed(@TempDir Path home) throws Exception {
        Files.copy(JAR, Files.createDirectories(home.resolve(".profq").resolve("udfs")).resolve("mine.jar"));
        List<String> command = new ArrayList<>(List.of("env", "HOME=" + home));
        command.addAll(profq("sql", Recorded.sample("Phases").toString(), "--format", "csv",
                "-e", "SELECT ROUND(geo_mean(x), 6) AS g FROM (VALUES (1), (4), (16)) AS t(x)"));
        Outcome outcome = run(home, command);
        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("g\n4.0\n", outcome.stdout());
    }

    @Test
    void theShellListsTheFunctionsAndGoesOnAfterOneThrows(@TempDir Path home) throws Exception {
        Required.that(Tmux.available(), "tmux is not installed (.ci/run installs it)");
        List<String> command = new ArrayList<>(Forked.profq("sql", Recorded.sample("Phases").toString(), "--udf", JAR.toString()));
        command.add(1, "-Duser.home=" + home);
        try (Tmux terminal = Tmux.start(home, command, 220, 60)) {
            terminal.await("recording=> ");
            terminal.typeLine("\\functions");
            String screen = terminal.await("rows)");
            assertTrue(screen.contains("fmt_bytes(n BIGINT) → VARCHAR"), screen);
            assertTrue(screen.contains("method_name(signature VARCHAR) → VARCHAR"), screen);
            assertTrue(screen.contains("the method's name alone: a.b.C.run(int) is run"), screen);
            assertTrue(screen.contains("TABLE(descendants(call_id BIGINT))"), screen);
            terminal.typeLine("SELECT ten_over(depth) FROM calls;");
            terminal.await("failed: java.lang.ArithmeticException: / by zero");
            terminal.typeLine("SELECT COUNT(*) AS n FROM calls;");
            screen = terminal.await("(1 row)");
            assertTrue(screen.contains("\n 5\n"), screen);
        }
    }
}
