package org.profq.difftest;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.profq.engine.jdbc.ConnectString;

/**
 * What the generator may query in one recording, read from the engines rather than written
 * down: every table and view profq's catalogue lists that profq can read and the export holds,
 * with its columns of the kinds the generator writes predicates for, and for each column its
 * number of distinct values, whether it has NULLs, and a few of its values (spread over its
 * sorted distinct values, so the same recording gives the same values on every run).
 */
public record Catalogue(List<Relation> relations) {
    /** The kinds of value the generator knows: numbers without and with a fraction, text, truth values. */
    public enum Kind { INTEGRAL, REAL, TEXT, BOOL }

    public record Column(String name, Kind kind, long distinct, boolean hasNulls, List<Object> values) {
    }

    public record Relation(String name, boolean view, long rows, List<Column> columns) {
        List<Column> of(Kind kind) {
            return columns.stream().filter(column -> column.kind() == kind).toList();
        }

        Column column(String name) {
            return columns.stream().filter(column -> column.name().equals(name)).findFirst().orElseThrow();
        }
    }

    private static final int VALUES_PER_COLUMN = 8;

    static Catalogue read(Connection profq, Connection duckdb) throws SQLException {
        Set<String> exported = new HashSet<>();
        try (Statement statement = duckdb.createStatement();
             ResultSet tables = statement.executeQuery("SELECT table_name FROM information_schema.tables")) {
            while (tables.next()) {
                exported.add(tables.getString(1));
            }
        }
        DatabaseMetaData meta = profq.getMetaData();
        List<String[]> listed = new ArrayList<>();
        try (ResultSet tables = meta.getTables(null, ConnectString.DEFAULT_SCHEMA, "%", null)) {
            while (tables.next()) {
                listed.add(new String[] {tables.getString("TABLE_NAME"), tables.getString("TABLE_TYPE")});
            }
        }
        List<Relation> relations = new ArrayList<>();
        for (String[] table : listed) {
            String name = table[0];
            if (!exported.contains(name) || !readable(profq, name)) {
                continue;
            }
            long rows = RecordingUnderTest.count(duckdb, SqlNames.quote(name));
            List<Column> columns = new ArrayList<>();
            try (ResultSet described = meta.getColumns(null, ConnectString.DEFAULT_SCHEMA, name, "%")) {
                while (described.next()) {
                    Kind kind = kind(described.getInt("DATA_TYPE"));
                    if (kind != null) {
                        columns.add(column(duckdb, name, described.getString("COLUMN_NAME"), kind));
                    }
                }
            }
            if (!columns.isEmpty()) {
                relations.add(new Relation(name, table[1].toUpperCase(Locale.ROOT).contains("VIEW"), rows, columns));
            }
        }
        return new Catalogue(relations);
    }

    private static boolean readable(Connection profq, String name) {
        try {
            RecordingUnderTest.count(profq, SqlNames.quote(name));
            return true;
        } catch (SQLException e) {
            return false; // events the recording left out: the table refuses to be read
        }
    }

    private static Kind kind(int type) {
        return switch (type) {
            case Types.BIGINT, Types.INTEGER, Types.SMALLINT, Types.TINYINT -> Kind.INTEGRAL;
            case Types.DOUBLE, Types.FLOAT, Types.REAL, Types.DECIMAL, Types.NUMERIC -> Kind.REAL;
            case Types.VARCHAR, Types.CHAR, Types.LONGVARCHAR -> Kind.TEXT;
            case Types.BOOLEAN, Types.BIT -> Kind.BOOL;
            default -> null;
        };
    }

    private static Column column(Connection duckdb, String table, String name, Kind kind) throws SQLException {
        String column = SqlNames.quote(name);
        long distinct;
        boolean nulls;
        try (Statement statement = duckdb.createStatement();
             ResultSet stats = statement.executeQuery("SELECT COUNT(DISTINCT " + column + "), COUNT(*) - COUNT(" + column
                     + ") FROM " + SqlNames.quote(table))) {
            stats.next();
            distinct = stats.getLong(1);
            nulls = stats.getLong(2) > 0;
        }
        List<Object> all = new ArrayList<>();
        try (Statement statement = duckdb.createStatement();
             ResultSet values = statement.executeQuery("SELECT DISTINCT " + column + " FROM " + SqlNames.quote(table)
                     + " WHERE " + column + " IS NOT NULL ORDER BY 1")) {
            while (values.next() && all.size() < 100_000) {
                Object value = values.getObject(1);
                if (value instanceof Double d && (d.isNaN() || d.isInfinite())) {
                    continue;
                }
                all.add(value instanceof Number number && kind == Kind.INTEGRAL ? number.longValue() : value);
            }
        }
        List<Object> picked = new ArrayList<>();
        for (int i = 0; i < Math.min(VALUES_PER_COLUMN, all.size()); i++) {
            picked.add(all.get((int) ((long) i * (all.size() - 1) / Math.max(1, Math.min(VALUES_PER_COLUMN, all.size()) - 1))));
        }
        return new Column(name, kind, distinct, nulls, List.copyOf(new ArrayList<>(new java.util.LinkedHashSet<>(picked))));
    }

    /** The relation named {@code name}. */
    public Relation relation(String name) {
        return relations.stream().filter(relation -> relation.name().equals(name)).findFirst().orElseThrow();
    }
}
