package org.profq.engine.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;

import org.profq.engine.RecordingSchema;
import org.profq.engine.language.LanguageStatements;
import org.profq.engine.plan.PlanningCancel;
import org.profq.udf.FunctionLibrary;
import org.profq.udf.UdfJars;

/**
 * The connection a {@code jdbc:profq:} URL gives: Calcite's, behind a proxy that checks
 * every SQL text with {@link ReadOnlySql} before it runs (on the connection and on every
 * statement it makes), reports itself read-only, gives profq's metadata ({@link ProfqMetaData}) and the recordings'
 * notices as its warnings ({@link ConnectionNotices}), and closes the recordings when it is closed.
 * Opened with {@code lang=profq}, it first compiles statements of the profiling language to
 * SQL ({@link LanguageStatements}). Its functions are {@code unwrap(FunctionLibrary.class)}; a
 * failure thrown inside a user's function, when a statement runs or its rows are read, is an
 * {@link SQLException} that names the function and its jar.
 */
final class ReadOnlyConnection implements InvocationHandler {
    private final Connection calcite;
    private final List<RecordingSchema> recordings;
    /** Null unless the connection speaks the profiling language too. */
    private final LanguageStatements language;
    private final ConnectionNotices notices;
    private final FunctionLibrary functions;
    private Connection proxy;

    private ReadOnlyConnection(Connection calcite, List<RecordingSchema> recordings, LanguageStatements language,
            ConnectionNotices notices, FunctionLibrary functions) {
        this.calcite = calcite;
        this.recordings = List.copyOf(recordings);
        this.language = language;
        this.notices = notices;
        this.functions = functions;
    }

    static Connection wrap(Connection calcite, List<RecordingSchema> recordings, LanguageStatements language,
            ConnectionNotices notices, FunctionLibrary functions) {
        ReadOnlyConnection handler = new ReadOnlyConnection(calcite, recordings, language, notices, functions);
        handler.proxy = (Connection) Proxy.newProxyInstance(ReadOnlyConnection.class.getClassLoader(),
                new Class<?>[] {Connection.class}, handler);
        return handler.proxy;
    }

    @Override
    public Object invoke(Object self, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "isReadOnly":
                return true;
            case "setReadOnly":
                // A hint in JDBC; clients such as sqlline call setReadOnly(false) on every connect.
                // The connection stays read-only (isReadOnly) and writes are refused per statement.
                return null;
            case "getWarnings":
                return notices.warnings(calcite.getWarnings());
            case "clearWarnings":
                notices.clear();
                break;
            case "prepareStatement", "prepareCall", "nativeSQL":
                args[0] = sql((String) args[0]);
                ReadOnlySql.check((String) args[0]);
                break;
            case "unwrap":
                if (args[0] == FunctionLibrary.class) {
                    return functions;
                }
                break;
            case "isWrapperFor":
                if (args[0] == FunctionLibrary.class) {
                    return true;
                }
                break;
            case "getMetaData":
                return ProfqMetaData.wrap((DatabaseMetaData) Reflection.call(calcite, method, args), proxy);
            case "close":
                try {
                    return Reflection.call(calcite, method, args);
                } finally {
                    recordings.forEach(RecordingSchema::close);
                }
            default:
                break;
        }
        Object result = Reflection.call(calcite, method, args);
        return result instanceof Statement statement ? guard(statement, method.getReturnType()) : result;
    }

    /**
     * The statement behind a proxy of its JDBC interface ({@code Statement}, {@code PreparedStatement}
     * or {@code CallableStatement}) that checks SQL given to it and gives this connection's proxy
     * as its connection, so the guard cannot be stepped around.
     */
    private Object guard(Statement statement, Class<?> type) {
        QueryTimeLimit limit = new QueryTimeLimit(statement);
        return Proxy.newProxyInstance(ReadOnlyConnection.class.getClassLoader(), new Class<?>[] {type},
                (statementProxy, statementMethod, statementArgs) -> {
                    if (statementMethod.getName().equals("getConnection")) {
                        return proxy;
                    }
                    if (statementMethod.getName().equals("close")) {
                        limit.ended();
                    }
                    if (statementArgs != null && statementArgs.length > 0 && statementArgs[0] instanceof String sql
                            && (statementMethod.getName().startsWith("execute") || statementMethod.getName().equals("addBatch"))) {
                        statementArgs[0] = sql(sql);
                        ReadOnlySql.check((String) statementArgs[0]);
                    }
                    if (statement instanceof PreparedStatement prepared
                            && (statementMethod.getName().equals("setLong") || statementMethod.getName().equals("setObject"))) {
                        statementArgs[1] = IntegerParameters.narrowed(prepared, (Integer) statementArgs[0], statementArgs[1]);
                        if (statementArgs[1] instanceof Integer number && statementArgs.length == 2) {
                            prepared.setInt((Integer) statementArgs[0], number);
                            return null;
                        }
                    }
                    boolean execute = statementMethod.getName().startsWith("execute");
                    if (execute) {
                        limit.started();
                    }
                    Object result;
                    try {
                        result = execute ? PlanningCancel.under(limit.cancelFlag(),
                                () -> callNamingFunctions(statement, statementMethod, statementArgs))
                                : callNamingFunctions(statement, statementMethod, statementArgs);
                    } catch (Throwable failure) {
                        limit.ended();
                        throw limit.explained(failure);
                    }
                    return labelled(result instanceof ResultSet rows ? namingFunctions(rows, limit) : result);
                });
    }

    /**
     * {@code rows}, whose failures (a user's function runs as rows are read) name the function and its jar,
     * or the statement's time limit ({@link QueryTimeLimit}), which ends when they are read or closed;
     * their metadata names columns by their labels ({@link LabelsAsColumnNames}).
     */
    private ResultSet namingFunctions(ResultSet rows, QueryTimeLimit limit) {
        return (ResultSet) Proxy.newProxyInstance(ReadOnlyConnection.class.getClassLoader(), new Class<?>[] {ResultSet.class},
                (self, method, args) -> {
                    Object result;
                    try {
                        result = callNamingFunctions(rows, method, args);
                    } catch (Throwable failure) {
                        limit.ended();
                        throw limit.explained(failure);
                    }
                    if (method.getName().equals("close") || Boolean.FALSE.equals(result) && method.getName().equals("next")) {
                        limit.ended();
                    }
                    return labelled(result);
                });
    }

    private static Object labelled(Object result) {
        return result instanceof ResultSetMetaData columns ? LabelsAsColumnNames.of(columns) : result;
    }

    /** Calls the real object; a failure thrown inside a user's function becomes a SQLException that names it and its jar. */
    private Object callNamingFunctions(Object target, Method method, Object[] args) throws Throwable {
        try {
            return Reflection.call(target, method, args);
        } catch (SQLException | RuntimeException e) {
            Optional<String> function = UdfJars.explain(e, functions.functions());
            if (function.isPresent()) {
                throw new SQLException(function.get(), e instanceof SQLException sql ? sql.getSQLState() : null, e);
            }
            throw e;
        }
    }

    /** The SQL of {@code text}: compiled from the language on a lang=profq connection, else as given. */
    private String sql(String text) throws java.sql.SQLException {
        return language == null ? text : language.sql(text);
    }
}
