package org.profq.engine.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.Calc;

/**
 * A filter on a dictionary table ({@code methods}, {@code classes}, {@code sites}) reaches the big
 * table as the set of ids it keeps: the join of {@code calls} or {@code allocations} with the
 * filtered dictionary, or the {@code IN (SELECT ...)} that Calcite plans as a join with its
 * distinct ids, is an index lookup join on the big table's key column (the dictionary side held,
 * the table streamed, a row made only for the rows whose key is in the set). On a recording of
 * {@link Calc} made through the real agent: 215 calls (main; 100 {@code square}, 100
 * {@code Result.<init>}, 10 {@code Scratch.<init>}, {@code sum} and {@code largest}, all called by
 * main at depth 1, and the weaving frames of {@code Result} and {@code Scratch}); 111 objects
 * (100 {@code Result}s, 10 {@code Scratch}es, the {@code ArrayList}). Each answer is exact, and
 * the same as that of Calcite's own operators over whole scans ({@code planner=plain}); the
 * cases aim at the conditions under which the lookup is right: the table on either side, filters
 * on either side, no key kept, outer joins keeping either side, NULL keys on both sides, and
 * projections that reorder columns.
 */
class DictionaryKeyJoinIT {
    @RegisterExtension
    static final SampleConnection calc = SampleConnection.recorded(Calc.class, "events=calls:allocations");
    @RegisterExtension
    static final SampleConnection plain = calc.withPlainPlanner();

    @Test
    void aJoinWithFilteredMethodsReadsTheCallsOfTheirIds() throws SQLException {
        String sql = "SELECT m.name, COUNT(*) FROM calls c JOIN methods m USING (method_id) WHERE m.name LIKE 'squ%'"
                + " GROUP BY m.name";
        assertLookupOn(sql, "calls.method_id");
        assertRows(List.of(List.of("square", 100L)), sql);
    }

    @Test
    void anInSubqueryOfMethodIdsIsTheSameLookup() throws SQLException {
        String sql = "SELECT COUNT(*) FROM calls WHERE method_id IN (SELECT method_id FROM methods WHERE name LIKE 'squ%')";
        assertLookupOn(sql, "calls.method_id");
        assertRows(List.of(List.of(100L)), sql);
        assertRows(List.of(List.of(100L)), "SELECT COUNT(*) FROM calls c WHERE EXISTS (SELECT 1 FROM methods m"
                + " WHERE m.method_id = c.method_id AND m.name = 'square')");
        assertRows(List.of(List.of(115L)), "SELECT COUNT(*) FROM calls c WHERE c.method_id NOT IN (SELECT method_id"
                + " FROM methods WHERE name = 'square')");
    }

    @Test
    void aFilterThatKeepsNoMethodGivesNoCall() throws SQLException {
        String sql = "SELECT COUNT(*) FROM calls c JOIN methods m USING (method_id) WHERE m.name = 'noSuchMethod'";
        assertLookupOn(sql, "calls.method_id");
        assertRows(List.of(List.of(0L)), sql);
        assertRows(List.of(), "SELECT c.call_id FROM calls c WHERE c.method_id IN (SELECT method_id FROM methods"
                + " WHERE name = 'noSuchMethod')");
    }

    @Test
    void filtersOnBothSidesEachFilterTheirOwn() throws SQLException {
        assertRows(List.of(List.of(100L)), "SELECT COUNT(*) FROM calls c JOIN methods m USING (method_id)"
                + " WHERE m.name = 'square' AND c.depth = 1");
        assertRows(List.of(List.of(0L)), "SELECT COUNT(*) FROM calls c JOIN methods m USING (method_id)"
                + " WHERE m.name = 'square' AND c.depth = 0");
        assertRows(List.of(List.of(1L)), "SELECT COUNT(*) FROM methods m JOIN calls c ON c.method_id = m.method_id"
                + " WHERE m.name = 'main' AND c.parent_call_id IS NULL");
    }

    @Test
    void outerJoinsKeepTheRowsOfEitherPreservedSide() throws SQLException {
        String callsKept = "SELECT COUNT(*), COUNT(m.method_id) FROM calls c LEFT JOIN methods m"
                + " ON m.method_id = c.method_id AND m.name = 'square'";
        assertLookupOn(callsKept, "calls.method_id");
        assertRows(List.of(List.of(215L, 100L)), callsKept);
        String methodsKept = "SELECT COUNT(*), COUNT(c.call_id) FROM methods m LEFT JOIN calls c"
                + " ON c.method_id = m.method_id AND c.depth > 5 WHERE m.name IN ('square', 'sum')";
        assertLookupOn(methodsKept, "calls.method_id");
        assertRows(List.of(List.of(2L, 0L)), methodsKept);
        assertRows(List.of(List.of(101L, 101L)), "SELECT COUNT(*), COUNT(c.call_id) FROM methods m LEFT JOIN calls c"
                + " ON c.method_id = m.method_id WHERE m.name IN ('square', 'sum')");
    }

    @Test
    void theTableOnEitherSideAndColumnsInAnyOrderGiveTheSameRows() throws SQLException {
        List<List<Object>> expected = Collections.nCopies(100, List.of(1, "square", 0L));
        assertRows(expected, "SELECT c.depth, m.name, c.method_id - m.method_id FROM methods m"
                + " JOIN calls c ON c.method_id = m.method_id WHERE m.name = 'square'");
        assertRows(expected, "SELECT c.depth, m.name, c.method_id - m.method_id FROM calls c"
                + " JOIN methods m ON m.method_id = c.method_id WHERE m.name = 'square'");
        assertRows(List.of(List.of("main", 100L)), "SELECT t.name, COUNT(*) FROM threads t JOIN calls c"
                + " ON c.thread_id = t.thread_id JOIN methods m ON m.method_id = c.method_id WHERE m.name = 'square'"
                + " GROUP BY t.name");
    }

    @Test
    void allocationsAreReadByClassAndBySite() throws SQLException {
        String byClass = "SELECT k.name, COUNT(*) FROM allocations a JOIN classes k ON k.class_id = a.class_id"
                + " WHERE k.name LIKE '%Calc$%' GROUP BY k.name ORDER BY k.name";
        assertLookupOn(byClass, "allocations.class_id");
        assertRows(List.of(List.of("profq.samples.Calc$Result", 100L), List.of("profq.samples.Calc$Scratch", 10L)), byClass);
        String bySite = "SELECT COUNT(*) FROM allocations WHERE site_id IN (SELECT s.site_id FROM sites s"
                + " JOIN classes k ON k.class_id = s.class_id WHERE k.name LIKE '%Scratch')";
        assertLookupOn(bySite, "allocations.site_id");
        assertRows(List.of(List.of(10L)), bySite);
    }

    @Test
    void aNullKeyOnEitherSideMatchesNothing() throws SQLException {
        // the parents: NULL (main's) and main, whose 214 callees name it; main's NULL matches no NULL
        String parents = "SELECT COUNT(*) FROM calls c JOIN (SELECT parent_call_id AS id FROM calls GROUP BY parent_call_id) x"
                + " ON c.parent_call_id = x.id";
        assertLookupOn(parents, "calls.parent_call_id");
        assertRows(List.of(List.of(214L)), parents);
        assertRows(List.of(List.of(215L, 214L)), "SELECT COUNT(*), COUNT(c.call_id) FROM (SELECT parent_call_id AS id"
                + " FROM calls GROUP BY parent_call_id) x LEFT JOIN calls c ON c.parent_call_id = x.id");
        // a kept side whose every key is NULL: no table row can match, and its row is padded with NULLs
        String onlyNull = "SELECT COUNT(*), COUNT(c.call_id) FROM (SELECT parent_call_id AS id FROM calls"
                + " WHERE parent_call_id IS NULL GROUP BY parent_call_id) x LEFT JOIN calls c ON c.call_id = x.id";
        assertLookupOn(onlyNull, "calls.call_id");
        assertRows(List.of(List.of(1L, 0L)), onlyNull);
    }

    /**
     * {@code IS NOT DISTINCT FROM} is a key to Calcite's {@code JoinInfo} too, but under it NULL
     * matches NULL: such a join is not a lookup (which matches no NULL), and main's call, whose
     * parent is NULL, is joined with the NULL parent.
     */
    @Test
    void aKeyThatMatchesNullWithNullIsNoLookup() throws SQLException {
        assertRows(List.of(List.of(215L)), "SELECT COUNT(*) FROM calls c JOIN (SELECT parent_call_id AS id FROM calls"
                + " GROUP BY parent_call_id) x ON c.parent_call_id IS NOT DISTINCT FROM x.id");
        assertRows(List.of(List.of(215L)), "SELECT COUNT(*) FROM (SELECT parent_call_id AS id FROM calls"
                + " GROUP BY parent_call_id) x JOIN calls c ON c.parent_call_id = x.id OR (c.parent_call_id IS NULL AND x.id IS NULL)");
    }

    /** {@code expected}, exactly (in order where the query orders its rows, else as a sorted multiset), and the plain planner's rows. */
    private static void assertRows(List<List<Object>> expected, String sql) throws SQLException {
        List<List<Object>> rows = Rows.query(calc.get(), sql);
        List<List<Object>> reference = Rows.query(plain.get(), sql);
        if (sql.contains("ORDER BY")) {
            assertEquals(expected, rows, sql);
            assertEquals(expected, reference, "planner=plain: " + sql);
        } else {
            assertEquals(sorted(expected), sorted(rows), sql);
            assertEquals(sorted(expected), sorted(reference), "planner=plain: " + sql);
        }
    }

    private static List<String> sorted(List<List<Object>> rows) {
        return rows.stream().map(Object::toString).sorted().toList();
    }

    private static void assertLookupOn(String sql, String tableKey) throws SQLException {
        String plan = Rows.query(calc.get(), "EXPLAIN PLAN FOR " + sql).get(0).get(0).toString();
        assertTrue(plan.lines().anyMatch(line -> line.contains("IndexLookupJoin") && line.contains(tableKey)),
                "planned as a lookup join on " + tableKey + ":\n" + plan);
    }
}
