package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * What the indexer that runs while a program records reads the machine's load from: Linux's
 * {@code /proc/stat} and {@code /proc/self/stat}, as the kernel writes them.
 */
class SpareCoresTest {
    private static final String PROC_STAT = """
            cpu  8837534 11165 1014234 3793772 62071 0 8889 13950 0 0
            cpu0 4418767 5582 507117 1896886 31035 0 4444 6975 0 0
            intr 1 2 3
            """;
    /** A command name with a space and a bracket in it, as a thread may name its process. */
    private static final String SELF_STAT = "16794 (java (x) y) S 16791 16791 14294 0 -1 4194304 125 0 0 0 1500 250 0 0 20 0 1 0";

    @Test
    void readsTheMachinesJiffiesAndTheProcesssOwn() {
        SpareCores.Sample sample = SpareCores.parse(PROC_STAT, SELF_STAT);
        assertEquals(8837534L + 11165 + 1014234 + 3793772 + 62071 + 0 + 8889 + 13950, sample.total());
        assertEquals(3793772L + 62071, sample.idle(), "idle and waiting for I/O");
        assertEquals(1750, sample.own(), "user and system time");
    }

    @Test
    void theProcesssOwnTimeCountsAsIdle() {
        // two cores, one second (200 jiffies): the program kept one core busy, the indexer the other
        SpareCores.Sample before = new SpareCores.Sample(1_000, 100, 10);
        SpareCores.Sample after = new SpareCores.Sample(1_200, 100, 110);
        assertEquals(1.0, SpareCores.spare(before, after, 2), 1e-9);
        // the program kept both busy
        assertEquals(0.0, SpareCores.spare(before, new SpareCores.Sample(1_200, 100, 10), 2), 1e-9);
        // nothing ran: both spare; no time passed: nothing can be told, the indexer is not held back
        assertEquals(2.0, SpareCores.spare(before, new SpareCores.Sample(1_200, 300, 10), 2), 1e-9);
        assertEquals(2.0, SpareCores.spare(before, before, 2), 1e-9);
    }

    @Test
    void refusesWhatIsNotProcStat() {
        assertThrows(IllegalArgumentException.class, () -> SpareCores.parse("intr 1 2\n", SELF_STAT));
    }

    @Test
    void readsThisMachinesOwnFilesWhereThereAreAny() throws IOException {
        if (!Files.isReadable(Path.of("/proc/stat"))) {
            return; // not Linux: the indexer is held back by its priority alone
        }
        SpareCores.Sample sample = SpareCores.parse(Files.readString(Path.of("/proc/stat")),
                Files.readString(Path.of("/proc/self/stat")));
        assertTrue(sample.total() > sample.idle() && sample.own() > 0, sample::toString);
        double spare = SpareCores.startCounting().orElseThrow().sinceLastLook();
        assertTrue(spare >= 0 && spare <= Runtime.getRuntime().availableProcessors(), "spare " + spare);
    }
}
