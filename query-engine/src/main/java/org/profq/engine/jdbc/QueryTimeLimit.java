package org.profq.engine.jdbc;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.NoSuchStatementException;

/**
 * {@code Statement.setQueryTimeout} made to work. Calcite passes the limit to the statement's
 * data context but nothing enforces it, so a query over a large join ran on for minutes past its
 * limit (and {@code profq serve --statement-timeout} with it). Here a timer cancels the statement
 * when its limit has passed since it was executed; the scans see the cancel flag within a few
 * thousand rows ({@code ColumnScan}, {@code AggregationScan}, {@code KeyLookupJoin}). The limit
 * covers reading the rows too, since Calcite computes them as they are read: it ends when the
 * rows are read to their end or closed, or the statement is closed or executed again. The same
 * flag serves {@code Statement.cancel()}, which sets it at once ({@link #cancel()}), while the
 * statement is still being planned too.
 */
final class QueryTimeLimit {
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "profq query time limit");
        thread.setDaemon(true);
        return thread;
    });

    /** SQLSTATE "operation cancelled". */
    static final String CANCELLED = "HY008";

    private final Statement statement;
    private ScheduledFuture<?> pending;
    /** The limit, in seconds, after which this statement was cancelled; 0 while it was not. */
    private volatile int cancelledAfter;

    QueryTimeLimit(Statement statement) {
        this.statement = statement;
    }

    /**
     * The statement is being executed: its limit, if it has one, starts now. A cancel of an
     * earlier execution is forgotten: Avatica keeps a statement's cancel flag set, so a statement
     * stopped once would fail every query after it.
     */
    synchronized void started() throws SQLException {
        ended();
        cancelledAfter = 0;
        AvaticaStatement avatica = statement.unwrap(AvaticaStatement.class);
        try {
            avatica.getConnection().unwrap(AvaticaConnection.class).getCancelFlag(avatica.handle).set(false);
        } catch (NoSuchStatementException closed) {
            return; // executing it fails with Avatica's own message
        }
        int seconds = statement.getQueryTimeout();
        if (seconds > 0) {
            pending = TIMER.schedule(() -> cancel(seconds), seconds, TimeUnit.SECONDS);
        }
    }

    /**
     * The statement's cancel flag (Avatica's), which this limit and {@code Statement.cancel()} set;
     * null once the statement is closed.
     */
    AtomicBoolean cancelFlag() {
        AvaticaStatement avatica;
        try {
            avatica = statement.unwrap(AvaticaStatement.class);
            return avatica.getConnection().unwrap(AvaticaConnection.class).getCancelFlag(avatica.handle);
        } catch (SQLException | NoSuchStatementException closed) {
            return null;
        }
    }

    /** The statement's work is over (its rows read or closed): nothing is cancelled any more. */
    synchronized void ended() {
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }

    /**
     * {@code failure}, or, when it came from this limit's cancel, a SQLTimeoutException that says
     * so; when it came from {@code Statement.cancel()}, a SQLException that says that (Calcite's
     * own failure for a cancel while planning is the text of the view it was expanding).
     */
    Throwable explained(Throwable failure) {
        int seconds = cancelledAfter;
        if (failure instanceof SQLTimeoutException) {
            return failure;
        }
        if (seconds == 0) {
            AtomicBoolean flag = cancelFlag();
            return flag != null && flag.get() && !(failure instanceof SQLException sql && CANCELLED.equals(sql.getSQLState()))
                    ? new SQLException("the statement was cancelled (Statement.cancel) and stopped.", CANCELLED, failure)
                    : failure;
        }
        return new SQLTimeoutException("the statement ran past its time limit of " + seconds + " s (setQueryTimeout)"
                + " and was stopped; narrow it with WHERE or LIMIT, or give it a longer limit.", "HYT00", failure);
    }

    /**
     * Cancels the statement now, whatever it is doing: sets the flag Avatica's
     * {@code Statement.cancel()} sets, without that method's lock. Avatica's cancel is
     * synchronized on the statement, and Calcite holds that monitor while it prepares the
     * statement's SQL, so a cancel (a user's, or this limit's) waited until the plan was made,
     * however long that took, and stopped only the reading of the rows. The flag set at once stops
     * the planning too ({@code PlanningCancel}). A closed statement's cancel fails as Avatica's does.
     */
    void cancel() throws SQLException {
        AtomicBoolean flag = cancelFlag();
        if (flag == null) {
            statement.cancel();
            return;
        }
        flag.set(true);
    }

    private void cancel(int seconds) {
        cancelledAfter = seconds;
        try {
            cancel();
        } catch (SQLException | RuntimeException closed) {
            // closed meanwhile: nothing runs any more
        }
    }
}
