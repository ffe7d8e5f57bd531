package org.profq.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code profq serve} under load: {@code --clients} concurrent Avatica JDBC clients on loopback,
 * each with its own connection, run {@code --queries} queries each, turn by turn over the
 * profile views and tables; every answer is compared with the same query's answer over
 * {@code jdbc:profq:} in this JVM, and the run must end within {@code --deadline} seconds. The
 * server runs with {@code -Xmx256m} and its resident memory is sampled every 100 ms.
 *
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests
 * java -cp "bench/target/profq-bench.jar:bench/target/query-lib/*" org.profq.bench.ServeLoadBenchmark
 *      [--clients 8] [--queries 200] [--deadline 600] [--recording DIR]
 * </pre>
 * The recording is {@code profq demo}'s (the bundled sample) unless {@code --recording} names one.
 * Prints markdown; exits 1 if an answer was wrong, a query failed, or the deadline passed.
 */
@Command(name = "ServeLoadBenchmark", mixinStandardHelpOptions = true, sortOptions = false,
        description = "profq serve under load: concurrent JDBC clients on loopback, every answer checked.")
public final class ServeLoadBenchmark implements Callable<Integer> {
    /** The queries the clients take turns over: views, a join, an aggregate, the profiling language. */
    static final List<String> QUERIES = List.of(
            "SELECT signature, objects, bytes FROM heap_by_method ORDER BY bytes DESC, signature",
            "SELECT signature, calls, self_ns FROM time_by_method ORDER BY calls DESC, signature",
            "SELECT COUNT(*), SUM(size_bytes) FROM allocations",
            "SELECT m.name, COUNT(*) FROM calls c JOIN methods m ON m.method_id = c.method_id GROUP BY m.name ORDER BY 2 DESC, 1",
            "SELECT main_class, events, events_lost FROM run",
            "SELECT name FROM classes ORDER BY name");
    private static final String SERVER_HEAP = "-Xmx256m";

    @Option(names = "--clients", paramLabel = "N", description = "concurrent clients (default: ${DEFAULT-VALUE})")
    private int clients = 8;

    @Option(names = "--queries", paramLabel = "N", description = "queries per client (default: ${DEFAULT-VALUE})")
    private int queries = 200;

    @Option(names = "--deadline", paramLabel = "SECONDS", description = "the whole run's time limit (default: ${DEFAULT-VALUE})")
    private long deadlineSeconds = 600;

    @Option(names = "--recording", paramLabel = "DIR", description = "the recording (default: the one profq demo makes)")
    private Path recordingOption;

    public static void main(String[] args) {
        System.exit(new CommandLine(new ServeLoadBenchmark()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Path repository = BenchEnvironment.locate(BenchEnvironment.currentJava()).benchJar().getParent().getParent().getParent();
        Path launcher = repository.resolve("profq");
        Path recording = recordingOption != null ? recordingOption.toAbsolutePath()
                : FirstAnswerBenchmark.demoRecording(new FirstAnswerBenchmark.Launcher(launcher, Map.of()),
                        repository.resolve("bench").resolve("target").resolve("serve-load"));

        List<List<String>> expected = new ArrayList<>();
        try (Connection local = DriverManager.getConnection("jdbc:profq:" + recording)) {
            for (String sql : QUERIES) {
                expected.add(rows(local, sql));
            }
        }

        Path serverOutput = Files.createTempFile("profq-serve", ".out");
        ProcessBuilder serve = new ProcessBuilder(launcher.toString(), "serve", recording.toString(), "--port", "0",
                "--max-statements", String.valueOf(clients))
                .redirectOutput(serverOutput.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        serve.environment().put("PROFQ_JAVA_OPTS", SERVER_HEAP);
        Process server = serve.start(); // the launcher execs java: its pid is the server JVM's
        try {
            String url = awaitUrl(server, serverOutput);
            ResidentMemory memory = ResidentMemory.sample(server.pid());
            AtomicLong wrong = new AtomicLong();
            AtomicLong failed = new AtomicLong();
            List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            long start = System.nanoTime();
            List<Future<?>> work = new ArrayList<>();
            for (int client = 0; client < clients; client++) {
                int first = client;
                work.add(pool.submit(() -> {
                    try (Connection remote = DriverManager.getConnection(url)) {
                        for (int i = 0; i < queries; i++) {
                            int q = (first + i) % QUERIES.size();
                            long began = System.nanoTime();
                            List<String> answer = rows(remote, QUERIES.get(q));
                            latencies.add(System.nanoTime() - began);
                            if (!answer.equals(expected.get(q))) {
                                wrong.incrementAndGet();
                            }
                        }
                    } catch (SQLException | RuntimeException e) {
                        failed.incrementAndGet();
                        System.err.println("client " + first + ": " + e);
                    }
                    return null;
                }));
            }
            pool.shutdown();
            boolean inTime = pool.awaitTermination(deadlineSeconds, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - start) / 1e9;
            pool.shutdownNow();
            memory.stop();
            List<Long> sorted = latencies.stream().sorted().toList();
            long answered = sorted.size();
            System.out.println("`profq serve` under load: " + clients + " clients x " + queries + " queries on loopback, "
                    + recording.getFileName() + ", server " + SERVER_HEAP + " (PROFQ_JAVA_OPTS), " + Runtime.getRuntime().availableProcessors()
                    + " cores\n");
            System.out.println("| queries answered | wrong | failed clients | wall | queries/s | latency p50 | p90 | p99 | max | server RSS peak |");
            System.out.println("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
            System.out.printf("| %d of %d | %d | %d | %.1f s | %.0f | %.1f ms | %.1f ms | %.1f ms | %.1f ms | %d MB |%n",
                    answered, (long) clients * queries, wrong.get(), failed.get(), seconds, answered / seconds,
                    percentile(sorted, 0.50), percentile(sorted, 0.90), percentile(sorted, 0.99), percentile(sorted, 1.0),
                    memory.peakKilobytes() / 1024);
            boolean ok = inTime && wrong.get() == 0 && failed.get() == 0 && answered == (long) clients * queries && server.isAlive();
            if (!ok) {
                System.out.println("\nFAILED: " + (inTime ? "" : "the deadline of " + deadlineSeconds + " s passed; ")
                        + (server.isAlive() ? "" : "the server died; ") + wrong.get() + " wrong answers, " + failed.get() + " clients failed.");
                return 1;
            }
            return 0;
        } finally {
            server.destroy();
            server.waitFor(30, TimeUnit.SECONDS);
            Files.deleteIfExists(serverOutput);
        }
    }

    /** Every row of {@code sql}'s answer, its columns joined with {@code |}. */
    static List<String> rows(Connection connection, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                StringBuilder row = new StringBuilder();
                for (int c = 1; c <= columns; c++) {
                    row.append(c > 1 ? "|" : "").append(result.getString(c));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    private static double percentile(List<Long> sortedNanos, double fraction) {
        if (sortedNanos.isEmpty()) {
            return Double.NaN;
        }
        int index = (int) Math.min(sortedNanos.size() - 1, Math.ceil(fraction * sortedNanos.size()) - 1);
        return sortedNanos.get(Math.max(0, index)) / 1e6;
    }

    private static String awaitUrl(Process server, Path output) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline && server.isAlive()) {
            for (String line : Files.readAllLines(output)) {
                if (line.startsWith("jdbc:avatica:")) {
                    return line;
                }
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("profq serve printed no URL: " + Files.readString(output));
    }

    /** The peak resident memory of a process, from {@code /proc/PID/status} every 100 ms. */
    private static final class ResidentMemory {
        private final Thread sampler;
        private volatile long peakKilobytes;
        private volatile boolean stopped;

        private ResidentMemory(long pid) {
            Path status = Path.of("/proc", String.valueOf(pid), "status");
            sampler = new Thread(() -> {
                while (!stopped) {
                    try {
                        for (String line : Files.readAllLines(status)) {
                            if (line.startsWith("VmRSS:")) {
                                peakKilobytes = Math.max(peakKilobytes, Long.parseLong(line.replaceAll("\\D", "")));
                            }
                        }
                        Thread.sleep(100);
                    } catch (IOException | InterruptedException e) {
                        return;
                    }
                }
            }, "rss-sampler");
            sampler.setDaemon(true);
        }

        static ResidentMemory sample(long pid) {
            ResidentMemory memory = new ResidentMemory(pid);
            memory.sampler.start();
            return memory;
        }

        void stop() throws InterruptedException {
            stopped = true;
            sampler.join();
        }

        long peakKilobytes() {
            return peakKilobytes;
        }
    }

    private ServeLoadBenchmark() {
    }
}
