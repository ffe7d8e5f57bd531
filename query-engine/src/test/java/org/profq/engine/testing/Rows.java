package org.profq.engine.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.profq.engine.ProfileViews;
import org.profq.engine.table.EventsNotRecordedException;

/** Runs a query over JDBC and gives its rows as lists of column values, for exact assertions. */
public final class Rows {

    public static Connection connect(String recordings) throws SQLException {
        return DriverManager.getConnection("jdbc:profq:" + recordings);
    }

    public static List<List<Object>> query(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            return rows(result);
        }
    }

    /** Executes {@code statement} (again) and gives its rows. */
    public static List<List<Object>> query(PreparedStatement statement) throws SQLException {
        try (ResultSet result = statement.executeQuery()) {
            return rows(result);
        }
    }

    /** The rows of {@code result}, which it closes. */
    public static List<List<Object>> of(ResultSet result) throws SQLException {
        try (result) {
            return rows(result);
        }
    }

    private static List<List<Object>> rows(ResultSet result) throws SQLException {
        int columns = result.getMetaData().getColumnCount();
        List<List<Object>> rows = new ArrayList<>();
        while (result.next()) {
            List<Object> row = new ArrayList<>();
            for (int column = 1; column <= columns; column++) {
                row.add(result.getObject(column));
            }
            rows.add(row);
        }
        return rows;
    }

    /** The rows of every profile view ({@link ProfileViews#NAMES}), by view name. */
    public static Map<String, List<List<Object>>> everyView(Connection connection) throws SQLException {
        Map<String, List<List<Object>>> views = new LinkedHashMap<>();
        for (String view : ProfileViews.NAMES) {
            views.put(view, queryOrRefusal(connection, "SELECT * FROM " + view));
        }
        return views;
    }

    /**
     * The rows of {@code sql}, or, where it reads a table whose events the recording did not record,
     * one row holding the engine's refusal: a query over every table or view of a recording made with
     * some event kinds gives the same answer each time it is asked.
     */
    public static List<List<Object>> queryOrRefusal(Connection connection, String sql) throws SQLException {
        try {
            return query(connection, sql);
        } catch (SQLException refused) {
            if (refused.getCause() instanceof EventsNotRecordedException) {
                return List.of(List.of("refused: " + refused.getCause().getMessage()));
            }
            throw refused;
        }
    }

    private Rows() {
    }
}
