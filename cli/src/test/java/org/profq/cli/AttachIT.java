package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.recorder.Required;
import org.profq.recording.Recording;
import org.profq.recording.UnwovenClass;

/**
 * {@code profq attach} to a JVM started without profq (the LongRun sample, waiting on stdin
 * before its work classes load): the recording has the calls and allocations of the classes
 * loaded after the attach, names the one loaded before as unwoven ({@code profq info}, the
 * {@code unwoven_classes} table), and the program's output and exit code are its own;
 * {@code profq detach} ends the recording while the program runs on.
 */
class AttachIT {

    @Test
    void recordsTheClassesLoadedAfterTheAttachAndNamesThoseLoadedBefore(@TempDir Path dir) throws Exception {
        Waiting program = Waiting.start(dir, "2");
        Outcome attach = run(dir, profq("attach", String.valueOf(program.process.pid()), "--out", "attached.profq"));
        assertEquals(0, attach.exitCode(), attach::toString);
        assertEquals(List.of("profq: recording JVM " + program.process.pid() + " (profq.samples.LongRun) into attached.profq: the"
                + " classes it loads from now on; the 1 of its classes loaded before are not woven (profq info attached.profq lists"
                + " them). profq detach " + program.process.pid() + " ends the recording, as does the program's end."), attach.stderrLines());

        Outcome ended = program.proceedAndFinish();
        assertEquals(0, ended.exitCode(), ended::toString);
        assertEquals("waiting\nready\ndone\n", ended.stdout());
        assertEquals("", ended.stderr(), "nothing added to the program's stderr");

        Path recording = dir.resolve("attached.profq");
        try (Recording opened = Recording.open(recording)) {
            assertEquals(List.of(new UnwovenClass("profq.samples.LongRun", UnwovenClass.LOADED_BEFORE_ATTACH)), opened.unwovenClasses());
            assertTrue(opened.end().isPresent(), "the program's end ended the recording");
            Map<String, Long> calls = callsByMethod(opened);
            // and profq's weaving of Cell, which the first step loads, is a frame of its own in that call
            assertEquals(Set.of("profq.samples.LongRun$Worker.step(I)J", "profq.samples.LongRun$Worker.square(I)J",
                    "profq.samples.LongRun$Worker$Cell.<init>(J)V", "<profq>.weaving()V"), calls.keySet(),
                    "main is unwoven, the work is woven");
            long steps = calls.get("profq.samples.LongRun$Worker.step(I)J");
            assertTrue(steps > 20, calls.toString());
            assertEquals(10 * steps, calls.get("profq.samples.LongRun$Worker.square(I)J"), calls.toString());
        }

        Outcome info = run(dir, profq("info", "attached.profq"));
        assertEquals(0, info.exitCode(), info::toString);
        assertEquals(List.of("unwoven       1 loaded before profq attached, not recorded: profq.samples.LongRun"
                        + " (SELECT * FROM unwoven_classes lists them)"),
                info.stdout().lines().filter(line -> line.startsWith("unwoven")).toList());
        assertTrue(info.stdout().contains("1 left unwoven (1 loaded before profq attached)"), info.stdout());
        Outcome table = run(dir, profq("sql", "attached.profq", "--format", "csv", "-e",
                "SELECT name, reason FROM unwoven_classes"));
        assertEquals("name,reason\nprofq.samples.LongRun,loaded before profq attached\n", table.stdout(), table::toString);
    }

    /** JDK 25: the attach works, and the warning on the program's stderr is the JVM's own (JEP 451), which profq points out. */
    @Test
    void onJdk25TheJvmItselfWarnsAboutTheDynamicallyLoadedAgent(@TempDir Path dir) throws Exception {
        Path java25 = Path.of(Forked.javaIn(Path.of(Forked.property("profq.jdk25.home"))));
        Required.that(Files.isExecutable(java25), "no JDK 25 at " + java25);
        Waiting program = Waiting.start(dir, java25.toString(), "1");
        String pid = String.valueOf(program.process.pid());
        Outcome attach = run(dir, profq("attach", pid, "--out", "attached.profq"));
        assertEquals(0, attach.exitCode(), attach::toString);
        assertEquals("profq: JVM " + pid + " may print a warning about a dynamically loaded agent on its stderr (JDK 21+);"
                + " -XX:+EnableDynamicAgentLoading at its start avoids it.", attach.stderrLines().get(1));

        Outcome ended = program.proceedAndFinish();
        assertEquals(0, ended.exitCode(), ended::toString);
        assertEquals("waiting\nready\ndone\n", ended.stdout());
        assertTrue(ended.stderr().startsWith("WARNING: A Java agent has been loaded dynamically ("), ended.stderr());
        try (Recording opened = Recording.open(dir.resolve("attached.profq"))) {
            assertTrue(callsByMethod(opened).getOrDefault("profq.samples.LongRun$Worker.step(I)J", 0L) > 0, "recorded on JDK 25");
        }
    }

    @Test
    void detachEndsTheRecordingWhileTheProgramRunsOn(@TempDir Path dir) throws Exception {
        Waiting program = Waiting.start(dir, "60");
        try {
            String pid = String.valueOf(program.process.pid());
            assertEquals(0, run(dir, profq("attach", pid, "--out", "attached.profq", "--flush", "100")).exitCode());
            Outcome twice = run(dir, profq("attach", pid, "--out", "again.profq"));
            assertEquals(1, twice.exitCode(), twice::toString);
            assertEquals(List.of("profq: profq records JVM " + pid + " already, into " + dir.resolve("attached.profq").toRealPath()
                    + "; profq detach " + pid + " ends that recording."), twice.stderrLines());
            program.proceed();
            Thread.sleep(1_000);

            Outcome detach = run(dir, profq("detach", pid));
            assertEquals(0, detach.exitCode(), detach::toString);
            assertTrue(detach.stderr().startsWith("profq: recorded "), detach::toString);
            assertTrue(program.process.isAlive(), "the program runs on");
            try (Recording opened = Recording.open(dir.resolve("attached.profq"))) {
                assertTrue(opened.end().isPresent(), "detach wrote the end record");
                assertTrue(callsByMethod(opened).getOrDefault("profq.samples.LongRun$Worker.step(I)J", 0L) > 0, "recorded till the detach");
            }
            Outcome again = run(dir, profq("detach", pid));
            assertEquals(List.of("profq: profq is not recording JVM " + pid + "; profq attach " + pid + " starts a recording."),
                    again.stderrLines());
        } finally {
            program.process.destroy();
            program.process.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static Map<String, Long> callsByMethod(Recording recording) {
        return recording.readAllCalls().stream()
                .collect(Collectors.groupingBy(call -> recording.methodName(call.methodId()), Collectors.counting()));
    }

    /** LongRun with --wait, started without profq: it has printed "waiting" and reads stdin. */
    private record Waiting(Process process, Path stdout, Path stderr) {
        static Waiting start(Path dir, String seconds) throws IOException, InterruptedException {
            return start(dir, Forked.JAVA, seconds);
        }

        static Waiting start(Path dir, String java, String seconds) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(Forked.sample("LongRun"));
            command.set(0, java);
            command.addAll(List.of(seconds, "--wait"));
            Path out = dir.resolve("program.out");
            Path err = dir.resolve("program.err");
            Process process = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(out).contains("waiting") && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            return new Waiting(process, out, err);
        }

        void proceed() throws IOException {
            OutputStream in = process.getOutputStream();
            in.write("go\n".getBytes(StandardCharsets.UTF_8));
            in.close();
        }

        Outcome proceedAndFinish() throws IOException, InterruptedException {
            proceed();
            assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the program ended");
            return new Outcome(process.exitValue(), Files.readString(stdout), Files.readString(stderr));
        }
    }
}
