package profq.samples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Phases whose times a plain run gives, for checking the times profq reports: {@code KnownPhases
 * <times file> [scale]}. Each phase is a method of its own, run once a round for three rounds;
 * the program times every call of a phase method itself ({@code System.nanoTime()} and the
 * thread's CPU time around it) and writes each phase's totals to the times file, one
 * {@code phase<TAB>wall ns<TAB>CPU ns} line per phase, so that the same program run plain and
 * recorded states its own phase times, to set beside what the recording says of the same
 * method. The CPU time is the main thread's alone (a phase's other threads are not in it). {@code scale} (default 1) multiplies
 * every phase's work, sleeps and waits included. Prints a checksum of the work, so that none
 * of it can be left out.
 *
 * <ul>
 *   <li>{@code loop}: arithmetic in a loop, no calls;</li>
 *   <li>{@code tinyCalls}: 30 M calls of the tiny {@code tiny}, which the JIT inlines in a plain run;</li>
 *   <li>{@code sleep}: {@code Thread.sleep} for 300 ms;</li>
 *   <li>{@code fileIo}: 64 MiB written to a file and read back, in 64 KiB blocks through one buffer
 *       (the file lies beside the times file and is deleted);</li>
 *   <li>{@code lockWait}: entering a monitor that another thread holds for 300 ms;</li>
 *   <li>{@code parallelWork}: three threads each making 10 M calls of {@code tiny} at once
 *       ({@code workerCalls}), until all have ended;</li>
 *   <li>{@code shortLivedArrays}: 10 M {@code long[2]} arrays that never leave the loop, which escape
 *       analysis removes in a plain run.</li>
 * </ul>
 * Only {@code shortLivedArrays} allocates inside its loop.
 */
public final class KnownPhases {
    static final int ROUNDS = 3;
    static final long LOOP_ITERATIONS = 100_000_000L;
    static final long TINY_CALLS = 30_000_000L;
    static final long SLEEP_MILLIS = 300;
    static final long FILE_BYTES = 64L << 20;
    static final int FILE_BLOCK = 64 << 10;
    static final long LOCK_HELD_MILLIS = 300;
    static final int PARALLEL_THREADS = 3;
    static final long PARALLEL_CALLS_PER_THREAD = 10_000_000L;
    static final long ARRAYS = 10_000_000L;

    private static final Object MONITOR = new Object();
    private static long lockedCount;

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: KnownPhases <times file> [scale]");
            System.exit(2);
        }
        Path timesFile = Path.of(args[0]);
        double scale = args.length > 1 ? Double.parseDouble(args[1]) : 1;
        Path scratch = timesFile.resolveSibling(timesFile.getFileName() + ".io-scratch");
        Map<String, long[]> nanos = new LinkedHashMap<>();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long checksum = 0;
        for (int round = 0; round < ROUNDS; round++) {
            long start = System.nanoTime();
            long startCpu = threads.getCurrentThreadCpuTime();
            checksum += loop(scaled(LOOP_ITERATIONS, scale), round);
            add(nanos, "loop", System.nanoTime() - start, threads.getCurrentThreadCpuTime() - startCpu);

            start = System.nanoTime();
            startCpu = threads.getCurrentThreadCpuTime();
            checksum += tinyCalls(scaled(TINY_CALLS, scale), round);
            add(nanos, "tinyCalls", System.nanoTime() - start, threads.getCurrentThreadCpuTime() - startCpu);

            start = System.nanoTime();
            startCpu = threads.getCurrentThreadCpuTime();
            sleep(scaled(SLEEP_MILLIS, scale));
            add(nanos, "sleep", System.nanoTime() - start, threads.getCurrentThreadCpuTime() - startCpu);

            start = System.nanoTime();
            startCpu = threads.getCurrentThreadCpuTime();
            checksum += fileIo(scratch, scaled(FILE_BYTES / FILE_BLOCK, scale));
            add(nanos, "fileIo", System.nanoTime() - start, threads.getCurrentThreadCpuTime() - startCpu);

            Thread holder = holdMonitor(scaled(LOCK_HELD_MILLIS, scale));
            start = System.nanoTime();
            startCpu = threads.getCurrentThreadCpuTime();
            checksum += lockWait();
            add(nanos, "lockWait", System.nanoTime() - start, threads.getCurrentThreadCpuTime() - startCpu);
            holder.join();

            start = System.nanoTime();
            startCpu = threads.getCurrentThreadCpuTime();
            checksum += parallelWork(scaled(PARALLEL_CALLS_PER_THREAD, scale), round);
            add(nanos, "parallelWork", System.nanoTime() - start, threads.getCurrentThreadCpuTime() - startCpu);

            start = System.nanoTime();
            startCpu = threads.getCurrentThreadCpuTime();
            checksum += shortLivedArrays(scaled(ARRAYS, scale), round);
            add(nanos, "shortLivedArrays", System.nanoTime() - start, threads.getCurrentThreadCpuTime() - startCpu);
        }
        StringBuilder times = new StringBuilder();
        nanos.forEach((phase, total) -> times.append(phase).append('\t').append(total[0]).append('\t').append(total[1]).append('\n'));
        Files.writeString(timesFile, times);
        System.out.println("checksum " + checksum);
    }

    static long loop(long iterations, long seed) {
        long x = seed;
        long y = seed + 1;
        for (long i = 0; i < iterations; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            y = y * 6364136223846793005L + 1442695040888963407L;
        }
        return x ^ y;
    }

    static long tinyCalls(long calls, long seed) {
        long x = seed;
        for (long i = 0; i < calls; i++) {
            x = tiny(x);
        }
        return x;
    }

    static long tiny(long x) {
        long next = x * 6364136223846793005L + 1442695040888963407L;
        return next ^ (next >>> 29);
    }

    static void sleep(long millis) throws InterruptedException {
        Thread.sleep(millis);
    }

    /** Writes {@code blocks} blocks of 64 KiB to {@code file} and reads them back; the sum of the bytes read. */
    static long fileIo(Path file, long blocks) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(FILE_BLOCK);
        for (int i = 0; i < FILE_BLOCK; i++) {
            buffer.put(i, (byte) i);
        }
        long sum = 0;
        try {
            try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                for (long block = 0; block < blocks; block++) {
                    buffer.clear();
                    while (buffer.hasRemaining()) {
                        out.write(buffer);
                    }
                }
            }
            try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
                buffer.clear();
                while (in.read(buffer) > 0) {
                    if (!buffer.hasRemaining()) {
                        sum += buffer.get(FILE_BLOCK - 1);
                        buffer.clear();
                    }
                }
            }
            Files.delete(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sum;
    }

    /** A thread that holds the monitor for {@code millis}, started and holding it when this returns. */
    static Thread holdMonitor(long millis) throws InterruptedException {
        CountDownLatch holding = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            synchronized (MONITOR) {
                holding.countDown();
                try {
                    Thread.sleep(millis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, "monitor-holder");
        holder.start();
        holding.await();
        return holder;
    }

    /** Blocks until the holder lets the monitor go. */
    static long lockWait() {
        synchronized (MONITOR) {
            return ++lockedCount;
        }
    }

    static long parallelWork(long callsPerThread, long seed) throws InterruptedException {
        long[] results = new long[PARALLEL_THREADS];
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < PARALLEL_THREADS; t++) {
            int worker = t;
            workers.add(new Thread(() -> results[worker] = workerCalls(callsPerThread, seed + worker), "worker-" + t));
        }
        workers.forEach(Thread::start);
        long sum = 0;
        for (int t = 0; t < PARALLEL_THREADS; t++) {
            workers.get(t).join();
            sum += results[t];
        }
        return sum;
    }

    /** {@code tinyCalls} again, as a method of its own: a phase method's time is that of the main thread's calls alone. */
    static long workerCalls(long calls, long seed) {
        long x = seed;
        for (long i = 0; i < calls; i++) {
            x = tiny(x);
        }
        return x;
    }

    static long shortLivedArrays(long arrays, long seed) {
        long sum = seed;
        for (long i = 0; i < arrays; i++) {
            long[] pair = new long[2]; // constant indices only: C2 scalar-replaces an array no code indexes by a variable
            pair[0] = i;
            pair[1] = sum;
            sum = pair[0] * 31 + (pair[1] ^ (pair[1] >>> 7));
        }
        return sum;
    }

    private static long scaled(long amount, double scale) {
        return Math.max(1, Math.round(amount * scale));
    }

    private static void add(Map<String, long[]> nanos, String phase, long wall, long cpu) {
        long[] total = nanos.computeIfAbsent(phase, name -> new long[2]);
        total[0] += wall;
        total[1] += cpu;
    }

    private KnownPhases() {
    }
}
