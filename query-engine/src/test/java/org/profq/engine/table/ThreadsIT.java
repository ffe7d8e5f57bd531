package org.profq.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.Threads;

/**
 * The tables over a multi-threaded recording (the Threads sample: 8 workers, each 10,000
 * calls of work(), each allocating one Counter): per-thread call stacks are rebuilt
 * independently while events of all threads stream past interleaved.
 */
class ThreadsIT {
    @RegisterExtension
    static final SampleConnection connection = SampleConnection.of(Threads.class);

    @Test
    void everyWorkerCallsWorkTenThousandTimes() throws SQLException {
        List<List<Object>> expected = new ArrayList<>();
        for (int worker = 0; worker < 8; worker++) {
            expected.add(List.of("worker-" + worker, 10_000L, 2, 10_000L));
        }
        assertEquals(expected, Rows.query(connection.get(), """
                SELECT t.name, COUNT(*), MIN(c.depth), COUNT(*) FILTER (WHERE c.outermost)
                FROM calls AS c
                JOIN methods AS m ON m.method_id = c.method_id
                JOIN threads AS t ON t.thread_id = c.thread_id
                WHERE m.name = 'work'
                GROUP BY t.name ORDER BY t.name"""));
    }

    @Test
    void heapByClassCountsEveryCounter() throws SQLException {
        assertEquals(List.of(List.of(80_000L, 80_000L * 24)), Rows.query(connection.get(),
                "SELECT objects, bytes FROM heap_by_class WHERE type_name = 'profq.samples.Threads$Counter'"));
        assertEquals(List.of(List.of("profq.samples.Threads.work(int, int)", 80_000L)), Rows.query(connection.get(),
                "SELECT signature, objects FROM heap_by_method WHERE signature LIKE '%.work(%'"));
    }

    @Test
    void eachThreadsLastEventFollowsItsFirst() throws SQLException {
        assertEquals(List.of(List.of(9L, 9L)), Rows.query(connection.get(),
                "SELECT COUNT(*), COUNT(*) FILTER (WHERE last_ns > first_ns) FROM threads"));
    }
}
