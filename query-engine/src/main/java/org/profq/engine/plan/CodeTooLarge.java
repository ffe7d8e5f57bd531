package org.profq.engine.plan;

/**
 * A plan whose generated Java does not compile because one of its methods passes the JVM's limit
 * of 64 KB of bytecode (Janino: "Code grows beyond 64 KB"). Calcite compiles a plan's expressions
 * into one method per operator, so a query with hundreds of computed columns, or a union of many
 * wide branches, can pass it. Such a statement fails with this sentence ({@link ProfqPrepare}).
 * (Calcite's interpreter is no way round: it compiles an operator's expressions into one method too.)
 */
public final class CodeTooLarge extends RuntimeException {
    CodeTooLarge(Throwable cause) {
        super("the statement is too large to compile: the code made for one of its operators passes the JVM's limit of"
                + " 64 KB for one method; split it into smaller statements (fewer computed columns or UNION branches each)",
                cause);
    }

    /** Whether {@code failure} is, or was caused by, Janino's failure to fit a method into 64 KB. */
    static boolean causes(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null && cause.getMessage().contains("grows beyond 64 KB")) {
                return true;
            }
        }
        return false;
    }
}
