package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.ArrayFill;

/**
 * Waste where uses cannot be seen: {@link ArrayFill} fills and reads an {@code int[]} (no join
 * point for element reads and writes), uses one Counter and never uses another. The array is
 * not reported as never used and stays out of the waste shares; the Counter used is measured.
 */
class ArrayWasteIT {
    @RegisterExtension
    static final SampleConnection arrays = SampleConnection.recorded(ArrayFill.class, "events=calls:uses,track=1");

    @Test
    void anArrayIsNotReportedNeverUsedAndStaysOutOfTheShares() throws SQLException {
        assertEquals(List.of(
                        List.of("profq.samples.ArrayFill$Counter", true, 1L, 0L, true),
                        List.of("profq.samples.ArrayFill$Counter", true, 1L, 1L, false),
                        Arrays.asList("int[]", false, 1L, null, false)),
                Rows.query(arrays.get(), "SELECT type_name, uses_observable, tracked_objects, never_used, waste_share IS NOT NULL"
                        + " FROM waste_by_site WHERE signature LIKE '%ArrayFill.main%' ORDER BY uses_observable DESC, line"));
        // Its lifetime is known, its lag, use and drag are not.
        assertEquals(List.of(Arrays.asList(false, null, null, null, true)), Rows.query(arrays.get(),
                "SELECT w.uses_observable, w.lag_ns, w.use_ns, w.drag_ns, w.lifetime_ns >= 0 FROM waste AS w"
                        + " JOIN classes AS c ON c.class_id = w.class_id WHERE c.name = 'int[]'"));
        // The Counter never used is all lag, but it is dropped at once: nothing proves it outlived its allocation, so
        // its proven lifetime is 0 and its share unknown (the share as the death was seen is all lag).
        assertEquals(List.of(Arrays.asList(0L, 0L, null, true)), Rows.query(arrays.get(), "SELECT lifetime_min_ns, lag_min_ns, waste_share,"
                + " lag_ns = lifetime_ns FROM waste_by_site WHERE signature LIKE '%ArrayFill.main%' AND never_used = 1"));
    }
}
