package org.profq.difftest;

/**
 * What one check found: its class, the SQL profq answered, profq's answer, and the answer it was
 * held against (an oracle's, or the other side of a metamorphic relation) with that side's SQL.
 */
public record Outcome(Verdict verdict, String sql, Answer profq, String referenceSql, Answer reference, String referenceName) {
    /** The classes of outcome the tester counts. */
    public enum Verdict {
        OK("ok"),
        WRONG_VS_PLAIN("wrong vs plain"),
        WRONG_VS_DUCKDB("wrong vs duckdb"),
        TLP("TLP"),
        NOREC("NoREC"),
        TIMEOUT("timeout"),
        ERROR("error");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    static Outcome ok(String sql) {
        return new Outcome(Verdict.OK, sql, null, null, null, null);
    }

    boolean failed() {
        return verdict != Verdict.OK;
    }
}
