package org.profq.cli.serve;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.MissingResultsException;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.jdbc.JdbcMeta;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.apache.calcite.avatica.remote.TypedValue;
import org.profq.engine.jdbc.ProfqDriver;

/**
 * Avatica's {@link JdbcMeta} over profq's driver, for {@code profq serve}: every client
 * connection opens the same recordings with the server's own properties (a client cannot
 * choose others), at most {@code maxStatements} statements run at once (the others wait their
 * turn, then are refused), each is cancelled after {@code timeoutSeconds}, and closing a
 * statement or its connection cancels it where it runs. Writes are refused by the driver itself.
 * A statement's failure reaches the client with the driver's SQLState and error code
 * ({@link #keepingSqlState}), not Avatica's unknown {@code -1 (00000)}.
 */
public final class RecordingMeta extends JdbcMeta {
    /** How long a statement waits for one of the running ones to end before it is refused. */
    static final long TURN_WAIT_SECONDS = 60;

    /** The statement the connection proxy just created on this thread, for the handle JdbcMeta makes of it. */
    private static final ThreadLocal<Statement> CREATED = new ThreadLocal<>();

    private final Properties driverProperties;
    private final Semaphore turns;
    private final int maxStatements;
    private final int timeoutSeconds;
    private final Map<Integer, ServedStatement> statements = new ConcurrentHashMap<>();

    private record ServedStatement(String connectionId, Statement statement) {
    }

    /**
     * {@code driverProperties} open each connection ({@code jdbc:profq:} driver's); {@code avaticaProperties}
     * size Avatica's caches of connections and statements.
     */
    public RecordingMeta(String url, Properties driverProperties, Properties avaticaProperties, int maxStatements,
                         int timeoutSeconds) throws SQLException {
        super(url, avaticaProperties);
        this.driverProperties = driverProperties;
        this.turns = new Semaphore(maxStatements, true);
        this.maxStatements = maxStatements;
        this.timeoutSeconds = timeoutSeconds;
    }

    /**
     * Opens the served recordings with the server's properties only: a client's could reach
     * Calcite's ({@code model}, {@code schemaFactory}) and have the server read or run what it names.
     */
    @Override
    protected Connection createConnection(String url, Properties clientAndServerProperties) throws SQLException {
        return timedStatements(new ProfqDriver().connect(url, driverProperties));
    }

    @Override
    public StatementHandle createStatement(ConnectionHandle ch) {
        return remember(ch, super.createStatement(ch));
    }

    @Override
    public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
        try {
            return remember(ch, super.prepare(ch, sql, maxRowCount));
        } catch (RuntimeException e) {
            throw keepingSqlState(e);
        }
    }

    @Override
    public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount, int maxRowsInFirstFrame,
                                          PrepareCallback callback) throws NoSuchStatementException {
        takeTurn();
        try {
            return super.prepareAndExecute(h, sql, maxRowCount, maxRowsInFirstFrame, callback);
        } catch (RuntimeException e) {
            throw keepingSqlState(e);
        } finally {
            turns.release();
        }
    }

    @Override
    public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame)
            throws NoSuchStatementException {
        takeTurn();
        try {
            return super.execute(h, parameterValues, maxRowsInFirstFrame);
        } catch (RuntimeException e) {
            throw keepingSqlState(e);
        } finally {
            turns.release();
        }
    }

    @Override
    public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount) throws NoSuchStatementException, MissingResultsException {
        takeTurn();
        try {
            return super.fetch(h, offset, fetchMaxRowCount);
        } catch (RuntimeException e) {
            throw keepingSqlState(e);
        } finally {
            turns.release();
        }
    }

    @Override
    public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands) throws NoSuchStatementException {
        try {
            return super.prepareAndExecuteBatch(h, sqlCommands);
        } catch (RuntimeException e) {
            throw keepingSqlState(e);
        }
    }

    @Override
    public ExecuteBatchResult executeBatch(StatementHandle h, List<List<TypedValue>> parameterValues) throws NoSuchStatementException {
        try {
            return super.executeBatch(h, parameterValues);
        } catch (RuntimeException e) {
            throw keepingSqlState(e);
        }
    }

    /**
     * JdbcMeta wraps the driver's SQLException in a plain RuntimeException, which Avatica's
     * handler answers as error -1, state 00000; as its own exception type the client gets the
     * driver's message, error code and state (25006 for a refused write, 42000 for a statement
     * that does not compile).
     */
    static RuntimeException keepingSqlState(RuntimeException e) {
        if (!(e instanceof AvaticaRuntimeException) && e.getCause() instanceof SQLException sql && sql.getSQLState() != null) {
            return new AvaticaRuntimeException(sql.getMessage(), sql.getErrorCode(), sql.getSQLState(), AvaticaSeverity.ERROR);
        }
        return e;
    }

    /** Cancels the statement if it is running (on another request's thread), then closes it. */
    @Override
    public void closeStatement(StatementHandle h) {
        ServedStatement served = statements.remove(h.id);
        if (served != null) {
            cancel(served.statement());
        }
        super.closeStatement(h);
    }

    /** Cancels the connection's running statements, then closes it. */
    @Override
    public void closeConnection(ConnectionHandle ch) {
        statements.entrySet().removeIf(entry -> {
            if (entry.getValue().connectionId().equals(ch.id)) {
                cancel(entry.getValue().statement());
                return true;
            }
            return false;
        });
        super.closeConnection(ch);
    }

    private StatementHandle remember(ConnectionHandle ch, StatementHandle handle) {
        Statement created = CREATED.get();
        CREATED.remove();
        if (created != null) {
            statements.put(handle.id, new ServedStatement(ch.id, created));
        }
        return handle;
    }

    private void takeTurn() {
        try {
            if (!turns.tryAcquire(TURN_WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("profq serve runs at most " + maxStatements + " statements at once and this one"
                        + " waited " + TURN_WAIT_SECONDS + " s for its turn; try again, or start the server with a larger"
                        + " --max-statements.");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("profq serve is stopping.", e);
        }
    }

    private static void cancel(Statement statement) {
        try {
            statement.cancel();
        } catch (SQLException | RuntimeException ignored) {
            // closed already, or never ran: nothing to stop
        }
    }

    /** The connection, its statements given the server's time limit and remembered for {@link #remember}. */
    private Connection timedStatements(Connection connection) {
        return (Connection) Proxy.newProxyInstance(RecordingMeta.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    Object result;
                    try {
                        result = method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (result instanceof Statement statement
                            && (method.getName().equals("createStatement") || method.getName().equals("prepareStatement"))) {
                        statement.setQueryTimeout(timeoutSeconds);
                        CREATED.set(statement);
                    }
                    return result;
                });
    }
}
