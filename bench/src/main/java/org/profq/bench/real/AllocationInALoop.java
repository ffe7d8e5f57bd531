package org.profq.bench.real;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import org.profq.bench.BenchEnvironment;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Whether {@code profq check} catches a one-line change that adds an allocation in a loop, and
 * only that: records each program once as it is (the baseline), {@code --repeats} times more as it
 * is, and once with {@code new byte[16];} added at the end of a loop of one of its methods
 * ({@link LoopAllocation}, a copy of the method's jar with that class file rewritten). Each run is
 * checked against the baseline by the {@code profq check} command itself: the unchanged runs must
 * pass with no difference at all, the changed run must fail with exactly two differences, the
 * objects and the bytes at the added site.
 *
 * <pre>
 * ./mvnw -q -pl cli,bench -am package -DskipTests
 * java -cp 'bench/target/profq-bench.jar:bench/target/query-lib/*' org.profq.bench.real.AllocationInALoop \
 *      --programs xalan,antlr4 --repeats 20
 * </pre>
 * The method changed is the most called one of the baseline whose first loop holds a line that
 * allocated in the baseline (so that the loop ran), unless {@code --method} names one. The table
 * goes to stdout and to {@code <work>/results.md}; progress to stderr.
 */
@Command(name = "AllocationInALoop", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Adds one allocation in a loop of a program's method and checks that profq check names it, and nothing else.")
public final class AllocationInALoop implements Callable<Integer> {
    @Option(names = "--programs", split = ",", paramLabel = "NAME", description = "programs, as CountRepeatability takes them (default: ${DEFAULT-VALUE})")
    List<String> programs = List.of("xalan", "antlr4");

    @Option(names = "--repeats", paramLabel = "N", description = "unchanged runs checked against the baseline (default: ${DEFAULT-VALUE})")
    int repeats = 20;

    @Option(names = "--method", paramLabel = "SIGNATURE", description = "the method to change, as profq names it (a.B.c(int)); default: chosen")
    String method;

    @Option(names = "--events", paramLabel = "FAMILIES", description = "the agent's events= (default: ${DEFAULT-VALUE})")
    String events = "calls:allocations:exceptions";

    @Option(names = "--profq-cli", paramLabel = "JAR", description = "the profq command's jar (default: cli/target/profq-cli.jar beside bench/)")
    Path cliJar;

    @Option(names = "--work", paramLabel = "DIR", description = "where the runs go (default: bench/target/allocation-in-a-loop)")
    Path work;

    @Option(names = "--timeout-minutes", paramLabel = "N", description = "the longest one run may take (default: ${DEFAULT-VALUE})")
    long timeoutMinutes = 10;

    @Mixin
    ProgramSourceOptions sources = new ProgramSourceOptions();

    /** One program's outcome. */
    record Row(String program, String method, String site, long objectsAdded, int repeats, int repeatsDiffering, int changedDifferences,
               boolean changedFailed, boolean onlyTheSite, int counts) {
    }

    /** A method the change can be made in: its class, name and descriptor, its signature and calls. */
    private record Candidate(String className, String name, String descriptor, String signature, long calls) {
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new AllocationInALoop()).execute(args));
    }

    @Override
    public Integer call() throws IOException, SQLException {
        BenchEnvironment environment = BenchEnvironment.locate(BenchEnvironment.currentJava());
        Path target = environment.benchJar().getParent();
        Path workDirectory = (work != null ? work : target.resolve("allocation-in-a-loop")).toAbsolutePath();
        Path java = Path.of(environment.java());
        Path cli = (cliJar != null ? cliJar : target.toAbsolutePath().getParent().getParent().resolve("cli/target/profq-cli.jar"));
        if (!Files.isRegularFile(cli)) {
            throw new IllegalStateException("there is no profq command at " + cli + "; build it (./mvnw -q -pl cli -am package -DskipTests)"
                    + " or name it with --profq-cli");
        }
        NamedPrograms named = new NamedPrograms(environment, sources, workDirectory, java);
        String startLoad = CountRepeatability.loadAverage();
        long start = System.nanoTime();
        List<Row> rows = new ArrayList<>();
        for (String name : programs) {
            rows.add(measure(named.named(name), java, environment.profqAgent().toAbsolutePath(), cli,
                    workDirectory.resolve("runs").resolve(name)));
        }
        String table = table(rows, startLoad, (System.nanoTime() - start) / 60e9);
        Files.writeString(workDirectory.resolve("results.md"), table);
        System.out.print(table);
        return rows.stream().allMatch(row -> row.repeatsDiffering() == 0 && row.changedFailed() && row.onlyTheSite()) ? 0 : 1;
    }

    private Row measure(Program program, Path java, Path agent, Path cli, Path directory) throws IOException, SQLException {
        Path baseline = record(program, program.classPath(), java, agent, directory.resolve("baseline"));
        int counts = countsCompared(check(java, cli, baseline, baseline, directory.resolve("baseline-check")));
        Path changedDirectory = directory.resolve("changed");
        ProgramMeasurement.delete(changedDirectory);
        Path jars = directory.resolve("changed-jars"); // beside the run's directory, which record() empties
        ProgramMeasurement.delete(jars);
        Changed changed = change(program, baseline, jars);
        String site = changed.candidate().signature() + ":" + changed.change().line() + " " + LoopAllocation.TYPE;
        System.err.println(program.name() + ": added new byte[" + LoopAllocation.LENGTH + "] to the loop of " + changed.candidate().signature()
                + " at line " + changed.change().line());
        Path recording = record(program, changed.classPath(), java, agent, changedDirectory);
        CheckOutcome outcome = check(java, cli, baseline, recording, changedDirectory.resolve("check"));
        List<List<String>> differences = outcome.differences();
        boolean onlyTheSite = differences.size() == 2
                && differences.get(0).get(0).equals("objects") && differences.get(0).get(1).equals(site)
                && differences.get(0).get(2).equals("0") && differences.get(0).get(5).equals("grew")
                && differences.get(1).get(0).equals("bytes") && differences.get(1).get(1).equals(site)
                && differences.get(1).get(2).equals("0") && differences.get(1).get(5).equals("grew");
        long added = onlyTheSite ? Long.parseLong(differences.get(0).get(3)) : 0;
        System.err.println(program.name() + ": profq check exited " + outcome.exitCode() + " with " + differences.size() + " differences: "
                + differences);

        int differing = 0;
        for (int run = 1; run <= repeats; run++) {
            Path runDirectory = directory.resolve("repeat-" + run);
            Path repeated = record(program, program.classPath(), java, agent, runDirectory);
            CheckOutcome repeatCheck = check(java, cli, baseline, repeated, runDirectory.resolve("check"));
            if (repeatCheck.exitCode() != 0 || !repeatCheck.differences().isEmpty()) {
                differing++;
                System.err.println(program.name() + ": repeat " + run + " differs: " + repeatCheck.differences());
            } else {
                ProgramMeasurement.delete(runDirectory);
            }
            System.err.printf(Locale.ROOT, "%s: repeat %d of %d, %d differing so far%n", program.name(), run, repeats, differing);
        }
        return new Row(program.name(), changed.candidate().signature(), site, added, repeats, differing, differences.size(),
                outcome.exitCode() == 1, onlyTheSite, counts);
    }

    private Path record(Program program, List<Path> classPath, Path java, Path agent, Path runDirectory) {
        ProgramMeasurement.delete(runDirectory);
        Path recording = runDirectory.resolve("recording.profq");
        List<String> options = new ArrayList<>(program.jvmOptions());
        options.add("-javaagent:" + agent + "=out=" + recording + ",events=" + events);
        JvmRun.Result result = JvmRun.run(JvmRun.command(java, options, classPath, program.mainClass(),
                program.arguments().apply(runDirectory)), runDirectory, Duration.ofMinutes(timeoutMinutes));
        if (result.exitCode() != 0) {
            throw new IllegalStateException(program.name() + " in " + runDirectory + " ended with "
                    + (result.timedOut() ? "a timeout" : "exit code " + result.exitCode()) + ":\n" + result.stderrText());
        }
        return recording;
    }

    /** profq check's exit code and the differences it listed (its CSV rows: count, subject, baseline, current, change, verdict). */
    private record CheckOutcome(int exitCode, List<List<String>> differences, String verdict) {
    }

    private CheckOutcome check(Path java, Path cli, Path baseline, Path current, Path directory) {
        JvmRun.Result result = JvmRun.run(List.of(java.toString(), "-Dchronicle.analytics.disable=true", "-jar", cli.toString(), "check",
                baseline.toString(), current.toString(), "--format", "csv"), directory, Duration.ofMinutes(timeoutMinutes));
        if (result.exitCode() != 0 && result.exitCode() != 1) {
            throw new IllegalStateException("profq check ended with " + result.exitCode() + ":\n" + result.stderrText());
        }
        List<List<String>> rows = new ArrayList<>();
        List<String> lines = JvmRun.read(result.stdout()).lines().toList();
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            rows.add(csvFields(line));
        }
        String verdict = result.stderrText().strip();
        if (result.exitCode() == 1 && rows.isEmpty()) {
            throw new IllegalStateException("profq check failed without a difference: " + verdict);
        }
        return new CheckOutcome(result.exitCode(), rows, verdict);
    }

    /** The number in profq check's verdict: {@code profq check: ok, 2,464 exact counts compared (...)}. */
    private static int countsCompared(CheckOutcome outcome) {
        java.util.regex.Matcher number = java.util.regex.Pattern.compile("([0-9,]+) exact counts compared").matcher(outcome.verdict());
        if (outcome.exitCode() != 0 || !number.find()) {
            throw new IllegalStateException("the baseline checked against itself did not pass: " + outcome.verdict());
        }
        return Integer.parseInt(number.group(1).replace(",", ""));
    }

    /** A line of profq check's CSV: fields with quotes where they hold a comma (a signature's parameters). */
    static List<String> csvFields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    /** The class path with the changed method's jar replaced by a copy holding the changed class. */
    private record Changed(Candidate candidate, LoopAllocation.Change change, List<Path> classPath) {
    }

    private Changed change(Program program, Path baseline, Path jars) throws IOException, SQLException {
        List<Candidate> candidates = new ArrayList<>();
        Map<String, Set<Integer>> allocatingLines = new HashMap<>();
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + baseline);
             Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery("SELECT k.name, m.name, m.descriptor, t.signature, t.calls FROM time_by_method t"
                    + " JOIN methods m ON m.method_id = t.method_id JOIN classes k ON k.class_id = m.class_id"
                    + " WHERE NOT t.is_profq ORDER BY t.calls DESC, t.signature")) {
                while (rows.next()) {
                    candidates.add(new Candidate(rows.getString(1), rows.getString(2), rows.getString(3), rows.getString(4), rows.getLong(5)));
                }
            }
            try (ResultSet rows = statement.executeQuery("SELECT signature, line FROM heap_by_site WHERE signature IS NOT NULL")) {
                while (rows.next()) {
                    allocatingLines.computeIfAbsent(rows.getString(1), signature -> new HashSet<>()).add(rows.getInt(2));
                }
            }
        }
        for (Candidate candidate : candidates) {
            boolean named = method != null && candidate.signature().equals(method);
            if (method != null && !named || method == null && !allocatingLines.containsKey(candidate.signature())) {
                continue;
            }
            Optional<Located> located = locate(program.classPath(), candidate.className());
            if (located.isEmpty()) {
                continue;
            }
            Optional<LoopAllocation.Change> change = LoopAllocation.add(located.get().classFile(), candidate.name(), candidate.descriptor());
            if (change.isEmpty() || !named && change.get().loopLines().stream().noneMatch(allocatingLines.get(candidate.signature())::contains)) {
                if (named) {
                    throw new IllegalArgumentException(method + " has no loop to add an allocation to");
                }
                continue;
            }
            Files.createDirectories(jars);
            Path copy = jars.resolve(located.get().jar().getFileName());
            Files.copy(located.get().jar(), copy);
            try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + copy.toUri()), Map.of())) {
                Files.write(zip.getPath(candidate.className().replace('.', '/') + ".class"), change.get().classFile());
            }
            List<Path> classPath = new ArrayList<>(program.classPath());
            classPath.set(classPath.indexOf(located.get().jar()), copy);
            return new Changed(candidate, change.get(), classPath);
        }
        throw new IllegalStateException(method != null ? "no recorded method of " + program.name() + " is " + method
                : "no recorded method of " + program.name() + " in a jar has a loop whose lines allocated");
    }

    /** A class file and the jar of the class path it is in. */
    private record Located(Path jar, byte[] classFile) {
    }

    private static Optional<Located> locate(List<Path> classPath, String className) {
        String entryName = className.replace('.', '/') + ".class";
        for (Path entry : classPath) {
            if (!Files.isRegularFile(entry)) {
                continue;
            }
            try (JarFile jar = new JarFile(entry.toFile())) {
                ZipEntry classEntry = jar.getEntry(entryName);
                if (classEntry != null) {
                    try (InputStream in = jar.getInputStream(classEntry)) {
                        return Optional.of(new Located(entry, in.readAllBytes()));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return Optional.empty();
    }

    private String table(List<Row> rows, String startLoad, double minutes) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "One allocation added in a loop, %s: each program recorded once as the baseline, %d times"
                        + " more unchanged and once with new byte[%d] at the end of a loop of one method (events=%s), each run checked"
                        + " against the baseline by profq check; %d cores, load average %s at the start, %s at the end, %.1f min."
                        + " Command: `java -cp 'bench/target/profq-bench.jar:bench/target/query-lib/*' %s --programs %s --repeats %d`%n%n",
                LocalDate.now(), repeats, LoopAllocation.LENGTH, events, Runtime.getRuntime().availableProcessors(), startLoad,
                CountRepeatability.loadAverage(), minutes, AllocationInALoop.class.getName(), String.join(",", programs), repeats));
        out.append("| program | exact counts | unchanged runs | with a difference | method changed | differences in the changed run |"
                + " exit code 1 | only the added site |\n|---|---:|---:|---:|---|---|---|---|\n");
        for (Row row : rows) {
            out.append(String.format(Locale.ROOT, "| %s | %,d | %d | %d | `%s` | %d%s | %s | %s |%n", row.program(), row.counts(), row.repeats(),
                    row.repeatsDiffering(), row.method(), row.changedDifferences(),
                    row.onlyTheSite() ? String.format(Locale.ROOT, " (objects and bytes at `%s`, +%,d objects)", row.site(), row.objectsAdded()) : "",
                    row.changedFailed() ? "yes" : "no", row.onlyTheSite() ? "yes" : "no"));
        }
        return out.toString();
    }
}
