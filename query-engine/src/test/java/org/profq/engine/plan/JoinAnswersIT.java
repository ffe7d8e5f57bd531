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
 * Joins give the right rows, on a recording of {@link Calc} made through the real agent with
 * calls, allocations, deaths, uses and the values of {@code square}. Its known behaviour: 215
 * calls (main; 100 {@code square}, 100 {@code Result.<init>}, 10 {@code Scratch.<init>},
 * {@code sum} and {@code largest}, all called by main, and profq's weaving frame of each of the
 * two classes main loads, {@code Result} and {@code Scratch}); 100 {@code params} rows (the one
 * argument of each {@code square}); 111 objects, all dead by the end (100 {@code Result}s, 10
 * {@code Scratch}es, the {@code ArrayList}); 302 uses (each {@code Result} read twice, the list's
 * 100 {@code add}s and 2 {@code iterator}s; a {@code Scratch} is never used); 3 allocation sites.
 *
 * <p>The first five are answers that were wrong: a lookup join of {@code calls} planned in
 * place of a join with the sides the other way round, and a merge join that took a LEFT join's
 * nullable key for sorted. The others aim at the conditions under which the index lookup join
 * is correct: the table on either side, filters on either side, outer joins, NULL keys,
 * self-joins, joins of three or more inputs and projections that reorder columns. The last
 * is the same mistake in an aggregation answered from the index: two of them over different
 * columns planned as one.
 */
class JoinAnswersIT {
    @RegisterExtension
    static final SampleConnection calc = SampleConnection.recorded(Calc.class,
            "events=calls:allocations:deaths:exceptions:uses,track=1,values=*Calc.square");

    @Test
    void aJoinOfParamsCallsAndMethodsJoinsEachPairOnItsOwnKey() throws SQLException {
        assertEquals(List.of(List.of(100L)), query("SELECT COUNT(*) FROM params p JOIN calls c ON p.call_id = c.call_id"
                + " JOIN methods m ON c.method_id = m.method_id WHERE m.name = 'square'"));
        assertEquals(List.of(List.of(100L)), query("SELECT COUNT(*) FROM calls c JOIN params p ON p.call_id = c.call_id"
                + " JOIN methods m ON m.method_id = c.method_id WHERE m.name = 'square'"));
    }

    @Test
    void aFilterOnCallsFiltersCallsNotTheParamsItIsJoinedWith() throws SQLException {
        assertEquals(List.of(List.of(0L)), query("SELECT COUNT(*) FROM params p JOIN calls c ON c.call_id = p.call_id"
                + " WHERE c.duration_ns > 1000000000000"));
        assertEquals(List.of(List.of(0L)), query("SELECT COUNT(*) FROM calls c JOIN params p ON c.call_id = p.call_id"
                + " WHERE c.duration_ns > 1000000000000"));
    }

    @Test
    void aColumnOfCallsIsReadFromCallsOnEveryRow() throws SQLException {
        long square = squareId();
        assertEquals(Collections.nCopies(100, List.of(square)),
                query("SELECT c.method_id FROM params p JOIN calls c ON c.call_id = p.call_id WHERE c.start_ns > 0"));
    }

    @Test
    void aJoinOnTheNullableKeyOfALeftJoinKeepsEveryMatch() throws SQLException {
        assertEquals(List.of(List.of(312L, 302L)),
                query("SELECT COUNT(*), COUNT(u.object_id) FROM deaths d LEFT JOIN uses u ON u.object_id = d.object_id"));
        assertEquals(List.of(List.of(302L)), query("SELECT COUNT(*) FROM deaths d LEFT JOIN uses u ON u.object_id = d.object_id"
                + " JOIN deaths d2 ON d2.object_id = u.object_id"));
    }

    @Test
    void theSameOverTheDictionaryTablesAlone() throws SQLException {
        assertEquals(List.of(List.of(3L)), query("SELECT COUNT(*) FROM classes t0 LEFT JOIN sites t1 ON t1.class_id = t0.class_id"
                + " JOIN classes t2 ON t2.class_id = t1.class_id"));
    }

    @Test
    void theTableOnEitherSideAndColumnsInAnyOrderGiveTheSameRows() throws SQLException {
        long square = squareId();
        String tableRight = "SELECT c.depth, p.param_position, c.method_id, p.call_id - c.call_id FROM params p"
                + " JOIN calls c ON c.call_id = p.call_id";
        String tableLeft = "SELECT c.depth, p.param_position, c.method_id, p.call_id - c.call_id FROM calls c"
                + " JOIN params p ON p.call_id = c.call_id";
        assertLookupJoin(tableRight);
        assertLookupJoin(tableLeft);
        List<List<Object>> expected = Collections.nCopies(100, List.of(1, 1, square, 0L));
        assertEquals(expected, query(tableRight));
        assertEquals(expected, query(tableLeft));
    }

    @Test
    void filtersOnEitherSideFilterTheirOwnSide() throws SQLException {
        // calls at depth 1 are every call but main; the params are square's, at depth 1, position 1
        assertEquals(List.of(List.of(100L)), query("SELECT COUNT(*) FROM params p JOIN calls c ON c.call_id = p.call_id"
                + " WHERE c.depth = 1 AND p.param_position = 1"));
        assertEquals(List.of(List.of(0L)), query("SELECT COUNT(*) FROM params p JOIN calls c ON c.call_id = p.call_id"
                + " WHERE c.depth = 0"));
        assertEquals(List.of(List.of(0L)), query("SELECT COUNT(*) FROM calls c JOIN params p ON c.call_id = p.call_id"
                + " WHERE p.param_position = 0"));
        assertEquals(List.of(List.of(10L)), query("SELECT COUNT(*) FROM deaths d JOIN allocations a ON a.object_id = d.object_id"
                + " WHERE a.class_id = (SELECT class_id FROM classes WHERE name = 'profq.samples.Calc$Scratch')"));
    }

    @Test
    void outerJoinsKeepTheRowsOfTheirPreservedSide() throws SQLException {
        assertEquals(List.of(List.of(215L, 100L)),
                query("SELECT COUNT(*), COUNT(p.call_id) FROM calls c LEFT JOIN params p ON p.call_id = c.call_id"));
        assertEquals(List.of(List.of(100L, 0L)), query("SELECT COUNT(*), COUNT(c.call_id) FROM params p"
                + " LEFT JOIN calls c ON c.call_id = p.call_id AND c.depth > 100"));
        assertEquals(List.of(List.of(0L, 0L)), query("SELECT COUNT(*), COUNT(c.call_id) FROM params p"
                + " LEFT JOIN calls c ON c.call_id = p.call_id WHERE c.depth > 100"));
        assertEquals(List.of(List.of(312L, 302L)),
                query("SELECT COUNT(*), COUNT(u.object_id) FROM allocations a LEFT JOIN uses u ON a.object_id = u.object_id"));
        assertEquals(List.of(List.of(302L, 302L)),
                query("SELECT COUNT(*), COUNT(a.object_id) FROM uses u LEFT JOIN allocations a ON a.object_id = u.object_id"));
    }

    @Test
    void aNullKeyMatchesNothing() throws SQLException {
        // the parents: NULL (main's) and main; only main is a call
        String parents = "SELECT COUNT(*), COUNT(c.call_id) FROM (SELECT parent_call_id FROM calls GROUP BY parent_call_id) x"
                + " LEFT JOIN calls c ON c.call_id = x.parent_call_id";
        assertLookupJoin(parents);
        assertEquals(List.of(List.of(2L, 1L)), query(parents));
        assertEquals(List.of(List.of(215L, 214L)),
                query("SELECT COUNT(*), COUNT(k.call_id) FROM calls c LEFT JOIN calls k ON k.call_id = c.parent_call_id"));
    }

    @Test
    void selfJoinsOfABigTable() throws SQLException {
        assertEquals(List.of(List.of(214L)), query("SELECT COUNT(*) FROM calls c JOIN calls k ON k.call_id = c.parent_call_id"));
        assertEquals(List.of(List.of(214L)), query("SELECT SUM(x.n) FROM (SELECT parent_call_id, COUNT(*) AS n FROM calls"
                + " GROUP BY parent_call_id) x JOIN calls c ON c.call_id = x.parent_call_id"));
    }

    @Test
    void joinsOfThreeAndFourInputs() throws SQLException {
        assertEquals(List.of(List.of(10L)), query("SELECT COUNT(*) FROM deaths d JOIN allocations a ON a.object_id = d.object_id"
                + " JOIN sites s ON s.site_id = a.site_id JOIN classes k ON k.class_id = s.class_id WHERE k.name LIKE '%Scratch'"));
        assertEquals(List.of(List.of("java.util.ArrayList", 102L), List.of("profq.samples.Calc$Result", 200L)),
                query("SELECT k.name, COUNT(*) FROM uses u JOIN allocations a ON a.object_id = u.object_id"
                        + " JOIN classes k ON k.class_id = a.class_id GROUP BY k.name ORDER BY k.name"));
        assertEquals(List.of(List.of(100L)), query("SELECT COUNT(*) FROM methods m JOIN calls c ON c.method_id = m.method_id"
                + " JOIN params p ON p.call_id = c.call_id JOIN threads t ON t.thread_id = c.thread_id WHERE m.name = 'square'"));
    }

    /**
     * A join on an OR of equalities has no one key, and Calcite compared every pair of rows (two
     * tables of 20,000 rows ran past 20 s): it runs as a union of hash joins, each pair once. The
     * pair of main with itself is kept though its first disjunct is NULL (main has no parent).
     */
    @Test
    void aJoinOnAnOrOfEqualitiesRunsAsHashJoinsAndGivesEachPairOnce() throws SQLException {
        // the 214 calls main makes share a parent: 214 x 214 pairs; then each call with itself, main's the only one not counted yet
        String inner = "SELECT COUNT(*) FROM calls c JOIN calls k ON k.parent_call_id = c.parent_call_id OR k.call_id = c.call_id";
        assertNoNestedLoop(inner);
        assertEquals(List.of(List.of(214L * 214 + 1)), query(inner));
        // each square's call has its param; the other 115 calls none, and are kept
        String left = "SELECT COUNT(*), COUNT(p.call_id) FROM calls c LEFT JOIN params p ON p.call_id = c.call_id"
                + " OR p.call_id = c.parent_call_id";
        assertNoNestedLoop(left);
        assertEquals(List.of(List.of(215L, 100L)), query(left));
        assertEquals(List.of(List.of(312L, 302L)), query("SELECT COUNT(*), COUNT(u.object_id) FROM deaths d"
                + " LEFT JOIN uses u ON u.object_id = d.object_id OR u.call_id = d.object_id"));
    }

    /**
     * A RIGHT or FULL join with no key keeps every right row no left row matches, however many
     * are equal. Calcite's nested loop join kept them in a set of identities, and the rows of one
     * small number (a depth, or the constant a COUNT(*) projects) are one object: each such join
     * gave one row per distinct value.
     */
    @Test
    void rightAndFullJoinsWithNoKeyKeepEveryUnmatchedRightRow() throws SQLException {
        // p.call_id IS NULL is FALSE (call_id is never NULL), so nothing matches: 100 params and 215 calls
        String full = "SELECT COUNT(*), COUNT(p.call_id), COUNT(c.call_id) FROM params p FULL JOIN calls c"
                + " ON p.call_id = c.call_id AND p.call_id IS NULL";
        assertNoNestedLoopKeepingRightRows(full);
        assertEquals(List.of(List.of(315L, 100L, 215L)), query(full));
        assertEquals(List.of(List.of(315L)), query("SELECT COUNT(*) FROM params p FULL JOIN calls c ON FALSE"));
        // a call id is never below a depth (0 or 1): every call once, with no param
        String right = "SELECT COUNT(*), COUNT(p.call_id) FROM params p RIGHT JOIN calls c ON p.call_id < c.depth";
        assertNoNestedLoopKeepingRightRows(right);
        assertEquals(List.of(List.of(215L, 0L)), query(right));
        // each square's call matches its own param only (call ids below its own id are other calls')
        assertEquals(List.of(List.of(100L + 115L, 100L)), query("SELECT COUNT(*), COUNT(p.call_id) FROM params p"
                + " RIGHT JOIN calls c ON p.call_id <= c.call_id AND p.call_id >= c.call_id"));
    }

    @Test
    void aggregatesOfDifferentColumnsInOneQueryAreEachComputedFromTheirOwn() throws SQLException {
        List<Object> separate = query("SELECT (SELECT SUM(self_ns + 1) FROM calls), (SELECT SUM(duration_ns + 1) FROM calls)").get(0);
        List<Object> together = query("SELECT SUM(self_ns) + COUNT(*), SUM(duration_ns) + COUNT(*) FROM calls").get(0);
        assertEquals(together, separate);
        assertTrue((Long) together.get(0) < (Long) together.get(1), "main's time is more than its own: " + together);
    }

    private static long squareId() throws SQLException {
        return (Long) query("SELECT method_id FROM methods WHERE name = 'square'").get(0).get(0);
    }

    private static void assertLookupJoin(String sql) throws SQLException {
        String plan = query("EXPLAIN PLAN FOR " + sql).get(0).get(0).toString();
        assertTrue(plan.contains("IndexLookupJoin"), "planned as an index lookup join:\n" + plan);
    }

    private static void assertNoNestedLoop(String sql) throws SQLException {
        String plan = query("EXPLAIN PLAN FOR " + sql).get(0).get(0).toString();
        assertTrue(!plan.contains("NestedLoopJoin"), "no row is compared with every row of the other side:\n" + plan);
    }

    private static void assertNoNestedLoopKeepingRightRows(String sql) throws SQLException {
        String plan = query("EXPLAIN PLAN FOR " + sql).get(0).get(0).toString();
        assertTrue(plan.lines().noneMatch(line -> line.contains("NestedLoopJoin")
                && (line.contains("joinType=[right]") || line.contains("joinType=[full]"))),
                "no nested loop join keeps right rows:\n" + plan);
    }

    private static List<List<Object>> query(String sql) throws SQLException {
        return Rows.query(calc.get(), sql);
    }
}
