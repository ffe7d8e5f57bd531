package org.profq.notebooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.profq.recorder.Jdk;
import org.profq.recorder.SampleRun;
import profq.samples.Churn;
import profq.samples.LazyInit;
import profq.samples.ManyEvents;
import profq.samples.RepeatedArguments;
import profq.samples.ValueKinds;
import profq.samples.events.BouncingBalls;

/**
 * Every notebook, executed headless as a user's Jupyter would run it (Debian's {@code jupyter
 * nbconvert --execute} with Debian's python3 kernel, JPype and profq-jdbc.jar), against
 * recordings of the samples made here through the real agent and handed to it in the
 * environment ({@code PROFQ_RECORDING}, ...); the quickstart is given none and records its
 * sample itself with {@code ./profq record}. Each must run every cell without an error, draw
 * its charts (image/png outputs), and show the samples' known rows in its tables. One
 * executed notebook, exported to HTML, is opened in headless Chromium and its charts are seen
 * drawn. The executed notebooks and the screenshot stay in target/notebooks-it.
 */
class NotebooksIT {
    private static final Path NOTEBOOKS = Path.of(property("profq.notebooks"));
    private static final Path JUPYTER = Path.of("/usr/bin/jupyter");
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path WORK = Path.of("target", "notebooks-it").toAbsolutePath();
    private static final List<String> NAMES = List.of("01-quickstart", "02-heap-and-lifetime", "03-waste", "04-time",
            "05-compare-runs", "06-values", "07-user-events");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Two notebooks at a time: each is a Python kernel and a JVM, mostly busy starting up. */
    private static final ExecutorService JUPYTER_RUNS = Executors.newFixedThreadPool(2);
    private static final Map<String, Future<Executed>> EXECUTED = new HashMap<>();

    @BeforeAll
    static void startEveryNotebook() throws IOException {
        assertTrue(Files.isExecutable(JUPYTER), "Debian's Jupyter is missing: apt-get install jupyter-notebook"
                + " jupyter-nbconvert python3-ipykernel python3-pandas python3-matplotlib python3-jpype (.ci/run does)");
        deleteRecursively(WORK);
        Files.createDirectories(WORK);
        execute("01-quickstart", Map::of);
        execute("02-heap-and-lifetime", () -> Map.of("PROFQ_RECORDING",
                recording(Churn.class, "events=calls:allocations:deaths,track=1")));
        execute("03-waste", () -> Map.of("PROFQ_RECORDING", recording(LazyInit.class, "events=calls:uses,track=1")));
        execute("04-time", () -> Map.of("PROFQ_RECORDING", recording(ManyEvents.class, "", "20000")));
        execute("05-compare-runs", () -> Map.of("PROFQ_RECORDING_A", recording(ManyEvents.class, "", "10000"),
                "PROFQ_RECORDING_B", recording(ManyEvents.class, "", "20000")));
        execute("06-values", () -> Map.of("PROFQ_RECORDING", recording(RepeatedArguments.class, "values=*RepeatedArguments.square"),
                "PROFQ_RECORDING_KINDS", recording(ValueKinds.class, "values=*ValueKinds*")));
        execute("07-user-events", () -> Map.of("PROFQ_RECORDING", recording(BouncingBalls.class,
                "aspects=" + SampleRun.samplesAspectsJar(Files.createDirectories(WORK.resolve("aspects"))))));
    }

    @AfterAll
    static void stop() {
        JUPYTER_RUNS.shutdownNow();
    }

    @Test
    void theNotebooksAreCommittedWithoutOutputs() throws IOException {
        try (Stream<Path> files = Files.list(NOTEBOOKS)) {
            assertEquals(NAMES.stream().map(name -> name + ".ipynb").toList(),
                    files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".ipynb")).sorted().toList());
        }
        for (String name : NAMES) {
            for (JsonNode cell : JSON.readTree(NOTEBOOKS.resolve(name + ".ipynb").toFile()).get("cells")) {
                if (cell.get("cell_type").asText().equals("code")) {
                    assertEquals(0, cell.get("outputs").size(), () -> name + ": a cell with outputs: " + cell.get("source"));
                    assertTrue(cell.get("execution_count").isNull(), () -> name + ": an executed cell: " + cell.get("source"));
                }
            }
        }
    }

    @Test
    void quickstartRecordsTheSampleAndShowsEveryView() throws Exception {
        Executed quickstart = executed("01-quickstart");

        assertTrue(quickstart.stdout().matches("(?s)profq: recorded [\\d,]+ events to \\S+/Allocations\\.profq .*"),
                "the sample was recorded with ./profq record: " + quickstart.stdout());
        assertEquals(1, quickstart.charts(), "charts");
        assertEquals(new Table(List.of("name", "remarks"), List.of(
                List.of("call_tree", "the calling-context tree: how often each call path ran, and how long."),
                List.of("exceptions_by_site", "where are exceptions thrown, and how often?"),
                List.of("flame", "collapsed stacks, the input format of flame-graph tools."),
                List.of("heap_by_class", "which types take the most memory?"),
                List.of("heap_by_method", "which methods allocate the most memory?"),
                List.of("heap_by_site", "which `new` expressions allocate the most memory?"),
                List.of("lifetime_by_site", "which allocation sites make long-lived (or short-lived) objects?"),
                List.of("lifetimes", "how long did each tracked object live?"),
                List.of("time_by_method", "where does the time go, per method?"),
                List.of("value_profile", "which methods are called again and again with the same parameters?"),
                List.of("waste", "how long did each tracked object sit unused before its first use and after its last?"),
                List.of("waste_by_site", "which allocation sites make objects that wait long for their first use"))),
                quickstart.table("views"));
        assertEquals(new Table(List.of("signature", "objects", "bytes", "share"), List.of(
                List.of("profq.samples.Allocations.allocate()", "1110", "31360", "1.0"))),
                quickstart.table("heap-by-method"));
    }

    @Test
    void heapAndLifetimeChartBytesAndLifetimesPerSite() throws Exception {
        Executed notebook = executed("02-heap-and-lifetime");

        assertEquals(2, notebook.charts(), "bytes by site, lifetime distribution");
        assertEquals(new Table(List.of("signature", "line", "type_name", "objects", "bytes", "share"), List.of(
                List.of("profq.samples.Churn.fill(int)", "27", "profq.samples.Churn$Item", "10000", "160000", "0.998702"),
                List.of("profq.samples.Churn.keep(int)", "34", "profq.samples.Churn$Item", "10", "160", "0.000999"),
                List.of("profq.samples.Churn.<clinit>()", "12", "java.util.ArrayList", "1", "24", "0.000150"),
                List.of("profq.samples.Churn.fill(int)", "25", "java.util.ArrayList", "1", "24", "0.000150"))),
                notebook.table("heap-by-site"));
        assertEquals(List.of(
                List.of("profq.samples.Churn.fill(int)", "27", "profq.samples.Churn$Item", "10000", "0"),
                List.of("profq.samples.Churn.keep(int)", "34", "profq.samples.Churn$Item", "10", "10"),
                List.of("profq.samples.Churn.<clinit>()", "12", "java.util.ArrayList", "1", "1"),
                List.of("profq.samples.Churn.fill(int)", "25", "java.util.ArrayList", "1", "0")),
                notebook.table("lifetime-by-site").firstColumns(5), "tracked objects and how many were alive at exit, per site");
    }

    @Test
    void wasteChartsLagUseAndDragPerSite() throws Exception {
        Executed notebook = executed("03-waste");

        assertEquals(1, notebook.charts(), "stacked lag, use and drag");
        assertEquals(List.of(
                List.of("profq.samples.LazyInit.prepare(int)", "24", "profq.samples.LazyInit$Config", "True", "100", "0"),
                List.of("profq.samples.LazyInit.prepare(int)", "22", "profq.samples.LazyInit$Config[]", "False", "1", "0")),
                notebook.table("waste-by-site").firstColumns(6), "uses observable, tracked objects, alive at exit");
    }

    @Test
    void timeShowsTheTopMethodsAndTheCallTree() throws Exception {
        Executed notebook = executed("04-time");

        assertEquals(2, notebook.charts(), "self and inclusive time, the icicle");
        assertEquals(new Table(List.of("signature", "calls"), List.of(
                List.of("profq.samples.ManyEvents.work(long)", "20000"),
                List.of("profq.samples.ManyEvents$Item.<init>(long)", "19998"),
                List.of("profq.samples.ManyEvents.inner(profq.samples.ManyEvents$Item)", "19998"),
                List.of("profq.samples.ManyEvents.fail()", "2"),
                List.of("<profq: weaving>", "1"), // of ManyEvents$Item, in the call that loads it
                List.of("profq.samples.ManyEvents.main(java.lang.String[])", "1"))),
                notebook.table("calls-by-method"));
    }

    @Test
    void compareRunsJoinsTwoRecordingsInOneConnection() throws Exception {
        Executed notebook = executed("05-compare-runs");

        assertEquals(1, notebook.charts(), "self time, a against b");
        assertEquals(new Table(List.of("signature", "a_calls", "b_calls", "calls_ratio"), List.of(
                List.of("profq.samples.ManyEvents.work(long)", "10000", "20000", "2.0"),
                List.of("profq.samples.ManyEvents$Item.<init>(long)", "9999", "19998", "2.0"),
                List.of("profq.samples.ManyEvents.inner(profq.samples.ManyEvents$Item)", "9999", "19998", "2.0"),
                List.of("profq.samples.ManyEvents.fail()", "1", "2", "2.0"),
                List.of("<profq: weaving>", "1", "1", "1.0"),
                List.of("profq.samples.ManyEvents.main(java.lang.String[])", "1", "1", "1.0"))),
                notebook.table("compare-calls"));
        assertEquals(new Table(List.of("signature", "a_objects", "b_objects", "a_bytes", "b_bytes", "diff_bytes"), List.of(
                List.of("profq.samples.ManyEvents.work(long)", "9999", "19998", "239976", "479952", "239976"),
                List.of("profq.samples.ManyEvents.fail()", "1", "2", "40", "80", "40"))),
                notebook.table("compare-bytes"));
    }

    @Test
    void userEventsShowEachVelocityChangeAndItsChart() throws Exception {
        Executed notebook = executed("07-user-events");

        assertEquals(1, notebook.charts(), "dx and dy over time");
        assertEquals(new Table(List.of("ball", "dx", "dy", "speed", "rightward", "changed_in"), List.of(
                List.of("red", "3", "2", "3.6056", "True", "<init>"),
                List.of("blue", "-4", "1", "4.1231", "False", "<init>"),
                List.of("red", "3", "-2", "3.6056", "True", "step"),
                List.of("blue", "4", "1", "4.1231", "True", "step"),
                List.of("blue", "4", "-1", "4.1231", "True", "step"),
                List.of("red", "-3", "-2", "3.6056", "False", "step"),
                List.of("red", "-3", "2", "3.6056", "False", "step"),
                List.of("blue", "-4", "-1", "4.1231", "False", "step"),
                List.of("red", "3", "2", "3.6056", "True", "step"),
                List.of("red", "3", "-2", "3.6056", "True", "step"),
                List.of("blue", "4", "-1", "4.1231", "True", "step"))),
                notebook.table("velocity-changes"));
    }

    @Test
    void valuesShowTheTuplesAndEveryKindOfParameter() throws Exception {
        Executed notebook = executed("06-values");

        assertEquals(2, notebook.charts(), "calls per tuple of square, calls by tuple per method");
        assertEquals(new Table(List.of("signature", "equality", "calls", "distinct_tuples", "top1_calls", "top2_calls",
                "top3_calls", "top3_share"), List.of(
                List.of("profq.samples.RepeatedArguments.square(int)", "MT+R", "100", "3", "50", "30", "20", "1.0"),
                List.of("profq.samples.RepeatedArguments.square(int)", "MT+R/M", "100", "3", "50", "30", "20", "1.0"))),
                notebook.table("value-profile"));
        assertEquals(new Table(List.of("tuple", "calls", "param_position", "type", "value_text"), List.of(
                List.of("1", "50", "1", "int", "7"),
                List.of("2", "30", "1", "int", "3"),
                List.of("3", "20", "1", "int", "9"))),
                notebook.table("square-tuples"));
        assertEquals(List.of(
                List.of("1", "int", "int", "42", "<NA>"),
                List.of("2", "long", "long", "5000000000", "<NA>"),
                List.of("3", "double", "double", "2.5", "<NA>"),
                List.of("4", "boolean", "boolean", "true", "<NA>"),
                List.of("5", "char", "char", "x", "<NA>"),
                List.of("6", "java.lang.String", "string", "#0100224121a8e5a7", "5"),
                List.of("7", "profq.samples.ValueKinds$Color", "enum", "GREEN", "<NA>"),
                List.of("8", "java.lang.Object", "null", "None", "<NA>"),
                List.of("9", "profq.samples.ValueKinds$Shape", "object", "None", "<NA>"),
                List.of("10", "int[]", "array", "None", "<NA>"),
                List.of("11", "java.lang.Integer", "int", "7", "<NA>")),
                notebook.table("describe-params").firstColumns(5), "position, type, kind, value, length");
    }

    @Test
    void anExportedNotebookShowsItsChartsInChromium() throws Exception {
        assertTrue(Files.isExecutable(CHROMIUM), "chromium is missing: apt-get install chromium (.ci/run does)");
        Executed time = executed("04-time");
        Path html = WORK.resolve("html").resolve("04-time.html");
        Outcome export = run(List.of(JUPYTER.toString(), "nbconvert", "--to", "html", "--output-dir", html.getParent().toString(),
                time.path().toString()), Map.of());
        assertEquals(0, export.exitCode(), export::toString);

        Outcome dom = chromium("--dump-dom", html);

        assertEquals(0, dom.exitCode(), dom::toString);
        Matcher images = Pattern.compile("<img[^>]* src=\"data:image/png;base64,[A-Za-z0-9+/=\\s]{1000,}\"").matcher(dom.stdout());
        assertEquals(2, images.results().count(), "both charts are in the page as PNG images");
        assertTrue(dom.stdout().contains(">The call tree as an icicle"), "the prose is rendered");

        Path screenshot = WORK.resolve("04-time.png");
        Outcome shot = chromium("--screenshot=" + screenshot, html);
        assertEquals(0, shot.exitCode(), shot::toString);
        BufferedImage page = ImageIO.read(screenshot.toFile());
        assertTrue(pixelsNear(page, 0x1f77b4) > 5_000, "the bars of the time chart (matplotlib's tab:blue) are drawn: " + screenshot);
    }

    /** What running one notebook left: the executed notebook (JSON) and where it is. */
    private record Executed(Path path, JsonNode notebook) {
        /** The code cells' outputs that are charts (image/png); fails on any cell that raised. */
        int charts() {
            int charts = 0;
            for (JsonNode output : outputs()) {
                charts += output.path("data").has("image/png") ? 1 : 0;
            }
            return charts;
        }

        /** What the cells printed on stdout, in order. */
        String stdout() {
            StringBuilder text = new StringBuilder();
            for (JsonNode output : outputs()) {
                if (output.get("output_type").asText().equals("stream") && output.get("name").asText().equals("stdout")) {
                    text.append(joined(output.get("text")));
                }
            }
            return text.toString();
        }

        /** The DataFrame the cell tagged {@code tag} ends with, read from its plain-text form. */
        Table table(String tag) {
            for (JsonNode cell : notebook.get("cells")) {
                for (JsonNode cellTag : cell.path("metadata").path("tags")) {
                    if (cellTag.asText().equals(tag)) {
                        for (JsonNode output : cell.get("outputs")) {
                            if (output.get("output_type").asText().equals("execute_result")) {
                                return Table.parse(joined(output.get("data").get("text/plain")));
                            }
                        }
                        fail("the cell tagged " + tag + " shows no result: " + cell);
                    }
                }
            }
            throw new AssertionError("no cell tagged " + tag + " in " + path);
        }

        private List<JsonNode> outputs() {
            List<JsonNode> outputs = new ArrayList<>();
            for (JsonNode cell : notebook.get("cells")) {
                for (JsonNode output : cell.path("outputs")) {
                    assertTrue(!output.get("output_type").asText().equals("error"), () -> path + ": a cell failed: " + output);
                    outputs.add(output);
                }
            }
            return outputs;
        }
    }

    /**
     * A DataFrame as pandas prints it with the notebooks' options (whole values, one line per
     * row): a header of column names, then per row its index and values, each value
     * right-aligned under its column's name (so a column ends where its name does).
     */
    private record Table(List<String> columns, List<List<String>> rows) {
        static Table parse(String text) {
            List<String> lines = text.lines().toList();
            List<String> columns = new ArrayList<>();
            List<Integer> ends = new ArrayList<>();
            Matcher names = Pattern.compile("\\S+").matcher(lines.get(0));
            while (names.find()) {
                columns.add(names.group());
                ends.add(names.end());
            }
            List<List<String>> rows = new ArrayList<>();
            for (String line : lines.subList(1, lines.size())) {
                assertEquals(ends.get(ends.size() - 1), line.length(), () -> "rows as wide as the header:\n" + text);
                List<String> row = new ArrayList<>();
                // the first column's text begins with the row's index
                row.add(line.substring(0, ends.get(0)).strip().split("\\s+", 2)[1]);
                for (int column = 1; column < ends.size(); column++) {
                    row.add(line.substring(ends.get(column - 1), ends.get(column)).strip());
                }
                rows.add(row);
            }
            return new Table(columns, rows);
        }

        List<List<String>> firstColumns(int count) {
            return rows.stream().map(row -> row.subList(0, count)).toList();
        }
    }

    private record Outcome(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    /**
     * The path of the recording of {@code sample} with these arguments, made through the real
     * agent with the exact clock and these extra options, once per test JVM.
     */
    private static synchronized String recording(Class<?> sample, String options, String... args) {
        String name = String.join("-", Stream.concat(Stream.of(sample.getSimpleName()), Stream.of(args)).toList());
        Path recording = WORK.resolve("recordings").resolve(name + ".profq");
        if (!Files.isDirectory(recording)) {
            SampleRun.Result result = SampleRun.record(Jdk.current(), recording,
                    "clock=exact" + (options.isEmpty() ? "" : "," + options), sample, args);
            assertEquals(0, result.exitCode(), () -> sample.getName() + " failed:\n" + result.stderr());
        }
        return recording.toString();
    }

    /**
     * Starts executing notebook {@code name} in the background, with the recordings it is to
     * open (made first, on the same thread) in its environment.
     */
    private static void execute(String name, Callable<Map<String, String>> recordings) {
        EXECUTED.put(name, JUPYTER_RUNS.submit(() -> {
            Path executed = WORK.resolve("executed");
            Map<String, String> environment = new LinkedHashMap<>(recordings.call());
            // where the notebook records when it is given no recording: away from the source tree
            environment.put("PROFQ_RECORDINGS_DIR", Files.createDirectories(WORK.resolve("recorded-by-" + name)).toString());
            Outcome outcome = run(List.of(JUPYTER.toString(), "nbconvert", "--to", "notebook", "--execute",
                    "--ExecutePreprocessor.kernel_name=python3", "--ExecutePreprocessor.timeout=120",
                    "--output-dir", executed.toString(), NOTEBOOKS.resolve(name + ".ipynb").toString()), environment);
            assertEquals(0, outcome.exitCode(), () -> name + " did not run to the end:\n" + outcome);
            Path path = executed.resolve(name + ".ipynb");
            return new Executed(path, JSON.readTree(path.toFile()));
        }));
    }

    private static Executed executed(String name) throws Exception {
        try {
            return EXECUTED.get(name).get(5, TimeUnit.MINUTES);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof AssertionError failure) {
                throw failure;
            }
            throw e;
        }
    }

    /**
     * Runs {@code command} with the kernel's environment: this JVM's JDK for JPype and the
     * launcher, the driver jar the build made, no recordings but those given, and the debugger's
     * note about frozen modules (Python 3.11) silenced.
     */
    private static Outcome run(List<String> command, Map<String, String> variables) throws IOException, InterruptedException {
        Path streams = Files.createTempDirectory(WORK, "streams");
        ProcessBuilder builder = new ProcessBuilder(command).directory(WORK.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(streams.resolve("stdout").toFile())
                .redirectError(streams.resolve("stderr").toFile());
        Map<String, String> environment = builder.environment();
        environment.keySet().removeIf(variable -> variable.startsWith("PROFQ_"));
        environment.put("JAVA_HOME", System.getProperty("java.home"));
        environment.put("PROFQ_JDBC_JAR", property("profq.jdbc.jar"));
        environment.put("PYDEVD_DISABLE_FILE_VALIDATION", "1");
        environment.putAll(variables);
        Process process = builder.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            fail("did not end within 5 minutes: " + command);
        }
        Outcome outcome = new Outcome(process.exitValue(), Files.readString(streams.resolve("stdout"), StandardCharsets.UTF_8),
                Files.readString(streams.resolve("stderr"), StandardCharsets.UTF_8));
        deleteRecursively(streams);
        return outcome;
    }

    /** Headless Chromium on {@code page}, offline: every host name fails to resolve. */
    private static Outcome chromium(String action, Path page) throws IOException, InterruptedException {
        return run(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
                "--disable-extensions", "--disable-sync", "--no-first-run", "--mute-audio", "--hide-scrollbars",
                "--host-resolver-rules=MAP * ~NOTFOUND", "--user-data-dir=" + WORK.resolve("chromium-profile"),
                "--window-size=1280,6000", "--virtual-time-budget=5000", action, page.toUri().toString()), Map.of());
    }

    /** How many pixels of {@code image} are within 12 of {@code rgb} in each channel. */
    private static long pixelsNear(BufferedImage image, int rgb) {
        long count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int pixel = image.getRGB(x, y);
                if (Math.abs((pixel >> 16 & 0xff) - (rgb >> 16 & 0xff)) <= 12 && Math.abs((pixel >> 8 & 0xff) - (rgb >> 8 & 0xff)) <= 12
                        && Math.abs((pixel & 0xff) - (rgb & 0xff)) <= 12) {
                    count++;
                }
            }
        }
        return count;
    }

    private static String joined(JsonNode text) {
        if (text.isTextual()) {
            return text.asText();
        }
        StringBuilder joined = new StringBuilder();
        text.forEach(line -> joined.append(line.asText()));
        return joined.toString();
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + name + " is not set; run the tests with Maven (failsafe sets it)");
        }
        return value;
    }

    private static void deleteRecursively(Path path) throws IOException {
        if (Files.exists(path)) {
            try (Stream<Path> all = Files.walk(path)) {
                for (Path each : all.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                    Files.delete(each);
                }
            }
        }
    }
}
