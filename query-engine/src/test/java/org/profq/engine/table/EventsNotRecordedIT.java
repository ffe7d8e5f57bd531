package org.profq.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.Allocations;

/**
 * A table whose events the recording left out refuses to be read, in one sentence, at the start
 * of its scan: so every way in (a table, a view over it, a call-tree function, a join) says the
 * same, and the tables whose events were recorded keep working. The Allocations sample recorded
 * as {@code profq record --for heap} records it: allocations alone.
 */
class EventsNotRecordedIT {
    private static final String NO_CALLS = "this recording has no call events: it was recorded --for heap; record again --for"
            + " a report that reads them, or without --for.";

    @RegisterExtension
    static final SampleConnection forHeap = SampleConnection.recorded(Allocations.class, "events=allocations,for=heap,clock=exact");

    @RegisterExtension
    static final SampleConnection byDefault = SampleConnection.of(Allocations.class);

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT COUNT(*) FROM calls",
            "SELECT * FROM calls WHERE method_id = 1",
            "SELECT signature, inclusive_ns FROM time_by_method",
            "SELECT * FROM call_tree",
            "SELECT * FROM flame",
            "SELECT * FROM TABLE(descendants(1))",
            "SELECT a.object_id FROM allocations AS a JOIN calls AS c ON c.call_id = a.call_id"})
    void aQueryOnCallsSaysTheRecordingHasNone(String query) {
        SQLException refused = assertThrows(SQLException.class, () -> Rows.query(forHeap.get(), query));

        assertTrue(refused.getMessage().endsWith(": " + NO_CALLS), refused.getMessage());
    }

    @Test
    void theTablesWhoseEventsWereRecordedKeepWorking() throws SQLException {
        assertEquals(List.of(List.of(1_110L, 31_360L)), Rows.query(forHeap.get(), "SELECT COUNT(*), SUM(size_bytes) FROM allocations"));
        assertEquals(List.of(List.of("profq.samples.Allocations.allocate()", 1_110L, 31_360L)),
                Rows.query(forHeap.get(), "SELECT signature, objects, bytes FROM heap_by_method"));
        assertEquals(Rows.query(byDefault.get(), "SELECT * FROM heap_by_site"), Rows.query(forHeap.get(), "SELECT * FROM heap_by_site"));
        assertEquals(List.of(List.of(1L)), Rows.query(forHeap.get(), "SELECT COUNT(*) FROM threads"));
    }

    /** A family left out by --events is refused the same way, with what the recording did record. */
    @Test
    void aFamilyLeftOutByEventsIsRefusedToo() {
        SQLException refused = assertThrows(SQLException.class, () -> Rows.query(byDefault.get(), "SELECT * FROM lifetimes"));

        assertTrue(refused.getMessage().endsWith(": this recording has no death events: it was recorded with"
                + " --events=calls:allocations; record again with deaths in --events."), refused.getMessage());
    }
}
