package org.profq.engine.index;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.profq.recording.EventReader;
import org.profq.recording.EventVisitor;
import org.profq.recording.IgnoringEventVisitor;
import org.profq.recording.Recording;
import org.profq.recording.ThreadInfo;

/**
 * The index's decoder, stage by stage: one operation is one pass over every event of a recorded
 * log ({@code recording}, made by {@link org.profq.bench.DecoderSpeedBenchmark}), on this thread,
 * with what {@code stage} names behind the reader:
 * <ul>
 *   <li>{@code decode}: the reader alone, its events handed to a visitor that keeps nothing;</li>
 *   <li>{@code callTree}: and the calls' stacks, calling contexts and compensation
 *       ({@link CallIndexer}), whose rows go nowhere;</li>
 *   <li>{@code callTotals}: and the totals per calling context ({@link CallTotals}) of those rows;</li>
 *   <li>{@code calls}: the {@code calls} table's collector, rows and totals, as a build runs it;</li>
 *   <li>{@code allocations}: the {@code allocations} table's collector (rows and totals);</li>
 *   <li>{@code allTables}: every table's collector at once, fed by one pass as a build of all
 *       tables is;</li>
 *   <li>{@code indexBuild}: a whole build of every table, the column writers (on a second thread)
 *       and files included, into a scratch directory.</li>
 * </ul>
 * The rows' chunks are given back as soon as they are full, as the writer does, so only the
 * decoding thread's work is timed (but in {@code indexBuild}). Lives in the index's package
 * to reach its collectors, which are not public API.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "-Dchronicle.analytics.disable=true"})
public class DecoderBenchmark {
    @Param("")
    public String recording;

    @Param({"decode", "callTree", "callTotals", "calls", "allocations", "allTables", "indexBuild"})
    public String stage;

    private Recording opened;
    private Path scratch;

    @Setup(Level.Trial)
    public void open() {
        if (recording.isEmpty()) {
            throw new IllegalArgumentException("-p recording=<a recording's directory> is needed (DecoderSpeedBenchmark makes one)");
        }
        opened = Recording.open(Path.of(recording));
    }

    @Setup(Level.Iteration)
    public void makeScratch() throws IOException {
        scratch = Files.createTempDirectory("profq-decoder-bench");
    }

    @TearDown(Level.Iteration)
    public void deleteScratch() throws IOException {
        try (Stream<Path> paths = Files.walk(scratch)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /**
     * The CPU time of the benchmark's thread during its passes: on a shared machine, a figure that
     * hardly depends on what else runs (the wall time does). In {@code indexBuild} the thread is the
     * column writer's, the decoder having a thread of its own.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class CpuTime {
        public long cpuNanos;
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** The events read, so that no stage's work is dead code; the harness divides its time by the log's events. */
    @Benchmark
    public long pass(CpuTime cpu) throws IOException {
        long start = THREADS.getCurrentThreadCpuTime();
        long result = run();
        cpu.cpuNanos += THREADS.getCurrentThreadCpuTime() - start;
        return result;
    }

    private long run() throws IOException {
        return switch (stage) {
            case "decode" -> decode(new IgnoringEventVisitor() {
            });
            case "callTree" -> callTree(false);
            case "callTotals" -> callTree(true);
            case "calls" -> collect(List.of(IndexColumn.Table.CALLS));
            case "allocations" -> collect(List.of(IndexColumn.Table.ALLOCATIONS));
            case "allTables" -> collect(builtTables());
            case "indexBuild" -> indexBuild();
            default -> throw new IllegalArgumentException("unknown stage " + stage);
        };
    }

    private long decode(EventVisitor visitor) {
        try (EventReader events = opened.newEventReader()) {
            while (events.visitNextBatch(visitor)) {
                // every batch visited
            }
            return events.eventsRead();
        }
    }

    /** The call indexer with rows that go nowhere, or only into their totals. */
    private long callTree(boolean totalled) {
        CallTotals totals = new CallTotals(Compensation.of(opened).calibration());
        long[] rows = new long[1];
        CallIndexer.Sink sink = totalled
                ? (callId, threadId, methodId, parentCallId, depth, startNanos, endNanos, selfNanos, threw, finished,
                   outermost, context, cpuNanos, selfCpuNanos, callsMade, callsInside, allocationsMade, allocationsInside,
                   compensated) -> totals.add(context, (outermost ? CallTotals.OUTERMOST : 0)
                        | (parentCallId == 0 ? CallTotals.ROOT : 0), 0, endNanos - startNanos, selfNanos, cpuNanos,
                        selfCpuNanos, compensated)
                : (callId, threadId, methodId, parentCallId, depth, startNanos, endNanos, selfNanos, threw, finished,
                   outermost, context, cpuNanos, selfCpuNanos, callsMade, callsInside, allocationsMade, allocationsInside,
                   compensated) -> rows[0] += selfNanos;
        CallIndexer indexer = new CallIndexer(sink);
        indexer.compensateWith(Compensation.of(opened));
        long events = decode(new IgnoringEventVisitor() {
            @Override
            public void callEntered(int threadId, long callId, long parentCallId, int depth, int methodId, long timeNanos) {
                indexer.enter(threadId, callId, parentCallId, depth, methodId, timeNanos);
            }

            @Override
            public void callExited(int threadId, long callId, long parentCallId, int depth, int methodId, long startNanos,
                                   long timeNanos, boolean threw) {
                indexer.exit(threadId, callId, parentCallId, depth, methodId, startNanos, timeNanos, threw);
            }

            @Override
            public void cpuUsed(int threadId, long callId, long cpuNanos, long timeNanos) {
                indexer.cpuUsed(threadId, cpuNanos);
            }

            @Override
            public void allocated(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos,
                                  long sizeBytes, int arrayLength, boolean tracked) {
                indexer.allocated(threadId);
            }
        });
        return events + rows[0] + totals.groups();
    }

    /** The tables' collectors as a build drives them, their full chunks given back at once instead of written. */
    private long collect(List<IndexColumn.Table> tables) {
        Map<IndexColumn.Table, RowCollector> collectors = new EnumMap<>(IndexColumn.Table.class);
        tables.forEach(table -> collectors.put(table, table.newCollector()));
        collectors.values().forEach(collector -> collector.readingFrom(opened));
        EventVisitor visitor = collectors.size() == 1 ? collectors.values().iterator().next()
                : new EventFanOut(collectors.values());
        long rows = 0;
        try (EventReader events = opened.newEventReader()) {
            while (events.visitNextBatch(visitor)) {
                rows += giveBack(collectors.values());
            }
            collectors.values().forEach(RowCollector::saveState);
            List<ThreadInfo> threads = opened.threads();
            for (RowCollector collector : collectors.values()) {
                collector.finish(opened.durationNanos(), thread -> threads.get(thread - 1).lastNanos());
            }
            return events.eventsRead() + rows + giveBack(collectors.values());
        }
    }

    private static long giveBack(Iterable<RowCollector> collectors) {
        long rows = 0;
        for (RowCollector collector : collectors) {
            for (RowChunk chunk : collector.takeFull()) {
                rows += chunk.rows;
                collector.recycle(chunk);
            }
        }
        return rows;
    }

    private long indexBuild() throws IOException {
        Map<IndexColumn.Table, Path> directories = new EnumMap<>(IndexColumn.Table.class);
        for (IndexColumn.Table table : builtTables()) {
            directories.put(table, Files.createDirectories(scratch.resolve(table.fileName)));
        }
        Map<IndexColumn.Table, IndexManifest> manifests = IndexBuilder.build(opened, directories);
        return manifests.size();
    }

    private static List<IndexColumn.Table> builtTables() {
        List<IndexColumn.Table> built = new ArrayList<>();
        for (IndexColumn.Table table : IndexColumn.Table.values()) {
            if (table.built() == table) {
                built.add(table);
            }
        }
        return built;
    }
}
