package org.profq.bench.real;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs one program under every {@link ProfilerSetup}, in alternating pairs with a run
 * without a profiler on the same JDK (round 1: plain first, round 2: profiled first, ...),
 * and collects what the table reports: the time ratios, whether profq changed the program's
 * behaviour, the recordings' size, and the profiles for the accuracy comparison: profq's from
 * its second round, when there is one (a warm round: its classes come from the woven-class cache,
 * so weaving is not in the profile, as for a user who runs a program twice), the other
 * profilers' from the first; other rounds are only timed and checked.
 */
final class ProgramMeasurement {
    /** One pair: wall seconds without and with the profiler. */
    record Pair(double plainSeconds, double profiledSeconds) {
        double ratio() {
            return profiledSeconds / plainSeconds;
        }
    }

    /** A profq recording's size. {@code seconds} is the wall time of the run that made it. */
    record RecordingFacts(long events, long lost, long logBytes, long diskBytes, double seconds) {
    }

    /** Everything measured for one program. */
    static final class Outcome {
        final Program program;
        final Map<String, ProfilerSetup> setups = new LinkedHashMap<>();
        final Map<String, List<Pair>> pairs = new LinkedHashMap<>();
        final Map<String, List<String>> behaviourDifferences = new LinkedHashMap<>();
        final Map<String, String> failures = new LinkedHashMap<>();
        final Map<String, RecordingFacts> recordings = new LinkedHashMap<>();
        final List<String> agentLines = new ArrayList<>();
        final List<String> plainDifferences = new ArrayList<>();
        final List<Double> plainSeconds = new ArrayList<>();
        MethodProfile profqHeap;
        /** profq's compensated self time (wall), compared with async-profiler's wall-clock samples. */
        MethodProfile profqSelf;
        /** profq's compensated self CPU time, compared with async-profiler's CPU samples. */
        MethodProfile profqSelfCpu;
        MethodProfile asyncAlloc;
        MethodProfile asyncAllocExclusive;
        MethodProfile asyncCpu;
        MethodProfile asyncWall;
        /** The same samples by djprof's exclusive rule ({@link CollapsedStacks#read}): what profq's self times are. */
        MethodProfile asyncCpuExclusive;
        MethodProfile asyncWallExclusive;
        /**
         * async-profiler's CPU samples of another round, each rule: how far two runs of the same
         * sampler agree, the most any comparison with one sampled run can reach.
         */
        MethodProfile asyncCpuOtherRound;
        MethodProfile asyncCpuOtherRoundExclusive;
        Behaviour expected;

        Outcome(Program program) {
            this.program = program;
        }
    }

    private final Path runs;
    private final Path java;
    private final List<Path> queryClassPath;
    private final Duration timeout;
    /** The round whose profq recording is queried for the profiles: the second (warm) one when there are two. */
    private int profileRound;

    ProgramMeasurement(Path runs, Path java, List<Path> queryClassPath, Duration timeout) {
        this.runs = runs;
        this.java = java;
        this.queryClassPath = queryClassPath;
        this.timeout = timeout;
    }

    Outcome measure(Program program, List<ProfilerSetup> setups, int rounds) {
        profileRound = rounds > 1 ? 1 : 0;
        Outcome outcome = new Outcome(program);
        setups.forEach(setup -> outcome.setups.put(setup.key(), setup));
        for (int round = 0; round < rounds; round++) {
            for (ProfilerSetup setup : setups) {
                if (outcome.failures.containsKey(setup.key())) {
                    continue;
                }
                boolean profiledFirst = round % 2 == 1;
                String name = program.name() + "-" + setup.key() + "-" + (round + 1);
                JvmRun.Result plain;
                JvmRun.Result profiled;
                if (profiledFirst) {
                    profiled = run(program, setup, name + "-profiled", true);
                    plain = run(program, setup, name + "-plain", false);
                } else {
                    plain = run(program, setup, name + "-plain", false);
                    profiled = run(program, setup, name + "-profiled", true);
                }
                System.err.printf("  %-14s %-44s round %d: %6.2f s plain, %6.2f s profiled (%.2f×)%n", program.name(),
                        setup.label(), round + 1, plain.seconds(), profiled.seconds(), profiled.seconds() / plain.seconds());
                try {
                    examine(outcome, setup, round, plain, profiled);
                } finally {
                    delete(plain.directory());
                    delete(profiled.directory());
                }
            }
        }
        return outcome;
    }

    private JvmRun.Result run(Program program, ProfilerSetup setup, String name, boolean profiled) {
        Path directory = runs.resolve(name);
        delete(directory);
        List<String> options = new ArrayList<>(program.jvmOptions());
        List<Path> classPath = new ArrayList<>(program.classPath());
        if (profiled) {
            options.addAll(setup.options().apply(directory));
            classPath.addAll(setup.classPath());
        }
        return JvmRun.run(JvmRun.command(setup.java(), options, classPath, program.mainClass(),
                program.arguments().apply(directory)), directory, timeout);
    }

    private void examine(Outcome outcome, ProfilerSetup setup, int round, JvmRun.Result plain, JvmRun.Result profiled) {
        Program program = outcome.program;
        if (plain.timedOut() || profiled.timedOut()) {
            outcome.failures.put(setup.key(), (plain.timedOut() ? "plain" : "profiled") + " run timed out after "
                    + timeout.toMinutes() + " min");
            return;
        }
        boolean sameJdk = setup.java().equals(java);
        if (sameJdk) {
            outcome.plainSeconds.add(plain.seconds());
            Behaviour plainBehaviour = behaviour(program, plain, outcome.expected == null);
            if (outcome.expected == null) {
                outcome.expected = plainBehaviour;
            } else if (round == 0 || outcome.plainDifferences.isEmpty()) {
                String difference = plainBehaviour.differenceFrom(outcome.expected);
                if (!difference.isEmpty()) {
                    outcome.plainDifferences.add(setup.key() + " round " + (round + 1) + ": " + difference);
                }
            }
        }
        if (setup.kind() == ProfilerSetup.Kind.EMPTY_ADVICE) {
            String difference = behaviour(program, profiled, false).differenceFrom(outcome.expected);
            noteDifference(outcome, setup, round, difference, difference);
        } else if (setup.kind() == ProfilerSetup.Kind.PROFQ) {
            Behaviour behaviour = behaviour(program, profiled, true);
            String difference = behaviour.differenceFrom(outcome.expected);
            noteDifference(outcome, setup, round, difference,
                    difference + "; stderr: " + head(JvmRun.read(profiled.stderr()), 40));
            for (String line : behaviour.agentLines()) {
                String tagged = setup.key() + ": " + line;
                if (!outcome.agentLines.contains(tagged)) {
                    outcome.agentLines.add(tagged);
                }
            }
            if (round == profileRound) {
                boolean profiles = setup.key().equals("a");
                Path recording = setup.outputIn(profiled.directory());
                String tooBig = indexTooBig(recording);
                if (profiles && tooBig != null) {
                    profiles = false;
                    outcome.failures.put(setup.key() + "-reading", tooBig);
                }
                JvmRun.Result dump = dumpRecording(setup.outputIn(profiled.directory()), profiles, profiled.directory());
                readDump(outcome, setup, dump.stdoutText(), profiled, profiles && dump.exitCode() == 0);
                if (dump.exitCode() != 0) {
                    outcome.failures.put(setup.key() + "-reading", "reading the recording failed (exit " + dump.exitCode()
                            + "): " + firstLine(dump.stderrText()));
                }
                delete(dump.directory());
            }
        } else if (profiled.exitCode() != plain.exitCode()) {
            outcome.failures.put(setup.key(), "exit code " + profiled.exitCode() + " instead of " + plain.exitCode() + ": "
                    + head(JvmRun.read(profiled.stderr()), 40));
            return;
        } else if (round == 1 && setup.kind() == ProfilerSetup.Kind.ASYNC_CPU
                && Files.isRegularFile(setup.outputIn(profiled.directory()))) {
            outcome.asyncCpuOtherRound = CollapsedStacks.read(setup.outputIn(profiled.directory()), program, false, false);
            outcome.asyncCpuOtherRoundExclusive = CollapsedStacks.read(setup.outputIn(profiled.directory()), program, false, true);
        } else if (round == 0 && setup.kind() != ProfilerSetup.Kind.JFR) {
            Path collapsed = setup.outputIn(profiled.directory());
            if (!Files.isRegularFile(collapsed)) {
                outcome.failures.put(setup.key(), "no " + collapsed.getFileName() + ": " + head(JvmRun.read(profiled.stderr()), 40));
                return;
            }
            if (setup.kind() == ProfilerSetup.Kind.ASYNC_CPU) {
                outcome.asyncCpu = CollapsedStacks.read(collapsed, program, false, false);
                outcome.asyncCpuExclusive = CollapsedStacks.read(collapsed, program, false, true);
            } else if (setup.kind() == ProfilerSetup.Kind.ASYNC_WALL) {
                outcome.asyncWall = CollapsedStacks.read(collapsed, program, false, false);
                outcome.asyncWallExclusive = CollapsedStacks.read(collapsed, program, false, true);
            } else {
                outcome.asyncAlloc = CollapsedStacks.read(collapsed, program, true, false);
                outcome.asyncAllocExclusive = CollapsedStacks.read(collapsed, program, true, true);
            }
        }
        outcome.pairs.computeIfAbsent(setup.key(), k -> new ArrayList<>()).add(new Pair(plain.seconds(), profiled.seconds()));
    }

    /** Keeps {@code quoted} for the notes when the profiled run's behaviour {@code difference} is not empty. */
    private static void noteDifference(Outcome outcome, ProfilerSetup setup, int round, String difference, String quoted) {
        if (!difference.isEmpty()) {
            outcome.behaviourDifferences.computeIfAbsent(setup.key(), k -> new ArrayList<>())
                    .add("round " + (round + 1) + ": " + quoted);
        }
    }

    /** {@code withAfterRun}: also run the program's after-run check (costly; not for every plain run). */
    private Behaviour behaviour(Program program, JvmRun.Result run, boolean withAfterRun) {
        String report = program.reportFile() == null ? null : JvmRun.read(run.directory().resolve(program.reportFile()));
        String afterRun = withAfterRun && program.afterRun() != null ? program.afterRun().apply(run.directory()) : null;
        return Behaviour.of(program, run, report, afterRun);
    }

    private void readDump(Outcome outcome, ProfilerSetup setup, String dump, JvmRun.Result profiled, boolean profiles) {
        long events = 0;
        long lost = 0;
        long logBytes = 0;
        MethodProfile heap = new MethodProfile();
        MethodProfile self = new MethodProfile();
        MethodProfile selfCpu = new MethodProfile();
        for (String line : dump.lines().toList()) {
            String[] fields = line.split("\t");
            switch (fields[0]) {
                case "events" -> events = Long.parseLong(fields[1]);
                case "lost" -> lost = Long.parseLong(fields[1]);
                case "logbytes" -> logBytes = Long.parseLong(fields[1]);
                case "heap" -> heap.add(fields[1] + "." + fields[2], Long.parseLong(fields[3]));
                case "self" -> self.add(fields[1] + "." + fields[2], Long.parseLong(fields[3]));
                case "selfcpu" -> selfCpu.add(fields[1] + "." + fields[2], Long.parseLong(fields[3]));
                default -> {
                }
            }
        }
        outcome.recordings.put(setup.key(), new RecordingFacts(events, lost, logBytes, diskBytesBeforeQuery, profiled.seconds()));
        if (profiles) {
            outcome.profqHeap = heap;
            outcome.profqSelf = self;
            outcome.profqSelfCpu = selfCpu;
        }
    }

    /** The recording's size on disk before anything queries it (a query adds {@code index/}). */
    private long diskBytesBeforeQuery;

    /**
     * The query engine's columnar index takes at most the log's size since index format 13 (0.5-0.9x;
     * 14x before, which once filled the disk), and its build holds some column chunks besides:
     * building it on a disk the machine shares with other work could still fill it, so the
     * profiles are skipped, and said so, when twice the log would take more than half the free space.
     */
    private static String indexTooBig(Path recording) {
        try {
            long log = diskBytes(recording.resolve("events"));
            long free = Files.getFileStore(recording).getUsableSpace();
            long index = log * INDEX_BYTES_PER_LOG_BYTE;
            return index > free / 2 ? String.format(Locale.ROOT, "profiles not queried: the index of this %.1f GB log "
                    + "would need about %.0f GB, and the disk has %.0f GB free", log / 1e9, index / 1e9, free / 1e9) : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final long INDEX_BYTES_PER_LOG_BYTE = 2;

    /** Events and size through the reader, and the profiles through the engine, in a JVM of their own. */
    private JvmRun.Result dumpRecording(Path recording, boolean profiles, Path directory) {
        diskBytesBeforeQuery = diskBytes(recording);
        List<String> options = List.of("-Xmx2g");
        JvmRun.Result result = JvmRun.run(JvmRun.command(java, options, queryClassPath, RecordingProfileDump.class.getName(),
                profiles ? List.of(recording.toString(), "profiles") : List.of(recording.toString())),
                directory.resolveSibling(directory.getFileName() + "-dump"), timeout);
        if (result.exitCode() != 0) {
            System.err.println("reading " + recording + " failed (exit " + result.exitCode() + "): " + head(result.stderrText(), 5));
        }
        return result;
    }

    private static String firstLine(String text) {
        return text.strip().lines().findFirst().orElse("");
    }

    /** Bytes the directory takes on disk ({@code du -sk}): Chronicle's files are sparse, their length says little. */
    private static long diskBytes(Path recording) {
        try {
            Process du = new ProcessBuilder("du", "-sk", recording.toString()).redirectErrorStream(true).start();
            String out = new String(du.getInputStream().readAllBytes()).trim();
            du.waitFor();
            return Long.parseLong(out.split("\\s+")[0]) * 1024;
        } catch (IOException | NumberFormatException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** The first lines of a text, saying how many were left out. */
    static String head(String text, int lines) {
        List<String> all = text.strip().lines().toList();
        if (all.size() <= lines) {
            return String.join("\n", all);
        }
        return String.join("\n", all.subList(0, lines)) + "\n… (" + (all.size() - lines) + " more lines)";
    }

    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    static void delete(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
