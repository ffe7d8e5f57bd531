package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.LateHeavyAllocations;

/**
 * A query over one profile view that names no order of its own lists the rows in the view's
 * order (its {@code ORDER BY}, heaviest first), whatever the ids or the plan would give: the
 * sample's lightest method, site and class come first by id.
 */
class ViewOrderIT {
    private static final String HEAVY = "profq.samples.LateHeavyAllocations.heavy()";
    private static final String LIGHT = "profq.samples.LateHeavyAllocations.light()";

    @RegisterExtension
    static final SampleConnection connection = SampleConnection.of(LateHeavyAllocations.class);

    @Test
    void everyColumnOfAViewComesInTheViewsOrder() throws SQLException {
        assertEquals(List.of(HEAVY, LIGHT), Rows.query(connection.get(), "SELECT * FROM heap_by_method").stream()
                .map(row -> row.get(1)).toList());
        assertEquals(List.of(List.of("byte[]", 100L, 101_600L), List.of("java.lang.Object", 10L, 160L)),
                Rows.query(connection.get(), "SELECT type_name, objects, bytes FROM (SELECT * FROM heap_by_class)"));
        assertEquals(List.of(List.of(HEAVY, 101_600L), List.of(LIGHT, 160L)),
                Rows.query(connection.get(), "SELECT signature, bytes FROM heap_by_method"));
    }

    @Test
    void aSelectionAndFilterOfAViewKeepTheViewsOrder() throws SQLException {
        assertEquals(List.of(List.of(HEAVY), List.of(LIGHT)),
                Rows.query(connection.get(), "SELECT signature FROM heap_by_site WHERE objects > 0"));
        assertEquals(List.of(List.of("java.lang.Object", 10L)),
                Rows.query(connection.get(), "SELECT type_name, objects FROM heap_by_class WHERE objects < 50"));
    }

    @Test
    void theQuerysOwnOrderComesFirst() throws SQLException {
        assertEquals(List.of(List.of("java.lang.Object"), List.of("byte[]")),
                Rows.query(connection.get(), "SELECT type_name FROM heap_by_class ORDER BY bytes"));
    }
}
