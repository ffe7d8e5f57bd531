package org.profq.cli.repl;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.profq.cli.output.ResultTable;

/**
 * Where the REPL's queries run: one worker thread that opens the recordings and runs every
 * query on them (the reader is single-threaded, so a connection stays on the thread that
 * opened it). Ctrl-C cancels the statement and, since a scan does not always notice that,
 * abandons the worker: the prompt comes back at once and the next query runs on a fresh
 * worker with a fresh connection, while the abandoned one closes its connection when its
 * query ends.
 */
final class QuerySession implements AutoCloseable {
    /** Something to run on the session's connection. */
    interface Work<T> {
        T run(Connection connection, StatementTracker statements) throws SQLException;
    }

    /** Lets the work register the statement it runs, so a cancel can reach it. */
    static final class StatementTracker {
        private volatile Statement current;

        Statement create(Connection connection) throws SQLException {
            current = connection.createStatement();
            return current;
        }

        void cancel() {
            Statement statement = current;
            if (statement != null) {
                try {
                    statement.cancel();
                } catch (SQLException ignored) {
                    // it ended meanwhile
                }
            }
        }
    }

    /** The work of running one SQL statement, cancellably, and reading its result. */
    static Work<ResultTable> query(String sql) {
        return (connection, statements) -> {
            try (Statement statement = statements.create(connection); ResultSet results = statement.executeQuery(sql)) {
                return ResultTable.read(results, sql);
            }
        };
    }

    private final Repl.Opener opener;
    private Worker worker;

    QuerySession(Repl.Opener opener) {
        this.opener = opener;
    }

    /** One worker thread and the connection it opened. */
    private final class Worker {
        final ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
            Thread daemon = new Thread(task, "profq-query");
            daemon.setDaemon(true); // an abandoned query never holds up the exit
            return daemon;
        });
        final Future<Connection> connection = thread.submit(opener::open);

        void close() {
            thread.submit(() -> {
                connection.get().close();
                return null;
            });
            thread.shutdown();
        }
    }

    /** Opens the connection now, so that a recording that cannot be read is reported before the prompt. */
    void start() throws SQLException {
        try {
            worker().connection.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof SQLException sql ? sql : new SQLException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted", e);
        }
    }

    private Worker worker() {
        if (worker == null) {
            worker = new Worker();
        }
        return worker;
    }

    /** A running piece of work, which the REPL waits for or cancels. */
    final class Running<T> {
        private final Future<T> future;
        private final StatementTracker statements;
        private final Worker owner;

        private Running(Future<T> future, StatementTracker statements, Worker owner) {
            this.future = future;
            this.statements = statements;
            this.owner = owner;
        }

        /** The result; CancellationException if it was cancelled, ExecutionException with the failure. */
        T await() throws InterruptedException, ExecutionException {
            return future.get();
        }

        /** Cancels it and gives up its worker. */
        void cancel() {
            statements.cancel();
            future.cancel(true);
            synchronized (QuerySession.this) {
                if (worker == owner) {
                    owner.close();
                    worker = null;
                }
            }
        }
    }

    synchronized <T> Running<T> submit(Work<T> work) {
        Worker current = worker();
        StatementTracker statements = new StatementTracker();
        Callable<T> task = () -> work.run(current.connection.get(), statements);
        return new Running<>(current.thread.submit(task), statements, current);
    }

    /** Runs {@code work} and waits for it (for work that is quick, such as metadata). */
    <T> T call(Work<T> work) throws SQLException {
        try {
            return submit(work).await();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            throw new SQLException(e.getCause());
        } catch (InterruptedException | CancellationException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted", e);
        }
    }

    @Override
    public synchronized void close() {
        if (worker != null) {
            worker.close();
            worker = null;
        }
    }
}
