package profq.samples;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fills the disk it is given in two steps, as a program whose own output outgrows its disk
 * does: first until less than half a megabyte is left, then, after 500,000 calls, to the last
 * byte; then it starts 200 short threads one after another (each a new name for a recorder to
 * write down) and ends normally. For disk-full tests: a recorder on that disk sees it nearly
 * full, then completely full.
 */
public final class DiskFiller {
    static final long NEARLY_FULL_BYTES = 512 * 1024;
    static final int CALLS = 500_000;
    static final int THREADS_AFTER_FULL = 200;

    public static void main(String[] args) throws IOException {
        Path directory = Path.of(args[0]);
        fill(directory.resolve("filler-1"), NEARLY_FULL_BYTES);
        long sum = work();
        fill(directory.resolve("filler-2"), 0);
        for (int i = 0; i < THREADS_AFTER_FULL; i++) {
            Thread thread = new Thread(() -> f(1), "after-full-" + i);
            thread.start();
            join(thread);
        }
        System.out.println("sum " + sum);
    }

    /** Writes {@code file} until less than {@code leaveFree} bytes are left on its disk, or the disk refuses. */
    static void fill(Path file, long leaveFree) throws IOException {
        byte[] chunk = new byte[16 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (Files.getFileStore(file).getUsableSpace() >= Math.max(leaveFree, 1)) {
                out.write(chunk);
                out.flush();
            }
        } catch (IOException noSpaceLeft) {
            // full
        }
    }

    static long work() {
        long sum = 0;
        for (int i = 0; i < CALLS; i++) {
            sum += f(i);
        }
        return sum;
    }

    static int f(int i) {
        return i & 7;
    }

    static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
