package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.Allocations;

/**
 * The heap profiles of the Allocations sample, recorded through the real agent: allocate()
 * makes 1,000 Points (24 bytes each), 100 int[10] (56 bytes each) and 10 long[3][4] (176
 * bytes for the four arrays of each creation).
 */
class HeapViewsIT {
    private static final String ALLOCATE = "profq.samples.Allocations.allocate()";
    private static final long TOTAL_BYTES = 24_000 + 5_600 + 1_760;

    @RegisterExtension
    static final SampleConnection connection = SampleConnection.of(Allocations.class);

    @Test
    void heapByMethodChargesEveryObjectToTheMethodThatRanNew() throws SQLException {
        assertEquals(List.of(List.of(ALLOCATE, 1_110L, 31_360L, 1.0)),
                Rows.query(connection.get(), "SELECT signature, objects, bytes, share FROM heap_by_method"));
    }

    @Test
    void heapBySiteHasOneRowPerNewWithItsLineAndType() throws SQLException {
        assertEquals(List.of(
                        List.of(ALLOCATE, 19, "profq.samples.Allocations$Point", 1_000L, 24_000L, 24_000.0 / TOTAL_BYTES),
                        List.of(ALLOCATE, 23, "int[]", 100L, 5_600L, 5_600.0 / TOTAL_BYTES),
                        List.of(ALLOCATE, 28, "long[][]", 10L, 1_760L, 1_760.0 / TOTAL_BYTES)),
                Rows.query(connection.get(), "SELECT signature, line, type_name, objects, bytes, share FROM heap_by_site"));
    }

    @Test
    void heapByClassHasOneRowPerAllocatedType() throws SQLException {
        assertEquals(List.of(
                        List.of("profq.samples.Allocations$Point", 1_000L, 24_000L),
                        List.of("int[]", 100L, 5_600L),
                        List.of("long[][]", 10L, 1_760L)),
                Rows.query(connection.get(), "SELECT type_name, objects, bytes FROM heap_by_class"));
    }

    @Test
    void allocationsAreChargedToTheCallOfAllocateAndArraysHaveTheirLength() throws SQLException {
        assertEquals(List.of(List.of("allocate", 1_110L)), Rows.query(connection.get(), """
                SELECT m.name, COUNT(*)
                FROM allocations AS a
                JOIN calls AS c ON c.call_id = a.call_id
                JOIN methods AS m ON m.method_id = c.method_id
                GROUP BY m.name"""));
        assertEquals(List.of(
                        List.of("int[]", 10, 100L),
                        List.of("long[][]", 3, 10L)),
                Rows.query(connection.get(), """
                        SELECT k.name, a.array_length, COUNT(*)
                        FROM allocations AS a JOIN classes AS k ON k.class_id = a.class_id
                        WHERE a.array_length IS NOT NULL
                        GROUP BY k.name, a.array_length
                        ORDER BY k.name"""));
        assertEquals(List.of(List.of(1_000L)),
                Rows.query(connection.get(), "SELECT COUNT(*) FROM allocations WHERE array_length IS NULL AND size_bytes = 24"));
    }
}
