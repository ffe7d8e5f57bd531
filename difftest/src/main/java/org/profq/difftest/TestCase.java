package org.profq.difftest;

/**
 * One generated check: a query whose answer is compared with the oracles', or a metamorphic
 * relation between two queries profq answers.
 */
sealed interface TestCase {
    /** The SQL a finding shows first: the query, or the relation's query under test. */
    String sql();

    /**
     * The check as it was generated, whole: its SQL, with the predicate it is partitioned on.
     * It depends on the seed alone, where a minimised form of a timeout depends on the speed of
     * the machine (which smaller query still runs past the limit): a known failure is named by it.
     */
    default String identity() {
        return sql();
    }

    /** A query profq, {@code planner=plain} and DuckDB must answer alike. */
    record Differential(Select query) implements TestCase {
        @Override
        public String sql() {
            return query.sql();
        }
    }

    /**
     * Ternary logic partitioning: the rows of {@code query} are those of {@code query} with
     * {@code predicate}, with {@code NOT predicate}, and with {@code predicate IS NULL}, together.
     */
    record Partitioned(Select query, String predicate) implements TestCase {
        @Override
        public String sql() {
            return query.sql();
        }

        @Override
        public String identity() {
            return partitions();
        }

        String partitions() {
            return part(predicate) + " UNION ALL " + part("NOT (" + predicate + ")") + " UNION ALL " + part("(" + predicate + ") IS NULL");
        }

        private String part(String condition) {
            Select part = query.copy();
            part.where.add(condition);
            return part.sql();
        }
    }

    /**
     * Non-optimising reference: {@code COUNT(*)} of the rows where {@code predicate} holds equals
     * the sum over all rows of 1 where it holds, which no planner can push into a scan.
     */
    record Counted(Select query, String predicate) implements TestCase {
        @Override
        public String sql() {
            Select filtered = query.copy();
            filtered.where.add(predicate);
            return "SELECT COUNT(*) FROM " + filtered.fromClause() + filtered.whereClause();
        }

        String reference() {
            return "SELECT SUM(CASE WHEN " + predicate + " THEN 1 ELSE 0 END) FROM " + query.fromClause() + query.whereClause();
        }
    }

    /** A statement of the profiling language and the SQL it compiled to, answered like a {@link Differential} query. */
    record Language(String statement, String sql, boolean ordered) implements TestCase {
    }
}
