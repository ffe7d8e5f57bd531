package org.profq.udf;

import org.apache.calcite.schema.Function;

/**
 * One function as a connection has it: its SQL name, kind, signature and one line of what it
 * does (as {@code \functions} lists them), where it comes from ({@code built-in}, or a jar's
 * path), and the Calcite function that runs it.
 *
 * @param declaringClass the class whose code runs it (a user's function: what an error names)
 */
public record SqlFunction(String name, Kind kind, String signature, String description, String source,
                          Function function, Class<?> declaringClass) {

    /** What a function gives: a value per row, a value per group, or rows. */
    public enum Kind {
        SCALAR("scalar"), AGGREGATE("aggregate"), TABLE("table");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }
}
