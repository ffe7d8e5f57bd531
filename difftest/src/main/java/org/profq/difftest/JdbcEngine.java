package org.profq.difftest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;

/**
 * An engine behind a JDBC connection, each statement under a time limit: the statement's own
 * ({@code setQueryTimeout}), and a watchdog a little longer for a statement that does not
 * notice its cancel; past it the statement is abandoned and the connection opened again.
 */
class JdbcEngine implements Engine {
    /** Opens the connection, again after a statement had to be abandoned. */
    interface Opener {
        Connection open() throws SQLException;
    }

    private final String name;
    private final Opener opener;
    private final int timeoutSeconds;
    private final UnaryOperator<String> dialect;
    private Connection connection;
    private ExecutorService runner;

    JdbcEngine(String name, Opener opener, int timeoutSeconds) {
        this(name, opener, timeoutSeconds, UnaryOperator.identity());
    }

    /** {@code dialect} turns profq's SQL into this engine's where they differ (DuckDB's names of profq's functions). */
    JdbcEngine(String name, Opener opener, int timeoutSeconds, UnaryOperator<String> dialect) {
        this.name = name;
        this.opener = opener;
        this.timeoutSeconds = timeoutSeconds;
        this.dialect = dialect;
    }

    @Override
    public String name() {
        return name;
    }

    /** The connection, opened on first use; for setting an engine up (DDL). */
    Connection connection() throws SQLException {
        if (connection == null) {
            connection = opener.open();
        }
        return connection;
    }

    @Override
    public Answer run(String sql) {
        Connection open;
        try {
            open = connection();
        } catch (SQLException e) {
            return Answer.failed("cannot connect: " + e.getMessage());
        }
        if (runner == null) {
            runner = Executors.newSingleThreadExecutor(task -> {
                Thread thread = new Thread(task, "difftest " + name);
                thread.setDaemon(true);
                return thread;
            });
        }
        Future<Answer> answer = runner.submit(() -> {
            try (Statement statement = open.createStatement()) {
                try {
                    statement.setQueryTimeout(timeoutSeconds);
                } catch (SQLException unsupported) {
                    // the watchdog below still holds
                }
                try (ResultSet result = statement.executeQuery(dialect.apply(sql))) {
                    return Answer.of(result);
                }
            } catch (SQLTimeoutException e) {
                return Answer.timedOut(e.getMessage());
            } catch (SQLException | RuntimeException e) {
                return Answer.failed(message(e));
            } catch (StackOverflowError | OutOfMemoryError e) {
                return Answer.failed(e.toString());
            }
        });
        try {
            return answer.get(timeoutSeconds + 5L, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            answer.cancel(true);
            abandon();
            return Answer.timedOut("no answer within " + (timeoutSeconds + 5) + " s, and the statement did not stop when cancelled");
        } catch (ExecutionException e) {
            return Answer.failed(message(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.failed("interrupted");
        }
    }

    /** A stuck statement keeps its thread: it is left to finish on its own, and the next statement gets a new connection. */
    private void abandon() {
        runner.shutdownNow();
        runner = null;
        Connection stuck = connection;
        connection = null;
        Thread closer = new Thread(() -> {
            try {
                stuck.close();
            } catch (SQLException | RuntimeException ignored) {
                // it is being abandoned
            }
        });
        closer.setDaemon(true);
        closer.start();
    }

    private static String message(Throwable e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        int line = message.indexOf('\n');
        return line < 0 ? message : message.substring(0, line);
    }

    @Override
    public void close() {
        if (runner != null) {
            runner.shutdownNow();
        }
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // closing
            }
        }
    }
}
