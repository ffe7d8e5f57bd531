package org.profq.engine.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;
import java.util.function.Predicate;

import org.apache.calcite.schema.lookup.LikePattern;

/**
 * The {@link DatabaseMetaData} of a profq connection: Calcite's, except that the driver names
 * itself profq with its own version, and {@code getTables}/{@code getColumns} keep only the
 * tables their name pattern matches (Calcite adds every view whatever the pattern) and leave out
 * the views' private helpers ({@code _}-prefixed), and neither they nor {@code getSchemas} list
 * Calcite's own {@code metadata} schema. Remarks come from {@link DocumentedTables}
 * and {@link DocumentedColumns}.
 */
final class ProfqMetaData {
    /** The driver's name and version, from the build ({@code driver.properties}). */
    static final Properties IDENTITY = identity();
    /** The schema Calcite adds to every connection: its catalog as tables, no part of a recording. */
    private static final String CALCITE_METADATA_SCHEMA = "metadata";

    static DatabaseMetaData wrap(DatabaseMetaData calcite, Connection connection) {
        return (DatabaseMetaData) Proxy.newProxyInstance(ProfqMetaData.class.getClassLoader(),
                new Class<?>[] {DatabaseMetaData.class}, (self, method, args) -> switch (method.getName()) {
                    case "getConnection" -> connection;
                    case "getDriverName" -> IDENTITY.getProperty("driver.name");
                    case "getDriverVersion" -> IDENTITY.getProperty("driver.version");
                    case "getDatabaseProductName" -> IDENTITY.getProperty("product.name");
                    case "getDatabaseProductVersion" -> IDENTITY.getProperty("product.version");
                    case "getDriverMajorVersion", "getDatabaseMajorVersion" -> majorVersion();
                    case "getDriverMinorVersion", "getDatabaseMinorVersion" -> minorVersion();
                    case "getTables", "getColumns" -> matching((ResultSet) Reflection.call(calcite, method, args), (String) args[2]);
                    case "getSchemas" -> filtered((ResultSet) Reflection.call(calcite, method, args), ProfqMetaData::isRecordingSchema);
                    default -> Reflection.call(calcite, method, args);
                });
    }

    static int majorVersion() {
        return versionPart(0);
    }

    static int minorVersion() {
        return versionPart(1);
    }

    /**
     * The rows of {@code rows} whose TABLE_NAME matches {@code tablePattern} (null: any), helpers
     * and Calcite's own {@code metadata} schema left out.
     */
    private static ResultSet matching(ResultSet rows, String tablePattern) {
        Predicate<String> name = tablePattern == null ? any -> true : LikePattern.matcher(tablePattern)::apply;
        return filtered(rows, row -> {
            String table = row.getString("TABLE_NAME");
            return !table.startsWith("_") && name.test(table) && isRecordingSchema(row);
        });
    }

    /**
     * Whether a row's TABLE_SCHEM is a recording's: Calcite adds a {@code metadata} schema of its
     * own (its catalog as tables) that is no part of the recording, so clients such as sqlline's
     * {@code !tables} are not shown it.
     */
    private static boolean isRecordingSchema(ResultSet row) throws SQLException {
        return !CALCITE_METADATA_SCHEMA.equals(row.getString("TABLE_SCHEM"));
    }

    /** A row of a metadata result set that is kept or left out. */
    private interface RowFilter {
        boolean keeps(ResultSet row) throws SQLException;
    }

    /** {@code rows} with only the rows {@code filter} keeps. */
    private static ResultSet filtered(ResultSet rows, RowFilter filter) {
        return (ResultSet) Proxy.newProxyInstance(ProfqMetaData.class.getClassLoader(), new Class<?>[] {ResultSet.class},
                (self, method, args) -> {
                    if (!method.getName().equals("next")) {
                        return Reflection.call(rows, method, args);
                    }
                    while (rows.next()) {
                        if (filter.keeps(rows)) {
                            return true;
                        }
                    }
                    return false;
                });
    }

    private static int versionPart(int index) {
        String[] parts = IDENTITY.getProperty("driver.version").replaceAll("-.*$", "").split("\\.");
        return Integer.parseInt(parts[index]);
    }

    private static Properties identity() {
        Properties properties = new Properties();
        try (InputStream in = ProfqMetaData.class.getResourceAsStream("driver.properties")) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the driver's driver.properties", e);
        }
        return properties;
    }


    private ProfqMetaData() {
    }
}
