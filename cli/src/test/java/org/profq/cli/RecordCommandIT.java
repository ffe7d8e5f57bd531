package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.profq.cli.Forked.JAVA;
import static org.profq.cli.Forked.SAMPLES_JAR;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.record;
import static org.profq.cli.Forked.run;
import static org.profq.cli.Forked.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.cli.Forked.Running;
import org.profq.recording.RecordedEvent;
import org.profq.recording.Recording;
import org.profq.recording.RecordingWindow;
import org.profq.recorder.SampleRun;

/**
 * {@code profq record}, run for real: the packaged cli jar in a forked JVM records a sample
 * program in another, through the packaged agent. The program's output and exit code are its
 * own; profq adds one summary line on stderr, or one sentence and exit 2 before the program runs.
 */
class RecordCommandIT {
    private static final String RECURSION_OUTPUT = "sum(10) = 55" + System.lineSeparator();

    @Test
    void recordsRecursionAndLeavesItsOutputAlone(@TempDir Path dir) throws Exception {
        Outcome alone = run(dir, sample("Recursion"));
        Outcome recorded = run(dir, record(List.of(), "Recursion"));

        assertEquals(RECURSION_OUTPUT, alone.stdout());
        assertEquals(0, recorded.exitCode(), recorded::toString);
        assertEquals(alone.stdout(), recorded.stdout());
        try (Recording recording = Recording.open(dir.resolve("Recursion.profq"))) {
            assertEquals(24, ProgramEvents.count(recording), "12 calls (main, sum(10)..sum(0)): 12 entries and 12 exits");
            assertEquals(List.of(summary("Recursion.profq", recording)), recorded.stderrLines());
        }
    }

    /**
     * With --no-index the summary says that the first query builds the index; the log scan it made
     * is kept, so that profq info reads the header alone.
     */
    @Test
    void saysThatTheFirstQueryBuildsAnIndexItLeft(@TempDir Path dir) throws Exception {
        Outcome recorded = run(dir, record(List.of("--no-index"), "Recursion"));

        assertEquals(0, recorded.exitCode(), recorded::toString);
        Path out = dir.resolve("Recursion.profq");
        try (Recording recording = Recording.open(out)) {
            assertEquals(List.of(summaryOfTheLog("Recursion.profq", recording) + "; not indexed yet: the first query will build the index."),
                    recorded.stderrLines());
        }
        assertEquals(List.of("logscan.state"), entries(out.resolve("index")), "the log scan's state alone, no table");
        try (Recording reopened = org.profq.engine.api.Recordings.open(out)) {
            assertTrue(reopened.logBytesScanned() < reopened.logBytes(), reopened.logBytesScanned() + " bytes read of " + reopened.logBytes());
        }
    }

    @Test
    void exitsWithTheProgramsExitCode(@TempDir Path dir) throws Exception {
        Outcome alone = run(dir, sample("SystemExit"));
        Outcome recorded = run(dir, record(List.of(), "SystemExit"));

        assertEquals(3, alone.exitCode());
        assertEquals(3, recorded.exitCode(), recorded::toString);
        assertEquals(alone.stdout(), recorded.stdout());
        try (Recording recording = Recording.open(dir.resolve("SystemExit.profq"))) {
            assertTrue(recording.end().isPresent(), "System.exit runs the recorder's shutdown hook");
            assertEquals(List.of(summary("SystemExit.profq", recording)), recorded.stderrLines());
        }
    }

    @Test
    void namesTheRecordingAfterTheMainClassAndNumbersItWhenTaken(@TempDir Path dir) throws Exception {
        Outcome first = run(dir, record(List.of(), "Recursion"));
        Outcome second = run(dir, record(List.of(), "Recursion"));

        assertEquals(List.of("Recursion-2.profq", "Recursion.profq"), entries(dir));
        try (Recording one = Recording.open(dir.resolve("Recursion.profq"));
             Recording two = Recording.open(dir.resolve("Recursion-2.profq"))) {
            assertEquals(List.of(summary("Recursion.profq", one)), first.stderrLines());
            assertEquals(List.of(summary("Recursion-2.profq", two)), second.stderrLines());
            assertEquals(24, ProgramEvents.count(two));
        }
    }

    @Test
    void passesItsOptionsToTheAgent(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("runs").resolve("allocations.profq");
        Outcome recorded = run(dir, record(List.of("--out", out.toString(), "--events", "allocations", "--clock", "exact",
                "--tick", "50", "--include", "profq.samples..*", "--exclude", "profq.samples.Recursion"), "Allocations"));

        assertEquals(0, recorded.exitCode(), recorded::toString);
        assertEquals(List.of("runs"), entries(dir), "no default-named recording beside the one --out names");
        try (Recording recording = Recording.open(out)) {
            assertEquals("include=profq.samples..*,exclude=profq.samples.Recursion,events=allocations,out=" + out
                    + ",clock=exact,tick=50", recording.run().options());
            assertEquals("exact", recording.run().clock());
            List<RecordedEvent> events = recording.readAllEvents();
            assertFalse(events.isEmpty());
            assertTrue(events.stream().allMatch(event -> event instanceof RecordedEvent.Allocation), "allocations only");
            assertEquals(List.of("profq: --events=allocations records no calls, so the time, call-tree and flame profiles will"
                    + " be empty; add calls to --events to have them.", summary(out.toString(), recording)), recorded.stderrLines());
        }
    }

    /**
     * A program that fails to start (java finds no main class) leaves no empty recording behind,
     * and profq says so in one sentence after java's own message; the exit code is java's.
     */
    @Test
    void aProgramThatFailsToStartLeavesNoRecording(@TempDir Path dir) throws Exception {
        Outcome alone = run(dir, List.of(Forked.JAVA, "-cp", Forked.SAMPLES_JAR.toString(), "profq.samples.NoSuchClass"));
        Outcome recorded = run(dir, record(List.of(), "NoSuchClass"));

        assertEquals(1, alone.exitCode(), alone::toString);
        assertEquals(alone.exitCode(), recorded.exitCode(), recorded::toString);
        assertEquals(alone.stdout(), recorded.stdout());
        List<String> expected = new ArrayList<>(alone.stderrLines());
        expected.add("profq: nothing was recorded: the program failed (exit code 1) before any of its code ran, as when java"
                + " cannot find the main class, so no recording was kept.");
        assertEquals(expected, recorded.stderrLines());
        assertEquals(List.of(), entries(dir));
    }

    @Test
    void givesTheProgramItsStandardInput(@TempDir Path dir) throws Exception {
        Path source = Files.writeString(dir.resolve("Shout.java"), """
                public class Shout {
                    public static void main(String[] args) throws Exception {
                        System.out.print(new String(System.in.readAllBytes()).toUpperCase());
                    }
                }
                """);
        Path classes = Files.createDirectory(dir.resolve("classes"));
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), source.toString()));

        Outcome recorded = Forked.run(dir, profq("record", "--", JAVA, "-cp", classes.toString(), "Shout"), "hello\nworld\n");

        assertEquals(0, recorded.exitCode(), recorded::toString);
        assertEquals("HELLO\nWORLD\n", recorded.stdout());
        assertTrue(Files.isDirectory(dir.resolve("Shout.profq")));
    }

    @Test
    void anUnknownOptionIsAUsageErrorThatNamesIt(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, record(List.of("--frobnicate"), "Recursion"));

        assertEquals(2, outcome.exitCode(), outcome::toString);
        assertEquals(List.of("profq: unknown option: '--frobnicate'; see 'profq record --help'."), outcome.stderrLines());
        assertEquals("", outcome.stdout(), "the program did not run");
        assertEquals(List.of(), entries(dir), "nothing was created");
    }

    @Test
    void aBadOptionValueIsAUsageErrorBeforeTheProgramRuns(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, record(List.of("--tick", "5"), "Recursion"));

        assertEquals(2, outcome.exitCode(), outcome::toString);
        assertEquals(List.of("profq: tick '5' is not a period in microseconds between 10 and 1000000."), outcome.stderrLines());
        assertEquals("", outcome.stdout());
        assertEquals(List.of(), entries(dir));
    }

    @Test
    void aWindowTooSmallIsAUsageErrorBeforeTheProgramRuns(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, record(List.of("--max-size=100k"), "Recursion"));

        assertEquals(2, outcome.exitCode(), outcome::toString);
        assertEquals(List.of("profq: maxsize '100k' is too small; use 1m or more (the recording's names and a few segments"
                + " of events must fit)."), outcome.stderrLines());
        assertEquals("", outcome.stdout());
        assertEquals(List.of(), entries(dir));
    }

    /** ManyCalls makes 10,000,002 events, about 15 MB: a 1 MB window keeps its last part, and info says which. */
    @Test
    void maxSizeKeepsTheLatestWindowAndInfoSaysWhichPartOfTheRunItHolds(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("many.profq");
        Outcome recorded = run(dir, record(List.of("--out", out.toString(), "--max-size=1m", "--max-age=1h"), "ManyCalls"));

        assertEquals(0, recorded.exitCode(), recorded::toString);
        assertEquals("sum 17500000\n", recorded.stdout());
        Outcome info = run(dir, Forked.profq("info", out.toString()));
        assertEquals(0, info.exitCode(), info::toString);
        try (Recording recording = Recording.open(out)) {
            assertEquals("out=" + out + ",maxsize=1m,maxage=1h", recording.run().options());
            RecordingWindow window = recording.window().orElseThrow();
            // and the CPU time readings, kept or dropped: at most one per thread and reading period
            long events = recording.eventCount() + window.eventsDropped();
            long mostCpuReadings = recording.threads().size()
                    * (recording.durationNanos() / recording.calibration().orElseThrow().cpuPeriodNanos() + 1);
            assertTrue(events >= 10_000_002L && events <= 10_000_002L + mostCpuReadings, events + " events");
            String windowLine = info.stdout().lines().filter(line -> line.startsWith("window")).findFirst().orElseThrow();
            assertTrue(windowLine.matches("window {8}the run from [0-9.]+ (s|ms) on; " + window.eventsDropped()
                    + " events before it dropped \\(in events lost\\)"), windowLine);
        }
    }

    /** --values (repeatable) and --raw-strings reach the agent as values=P1:P2,rawstrings=true; the recording holds the values. */
    @Test
    void valuesChooseTheMethodsWhoseParametersAreRecorded(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("values.profq");
        Outcome recorded = run(dir, record(List.of("--out", out.toString(), "--values=*Recursion.sum", "--values", "*.main",
                "--raw-strings"), "Recursion"));

        assertEquals(0, recorded.exitCode(), recorded::toString);
        assertEquals(RECURSION_OUTPUT, recorded.stdout());
        try (Recording recording = Recording.open(out)) {
            assertEquals("out=" + out + ",values=*Recursion.sum:*.main,rawstrings=true", recording.run().options());
            long[] parameters = new long[1];
            recording.forEachEvent(event -> parameters[0] += event instanceof RecordedEvent.Parameter ? 1 : 0);
            assertEquals(12, parameters[0], "sum's 11 calls and main's args array");
        }
        Outcome alone = run(dir, record(List.of("--raw-strings"), "Recursion"));
        assertEquals(2, alone.exitCode(), alone::toString);
        assertEquals(List.of("profq: --raw-strings keeps the text of value-profiled string parameters; give the methods with"
                + " --values=PATTERN."), alone.stderrLines());
    }

    /** --aspects reaches the agent as aspects=JAR (absolute); a jar that is not there is refused before the program runs. */
    @Test
    void aspectsWeaveTheUsersOwnAspects(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("balls.profq");
        Outcome recorded = run(dir, record(List.of("--out", out.toString(), "--aspects", Forked.SAMPLE_ASPECTS_JAR.toString()),
                "events.BouncingBalls"));

        assertEquals(0, recorded.exitCode(), recorded::toString);
        assertEquals("9 bounces\n", recorded.stdout());
        try (Recording recording = Recording.open(out)) {
            assertEquals("out=" + out + ",aspects=" + Forked.SAMPLE_ASPECTS_JAR, recording.run().options());
            assertEquals(List.of("ball_velocity"), recording.userEventTypes().stream().map(type -> type.name()).toList());
        }
        Outcome missing = run(dir, record(List.of("--aspects", "nosuch.jar"), "Recursion"));
        assertEquals(2, missing.exitCode(), missing::toString);
        assertEquals(List.of("profq: aspects jar " + dir.toRealPath().resolve("nosuch.jar") + " does not exist; give the jar"
                + " that holds your aspects and their META-INF/aop.xml."), missing.stderrLines());
        assertEquals("", missing.stdout());
    }

    /**
     * An aspect compiled without javac -g: AspectJ cannot bind {@code target(ball)} by name and
     * would fail on every class it advises; the aspect is left out, with a warning that says why,
     * and the program is still recorded by profq's own aspects.
     */
    @Test
    void anAspectWithoutParameterNamesIsLeftOutAndSaysWhy(@TempDir Path dir) throws Exception {
        Path source = Files.createDirectories(dir.resolve("src/nodebug")).resolve("BallWatch.java");
        Files.writeString(source, """
                package nodebug;

                import org.aspectj.lang.annotation.Aspect;
                import org.aspectj.lang.annotation.Before;

                @Aspect
                public class BallWatch {
                    @Before("call(void profq.samples.events.Ball.setVelocity(int, int)) && target(ball)")
                    public void watch(profq.samples.events.Ball ball) {
                    }
                }
                """);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        int compiled = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-g:none", "-d", classes.toString(),
                "-cp", Forked.AGENT_JAR + java.io.File.pathSeparator + SAMPLES_JAR, source.toString());
        assertEquals(0, compiled, "javac compiled the aspect");
        Files.createDirectories(classes.resolve("META-INF"));
        Files.writeString(classes.resolve("META-INF/aop.xml"), "<aspectj><aspects><aspect name=\"nodebug.BallWatch\"/></aspects></aspectj>\n");
        Path jar = dir.resolve("nodebug.jar");
        SampleRun.jar(classes, List.of("nodebug/BallWatch.class", "META-INF/aop.xml"), jar);

        Path out = dir.resolve("balls.profq");
        Outcome recorded = run(dir, record(List.of("--out", out.toString(), "--aspects", jar.toString()), "events.BouncingBalls"));

        assertEquals(0, recorded.exitCode(), recorded::toString);
        assertEquals("9 bounces\n", recorded.stdout());
        try (Recording recording = Recording.open(out)) {
            assertTrue(recording.warnings().contains("left the aspect nodebug.BallWatch unwoven: its advice nodebug.BallWatch.watch"
                    + " binds its pointcut's values to parameters whose names are not in its class file, and AspectJ needs"
                    + " them; compile the aspects with javac -g, or name the parameters in the annotation's argNames"),
                    recording.warnings()::toString);
            assertEquals(0, recording.weaving().orElseThrow().leftUnwoven(), "the program's classes are woven");
            assertTrue(recording.eventCount() > 100, "the program is recorded: " + recording.eventCount() + " events");
        }
    }

    @Test
    void refusesAnOutDirectoryThatIsNotEmptyBeforeTheProgramRuns(@TempDir Path dir) throws Exception {
        Path out = Files.createDirectory(dir.resolve("taken.profq"));
        Files.writeString(out.resolve("keep.txt"), "mine");

        Outcome outcome = run(dir, record(List.of("--out", out.toString()), "Recursion"));

        assertEquals(2, outcome.exitCode(), outcome::toString);
        assertEquals(List.of("profq: the output directory " + out
                + " already exists and is not empty; remove it or choose another with --out."), outcome.stderrLines());
        assertEquals("", outcome.stdout(), "the program did not run");
        assertEquals(List.of("keep.txt"), entries(out));
    }

    @Test
    void refusesAnOutDirectoryItCannotCreateBeforeTheProgramRuns(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "a file, not a directory");
        Path out = file.resolve("rec.profq");

        Outcome outcome = run(dir, record(List.of("--out", out.toString()), "Recursion"));

        assertEquals(2, outcome.exitCode(), outcome::toString);
        assertEquals(List.of("profq: cannot create the output directory " + out + " (Not a directory); choose another with --out."),
                outcome.stderrLines());
        assertEquals("", outcome.stdout(), "the program did not run");
    }

    @Test
    void refusesAnOutDirectoryItCannotWriteBeforeTheProgramRuns(@TempDir Path dir) throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")), "root may write into a read-only directory");
        Path out = Files.createDirectory(dir.resolve("read-only.profq"));
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            Outcome outcome = run(dir, record(List.of("--out", out.toString()), "Recursion"));

            assertEquals(2, outcome.exitCode(), outcome::toString);
            assertEquals(List.of("profq: cannot write to the output directory " + out
                    + " (permission denied); choose another with --out."), outcome.stderrLines());
            assertEquals("", outcome.stdout(), "the program did not run");
        } finally {
            Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void saysWhatToTypeWhenTheJavaCommandIsMissing(@TempDir Path dir) throws Exception {
        Outcome nothing = run(dir, profq("record"));
        Outcome noDelimiter = run(dir, profq("record", "java", "-cp", SAMPLES_JAR.toString(), "profq.samples.Recursion"));
        Outcome notJava = run(dir, profq("record", "--", "ls", "-l"));

        assertEquals(2, nothing.exitCode(), nothing::toString);
        assertEquals(List.of("profq: give the java command to record after --, e.g. profq record -- java -cp app.jar com.example.Main."),
                nothing.stderrLines());
        assertEquals(2, noDelimiter.exitCode(), noDelimiter::toString);
        assertEquals(List.of("profq: put -- before the java command: profq record [options] -- java -cp " + SAMPLES_JAR
                + " profq.samples.Recursion."), noDelimiter.stderrLines());
        assertEquals("", noDelimiter.stdout(), "the program did not run");
        assertEquals(2, notJava.exitCode(), notJava::toString);
        assertEquals(List.of("profq: the command after -- must start with java or the path of a java executable, not 'ls',"
                + " e.g. profq record -- java -cp app.jar com.example.Main."), notJava.stderrLines());
        assertEquals(List.of(), entries(dir));
    }

    @Test
    void reportsAKilledProgramAsTheShellDoesAndSaysTheRecordingEndedAbruptly(@TempDir Path dir) throws Exception {
        Running running = Forked.start(dir, record(List.of(), "Sleeper"), "");
        running.awaitStdout("ready");
        ProcessHandle program = running.process().children().findFirst().orElseThrow();
        program.destroyForcibly(); // SIGKILL: no shutdown hook, no end record

        Outcome outcome = running.finish();

        assertEquals(128 + 9, outcome.exitCode(), outcome::toString);
        try (Recording recording = Recording.open(dir.resolve("Sleeper.profq"))) {
            assertTrue(recording.end().isEmpty());
            assertEquals(0, recording.eventsLost(), "nothing counted: the unflushed batch is lost uncounted");
            assertEquals(List.of(summaryOfTheLog("Sleeper.profq", recording).replace(", 0 lost)", ", events lost unknown, 0 counted)")
                    + "; the recording ended abruptly, so events not yet flushed when the program died are missing; the index is ready."),
                    outcome.stderrLines());
        }
        Outcome info = run(dir, profq("info", "Sleeper.profq"));
        assertEquals(0, info.exitCode(), info::toString);
        assertEquals(List.of("events lost   unknown — the program was killed before the recorder's end record; each"
                + " thread's last events (at most 32 KB or one flush interval (flush=, 1 second by default) of them) are missing; 0 counted"),
                info.stdout().lines().filter(line -> line.startsWith("events lost")).toList());
    }

    @Test
    void passesSigtermOnToTheProgramAndWaitsForIt(@TempDir Path dir) throws Exception {
        Running running = Forked.start(dir, record(List.of(), "Sleeper"), "");
        running.awaitStdout("ready");
        ProcessHandle program = running.process().children().findFirst().orElseThrow();
        running.process().destroy(); // SIGTERM to profq alone, as `kill <pid>` does

        Outcome outcome = running.finish();

        assertEquals(128 + 15, outcome.exitCode(), outcome::toString);
        assertFalse(program.isAlive());
        try (Recording recording = Recording.open(dir.resolve("Sleeper.profq"))) {
            assertTrue(recording.end().isPresent(), "the program's shutdown hook wrote the end record");
            assertEquals(List.of(summary("Sleeper.profq", recording)), outcome.stderrLines());
        }
    }

    @Test
    void findsTheAgentBesideItsBuildAndReadsWithoutTheLaunchersFlags(@TempDir Path dir) throws Exception {
        Outcome recorded = run(dir, List.of(JAVA, "-jar", Forked.CLI_JAR.toString(), "record", "--",
                JAVA, "-cp", SAMPLES_JAR.toString(), "profq.samples.Recursion"));

        assertEquals(0, recorded.exitCode(), recorded::toString);
        assertEquals(RECURSION_OUTPUT, recorded.stdout());
        try (Recording recording = Recording.open(dir.resolve("Recursion.profq"))) {
            assertEquals(List.of(summary("Recursion.profq", recording)), recorded.stderrLines());
        }
    }

    @Test
    void failsInOneSentenceWhenTheAgentJarIsMissing(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("no-such-agent.jar");
        Outcome outcome = run(dir, List.of(JAVA, "-D" + AgentJar.PROPERTY + "=" + missing, "-jar", Forked.CLI_JAR.toString(),
                "record", "--", JAVA, "-cp", SAMPLES_JAR.toString(), "profq.samples.Recursion"));

        assertEquals(1, outcome.exitCode(), outcome::toString);
        assertEquals(List.of("profq: the agent jar " + missing + " named by -Dprofq.agent.jar does not exist;"
                + " build it with ./mvnw -q install -DskipTests or correct the path."), outcome.stderrLines());
        assertEquals("", outcome.stdout());
        assertEquals(List.of(), entries(dir), "no recording directory was left behind");
    }

    @Test
    void answersHelpAndVersionOnEveryCommand(@TempDir Path dir) throws Exception {
        Outcome help = run(dir, profq("--help"));
        Outcome recordHelp = run(dir, profq("record", "--help"));
        Outcome version = run(dir, profq("--version"));
        Outcome recordVersion = run(dir, profq("record", "--version"));

        assertEquals(0, help.exitCode(), help::toString);
        assertTrue(help.stdout().startsWith("Usage: profq [-hV] [COMMAND]"), help::toString);
        assertTrue(help.stdout().matches("(?s).*\\n  record +Runs a Java program with the profq agent and writes its recording\\.\\R.*"),
                help::toString);
        assertEquals(0, recordHelp.exitCode(), recordHelp::toString);
        assertTrue(recordHelp.stdout().contains("Usage: profq record [--include=PATTERN]..."), recordHelp::toString);
        assertTrue(recordHelp.stdout().contains("-- java [JVM options] MAIN [args...]"), recordHelp::toString);
        String expectedVersion = "profq " + Forked.property("profq.version") + System.lineSeparator();
        assertEquals(0, version.exitCode(), version::toString);
        assertEquals(expectedVersion, version.stdout());
        assertEquals(expectedVersion, recordVersion.stdout());
        assertEquals("", help.stderr() + recordHelp.stderr() + version.stderr() + recordVersion.stderr());
    }

    /** The summary line profq prints for a complete recording indexed while the program ran, from the reader's own figures. */
    private static String summary(String name, Recording recording) {
        return summaryOfTheLog(name, recording) + "; the index is ready.";
    }

    /** The summary line's first part: the events and the log. */
    private static String summaryOfTheLog(String name, Recording recording) {
        long events = recording.eventCount();
        String perEvent = events == 0 ? "" : String.format(Locale.ROOT, ", %.1f bytes/event", (double) recording.logBytes() / events);
        return "profq: recorded " + String.format(Locale.ROOT, "%,d", events) + (events == 1 ? " event" : " events") + " to " + name
                + " (" + String.format(Locale.ROOT, "%,d", recording.logBytes()) + " bytes in the log" + perEvent + ", "
                + recording.eventsLost() + " lost)";
    }

    private static List<String> entries(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }
}
