package org.profq.bench.real;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import org.profq.bench.BenchEnvironment;
import org.profq.bench.DependencyResolver;

import picocli.CommandLine;

/**
 * profq's compatibility suite (issue 14): each program run once without a profiler and once
 * under the agent with every event family ({@code events=calls:allocations:deaths:exceptions:uses},
 * a fresh woven-class cache), on JDK 17 and, for the programs named by {@code --jdk25-programs},
 * on JDK 25 too. One markdown table: identical standard output (and report file), exit codes,
 * standard error lines the profiled run has beyond the plain one (line multisets), classes woven
 * and left unwoven (the recording's weaving summary, every JVM of the group), JVMs recorded,
 * files that appeared in the program's working directory only under profq (an {@code ajcore}
 * dump, say), and the wall-time ratio of that one pair.
 *
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests
 * java -cp bench/target/profq-bench.jar org.profq.bench.real.CompatibilitySuite --help
 * </pre>
 * ({@link SuiteOptions}).
 *
 * {@code --agent-options} adds agent options to the profq runs' (after {@code events=}), e.g.
 * {@code values=*} to value-profile every method.
 *
 * <p>{@code --corpus all} runs the compatibility corpus instead ({@link CorpusPrograms}, {@code --corpus ci}
 * its CI rows): profq with its default options (only {@code out=} and {@code cache=} given), a
 * second profq run from the woven-class cache the first filled, and the methods left unwoven among
 * those the weaver saw, in one table ({@link CorpusTable}); every row on JDK 25 too where the
 * program supports it.
 */
public final class CompatibilitySuite {
    static final String EVENTS = ProfilerSetups.EVERYTHING_WITH_USES;
    private static final List<String> ALL = Stream.concat(RealPrograms.NAMES.stream(), CompatibilityPrograms.NAMES.stream()).toList();

    /**
     * One program on one JDK. {@code cachedDifference}: how the second profq run (classes from the
     * woven-class cache the first one filled) differed from the plain run, "" if it did not, null
     * if it was not made. {@code methodsSeen} and {@code methodsLeftUnwoven}: -1 when the recording
     * does not count methods.
     */
    record Row(Program program, String jdk, String mainJar, boolean sameStdout, String firstDifference, int plainExit,
               int profqExit, List<String> addedStderr, List<String> removedStderr, long woven, long leftUnwoven,
               String unwovenReasons, int jvms, List<String> newFiles, double plainSeconds, double profqSeconds,
               List<String> notes, String cachedDifference, long methodsSeen, long methodsLeftUnwoven) {
        boolean clean() {
            return identical() && leftUnwoven == 0 && notes.isEmpty();
        }

        /** A row for a program that could not be fetched or built: nothing ran. */
        static Row notSetUp(String name, RuntimeException failure) {
            Program program = new Program(name, "could not be set up", List.of(), "?", List.of(), run -> List.of(), List.of(), "*", null,
                    Program.Normalisation.NONE, null);
            return new Row(program, "-", "?", false, "not run", -1, -1, List.of(), List.of(), 0, 0, "", 0, List.of(), 0, 0,
                    List.of("could not be set up: " + Behaviour.clip(String.valueOf(failure).replace('\n', ' '))), null, -1, -1);
        }

        /** The program behaved the same under profq (and again from the cache, when that run was made). */
        boolean identical() {
            return sameStdout && plainExit == profqExit && addedStderr.isEmpty() && removedStderr.isEmpty() && newFiles.isEmpty()
                    && (cachedDifference == null || cachedDifference.isEmpty());
        }
    }

    public static void main(String[] args) throws IOException {
        SuiteOptions options = new SuiteOptions();
        CommandLine commandLine = new CommandLine(options).setOverwrittenOptionsAllowed(true);
        try {
            commandLine.parseArgs(args);
        } catch (CommandLine.ParameterException badOptions) {
            System.err.println(badOptions.getMessage());
            commandLine.usage(System.err);
            System.exit(2);
        }
        if (commandLine.isUsageHelpRequested()) {
            commandLine.usage(System.out);
            return;
        }
        String corpus = options.corpus; // "all", "ci", or null: the suite's own programs
        List<String> programs = options.programs(ALL);
        List<String> jdk25Programs = options.jdk25Programs();
        boolean jdk17 = options.jdk17();
        Duration timeout = options.timeout();
        // The corpus runs profq as a user would: default options (and out=, cache=); the suite records every event family.
        String events = options.events();

        BenchEnvironment environment = BenchEnvironment.locate(BenchEnvironment.currentJava());
        Path target = environment.benchJar().getParent();
        Path cache = options.sources.cache();
        Path work = (options.work != null ? options.work : target.resolve("compatibility")).toAbsolutePath();
        Path jdk25Java = options.sources.jdk25Java();
        Path java = Path.of(environment.java());
        Path maven = options.sources.maven(target);
        Files.createDirectories(work.resolve("inputs"));
        Files.createDirectories(cache);
        if (!Snapshot.isRunningFromSnapshot()) {
            List<String> relaunchArgs = new ArrayList<>(List.of(args));
            relaunchArgs.addAll(List.of("--work", work.toString(), "--maven", maven.toString(), "--cache", cache.toString()));
            System.exit(Snapshot.relaunch(environment.benchJar(), work, environment.java(), CompatibilitySuite.class,
                    String.join(" ", args), relaunchArgs));
        }
        Path agent = environment.profqAgent();
        MavenCentral central = new MavenCentral(cache, options.sources.repository);
        DependencyResolver resolver = new DependencyResolver(cache, maven);
        Path srcZip = options.sources.srcZip();
        RealPrograms real = new RealPrograms(central, resolver, new JdkSources(srcZip, cache), work, java, options.tiny);
        CompatibilityPrograms compat = new CompatibilityPrograms(central, resolver, work.resolve("inputs"), java);
        CorpusPrograms corpusPrograms = new CorpusPrograms(resolver, compat, work.resolve("inputs"), java);
        String extraOptions = options.agentOptions;
        CompatibilitySuite suite = new CompatibilitySuite(work.resolve("runs"), agent, environment, timeout,
                (events.equals("default") ? "" : ",events=" + events) + (extraOptions.isEmpty() ? "" : "," + extraOptions),
                corpus != null);

        List<Row> rows = new ArrayList<>();
        long start = System.nanoTime();
        for (String name : programs) {
            Program program;
            try {
                program = corpus != null ? corpusPrograms.named(name)
                        : RealPrograms.NAMES.contains(name) ? real.named(name) : compat.named(name);
            } catch (RuntimeException setupFailed) {
                // A program that cannot be fetched or built is said in the table, not a reason to lose the other rows.
                System.err.println(name + ": could not be set up: " + setupFailed);
                rows.add(Row.notSetUp(name, setupFailed));
                continue;
            }
            System.err.println(program.name() + ": " + program.input());
            if (jdk17) {
                rows.add(suite.check(program, java, "17"));
            }
            if (jdk25Java != null && jdk25Programs.contains(name)) {
                rows.add(suite.check(program, jdk25Java, "25"));
            }
        }
        String header = String.format(Locale.ROOT, "%s, %s: one plain and %s profq run per row, profq with "
                        + "`%s` and an empty woven-class cache, %d cores, harness %s %s, %.1f min. Command: "
                        + "`java -cp bench/target/profq-bench.jar %s %s`", corpus == null ? "Compatibility suite" : "Compatibility corpus",
                LocalDate.now(), corpus == null ? "one" : "two (the second from the woven-class cache the first filled)",
                suite.agentOptions("<recording>", "<cache>"),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"), System.getProperty("java.version"),
                (System.nanoTime() - start) / 60e9, CompatibilitySuite.class.getName(),
                System.getProperty(Snapshot.COMMAND_PROPERTY, String.join(" ", args)));
        String table = corpus == null ? SuiteTable.render(rows, header) : CorpusTable.render(rows, header);
        Files.writeString(work.resolve("results.md"), table);
        System.out.println(table);
    }

    private final Path runs;
    private final Path agent;
    private final BenchEnvironment environment;
    private final Duration timeout;
    /** Agent options after {@code out=}, each with its leading comma ({@code events=} among them unless the default); "" for none. */
    private final String extraOptions;
    /** Whether a second profq run reuses the first one's woven-class cache (the corpus does). */
    private final boolean cachedRun;

    private CompatibilitySuite(Path runs, Path agent, BenchEnvironment environment, Duration timeout, String extraOptions,
                               boolean cachedRun) {
        this.runs = runs;
        this.agent = agent;
        this.environment = environment;
        this.timeout = timeout;
        this.extraOptions = extraOptions;
        this.cachedRun = cachedRun;
    }

    String agentOptions(Object recording, Object wovenCache) {
        return "out=" + recording + extraOptions + ",cache=" + wovenCache;
    }

    Row check(Program program, Path java, String jdk) {
        String name = program.name() + "-jdk" + jdk;
        Path plainDir = runs.resolve(name + "-plain");
        Path profqDir = runs.resolve(name + "-profq");
        Path recording = runs.resolve(name + ".profq");
        Path wovenCache = runs.resolve(name + "-woven-cache");
        Path cachedDir = runs.resolve(name + "-profq-cached");
        Path cachedRecording = runs.resolve(name + "-cached.profq");
        for (Path path : List.of(plainDir, profqDir, recording, wovenCache, cachedDir, cachedRecording)) {
            ProgramMeasurement.delete(path);
        }
        JvmRun.Result plain = JvmRun.run(JvmRun.command(java, program.jvmOptions(), program.classPath(), program.mainClass(),
                program.arguments().apply(plainDir)), plainDir, timeout);
        JvmRun.Result profq = profqRun(program, java, recording, wovenCache, profqDir);
        System.err.printf(Locale.ROOT, "  %-14s JDK %s: %6.2f s plain (exit %d), %6.2f s profq (exit %d)%n", program.name(), jdk,
                plain.seconds(), plain.exitCode(), profq.seconds(), profq.exitCode());

        List<String> notes = new ArrayList<>();
        String plainOut = normalisedStdout(program, plain);
        String profqOut = normalisedStdout(program, profq);
        String difference = Behaviour.firstDifference("stdout", profqOut, plainOut);
        if (difference.isEmpty() && program.reportFile() != null) {
            difference = Behaviour.firstDifference("report", report(program, profq), report(program, plain));
        }
        List<String> plainErr = stderrLines(plain);
        List<String> profqErr = stderrLines(profq);
        List<String> added = minus(profqErr, plainErr);
        List<String> removed = minus(plainErr, profqErr);
        List<String> newFiles = new ArrayList<>(files(profqDir));
        newFiles.removeAll(files(plainDir));
        if (plain.timedOut() || profq.timedOut()) {
            notes.add((plain.timedOut() ? "plain" : "profq") + " run timed out after " + timeout.toMinutes() + " min");
        }

        String cachedDifference = null;
        if (cachedRun) {
            JvmRun.Result cached = profqRun(program, java, cachedRecording, wovenCache, cachedDir);
            System.err.printf(Locale.ROOT, "  %-14s JDK %s: %6.2f s profq from the cache (exit %d)%n", program.name(), jdk,
                    cached.seconds(), cached.exitCode());
            cachedDifference = behaviourDifference(program, plain, cached);
            ProgramMeasurement.delete(cachedRecording);
            if (cachedDifference.isEmpty()) {
                ProgramMeasurement.delete(cachedDir);
            }
        }

        long woven = 0;
        long unwoven = 0;
        long methodsSeen = -1;
        long methodsUnwoven = -1;
        int jvms = 0;
        Map<String, Long> reasons = new LinkedHashMap<>();
        if (Files.isDirectory(recording)) {
            List<String> readerOptions = new ArrayList<>(List.of("-Xmx1g"));
            JvmRun.Result dump = JvmRun.run(JvmRun.command(runsJava(), readerOptions, environment.readerJars(),
                    WeavingDump.class.getName(), List.of(recording.toString())), runs.resolve(name + "-dump"), timeout);
            if (dump.exitCode() != 0) {
                notes.add("reading the recording failed (exit " + dump.exitCode() + "): "
                        + ProgramMeasurement.head(dump.stderrText(), 5));
            }
            for (String line : dump.stdoutText().lines().toList()) {
                String[] f = line.split("\t", -1);
                if (f[0].equals("jvm")) {
                    jvms++;
                    if (f[5].equals("-")) {
                        notes.add(f[1] + " (" + f[2] + ") has no weaving summary (ended before the recorder could write it)");
                        continue;
                    }
                    woven += Long.parseLong(f[5]);
                    unwoven += Long.parseLong(f[9]);
                    if (f.length > 12 && !f[11].equals("-")) {
                        methodsSeen = Math.max(methodsSeen, 0) + Long.parseLong(f[11]);
                        methodsUnwoven = Math.max(methodsUnwoven, 0) + Long.parseLong(f[12]);
                    }
                    if (f.length > 10 && !f[10].isEmpty()) {
                        for (String reason : f[10].split(",")) {
                            int eq = reason.lastIndexOf('=');
                            reasons.merge(reason.substring(0, eq), Long.parseLong(reason.substring(eq + 1)), Long::sum);
                        }
                    }
                    if (!f[4].equals("0")) {
                        notes.add(f[1] + " lost " + f[4] + " events");
                    }
                } else if (f[0].equals("warning")) {
                    notes.add(f[1] + " warning: " + f[2]);
                }
            }
            ProgramMeasurement.delete(runs.resolve(name + "-dump"));
        } else {
            notes.add("no recording at " + recording);
        }
        Row row = new Row(program, jdk + " (" + javaVersion(java) + ")", mainJar(program), difference.isEmpty(), difference,
                plain.exitCode(), profq.exitCode(), added, removed, woven, unwoven,
                reasons.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", ")), jvms,
                newFiles, plain.seconds(), profq.seconds(), notes, cachedDifference, methodsSeen, methodsUnwoven);
        if (!row.clean()) {
            System.err.println("  " + program.name() + " JDK " + jdk + ": " + (difference.isEmpty() ? "" : difference + "; ")
                    + "added stderr " + added + ", removed " + removed + ", new files " + newFiles + ", notes " + notes);
        }
        // Keep the runs of a row that is not clean for a look; recordings can be gigabytes, so they go.
        ProgramMeasurement.delete(recording);
        ProgramMeasurement.delete(wovenCache);
        if (row.clean()) {
            ProgramMeasurement.delete(plainDir);
            ProgramMeasurement.delete(profqDir);
        }
        return row;
    }

    private JvmRun.Result profqRun(Program program, Path java, Path recording, Path wovenCache, Path directory) {
        List<String> options = new ArrayList<>(program.jvmOptions());
        options.add("-javaagent:" + agent + "=" + agentOptions(recording, wovenCache));
        return JvmRun.run(JvmRun.command(java, options, program.classPath(), program.mainClass(), program.arguments().apply(directory)),
                directory, timeout);
    }

    /** "" if {@code run} behaved as {@code plain} (stdout, report, exit code, stderr lines, new files), else the first difference. */
    private static String behaviourDifference(Program program, JvmRun.Result plain, JvmRun.Result run) {
        String difference = Behaviour.firstDifference("stdout", normalisedStdout(program, run), normalisedStdout(program, plain));
        if (difference.isEmpty() && program.reportFile() != null) {
            difference = Behaviour.firstDifference("report", report(program, run), report(program, plain));
        }
        if (difference.isEmpty() && plain.exitCode() != run.exitCode()) {
            difference = "exit code " + run.exitCode() + " instead of " + plain.exitCode();
        }
        List<String> added = minus(stderrLines(run), stderrLines(plain));
        if (difference.isEmpty() && !added.isEmpty()) {
            difference = added.size() + " stderr lines added, the first `" + Behaviour.clip(added.get(0)) + "`";
        }
        List<String> removed = minus(stderrLines(plain), stderrLines(run));
        if (difference.isEmpty() && !removed.isEmpty()) {
            difference = removed.size() + " stderr lines missing, the first `" + Behaviour.clip(removed.get(0)) + "`";
        }
        Set<String> newFiles = new TreeSet<>(files(run.directory()));
        newFiles.removeAll(files(plain.directory()));
        if (difference.isEmpty() && !newFiles.isEmpty()) {
            difference = "new files " + newFiles;
        }
        return difference;
    }

    private static Path runsJava() {
        return Path.of(BenchEnvironment.currentJava());
    }

    private static String normalisedStdout(Program program, JvmRun.Result run) {
        return program.normalisation().stdout().apply(run.stdoutText().replace(run.directory().toString(), "<run>"));
    }

    private static String report(Program program, JvmRun.Result run) {
        String text = JvmRun.read(run.directory().resolve(program.reportFile())).replace(run.directory().toString(), "<run>");
        return program.normalisation().report().apply(text);
    }

    /**
     * java.util.logging's console format starts a record with the time of day ({@code Nov 23, 2026 8:11:16 PM
     * org.apache.lucene.store.MemorySegmentIndexInputProvider <init>}): that time becomes {@code <time>}, so a
     * log line the program prints in both runs is the same line.
     */
    private static final Pattern LOG_TIME = Pattern.compile("^[A-Z][a-z]{2} \\d{1,2}, \\d{4},? \\d{1,2}:\\d{2}:\\d{2}(?:[ \\u202f\\u00a0][AP]M)? ");

    static List<String> stderrLines(JvmRun.Result run) {
        return run.stderrText().replace(run.directory().toString(), "<run>").lines()
                .map(line -> LOG_TIME.matcher(line).replaceFirst("<time> ")).toList();
    }

    /** The lines of {@code a} not matched one for one by a line of {@code b} (multiset difference), in {@code a}'s order. */
    static List<String> minus(List<String> a, List<String> b) {
        Map<String, Integer> left = new HashMap<>();
        b.forEach(line -> left.merge(line, 1, Integer::sum));
        List<String> extra = new ArrayList<>();
        for (String line : a) {
            Integer n = left.get(line);
            if (n == null || n == 0) {
                extra.add(line);
            } else {
                left.put(line, n - 1);
            }
        }
        return extra;
    }

    /** Files and directories under a run directory, relative, without the harness's own three files. */
    private static Set<String> files(Path directory) {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.filter(p -> !p.equals(directory)).map(p -> directory.relativize(p).toString())
                    .filter(p -> !p.equals("stdout.txt") && !p.equals("stderr.txt") && !p.equals("command.txt"))
                    .forEach(names::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    /** The jar (or directory) holding the main class, and the class-file major version of that class. */
    static String mainJar(Program program) {
        String entry = program.mainClass().replace('.', '/') + ".class";
        for (Path path : program.classPath()) {
            try {
                if (Files.isDirectory(path)) {
                    Path file = path.resolve(entry);
                    if (Files.isRegularFile(file)) {
                        try (InputStream in = Files.newInputStream(file)) {
                            return "`" + program.mainClass().substring(program.mainClass().lastIndexOf('.') + 1) + ".class` ("
                                    + major(in) + ")";
                        }
                    }
                } else {
                    try (ZipFile zip = new ZipFile(path.toFile())) {
                        var found = zip.getEntry(entry);
                        if (found != null) {
                            try (InputStream in = zip.getInputStream(found)) {
                                return "`" + path.getFileName() + "` (" + major(in) + ")";
                            }
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return "?";
    }

    private static int major(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        data.readInt();
        data.readUnsignedShort();
        return data.readUnsignedShort();
    }

    private static String javaVersion(Path java) {
        try {
            Process process = new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version").redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes());
            process.waitFor();
            return out.lines().map(String::strip).filter(l -> l.startsWith("java.version = ")).findFirst()
                    .map(l -> l.substring("java.version = ".length())).orElse("?");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "?";
        }
    }

    private CompatibilitySuite() {
        this(null, null, null, null, "", false);
    }
}
