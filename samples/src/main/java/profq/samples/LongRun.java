package profq.samples;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Runs for {@code args[0]} seconds (default 10) doing steady work, for live views and attach:
 * every 10 ms {@link Worker#step} makes 10 calls of {@code Worker.square} and allocates a
 * {@code Worker.Cell} per call (a few thousand events a second). Prints "ready" when it starts. With {@code --wait} it first prints
 * "waiting" and reads one line of stdin, having loaded none of its work classes: a profiler
 * attached meanwhile sees {@code Worker} and {@code Worker.Cell} load after it, and
 * {@code LongRun} itself before it. Prints "done" at the end.
 */
public final class LongRun {
    public static void main(String[] args) throws IOException, InterruptedException {
        boolean wait = args.length > 0 && args[args.length - 1].equals("--wait");
        int seconds = args.length > 0 && !args[0].equals("--wait") ? Integer.parseInt(args[0]) : 10;
        if (wait) {
            System.out.println("waiting");
            System.out.flush();
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        }
        System.out.println("ready");
        System.out.flush();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long checksum = 0;
        while (System.nanoTime() < end) {
            checksum += Worker.step(10);
            Thread.sleep(10);
        }
        System.out.println(checksum > 0 ? "done" : "done, nothing summed");
    }

    /** The work, in a class of its own so that it loads only when the work starts. */
    static final class Worker {
        static long step(int calls) {
            long sum = 0;
            for (int i = 0; i < calls; i++) {
                sum += new Cell(square(i)).value;
            }
            return sum;
        }

        static long square(int i) {
            return (long) i * i;
        }

        /** One allocation per call. */
        static final class Cell {
            final long value;

            Cell(long value) {
                this.value = value;
            }
        }
    }
}
