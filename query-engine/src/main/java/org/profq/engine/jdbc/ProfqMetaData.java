package org.profq.engine.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.util.Properties;
import java.util.function.Predicate;

import org.apache.calcite.schema.lookup.LikePattern;

/**
 * The {@link DatabaseMetaData} of a profq connection: Calcite's, except that the driver names
 * itself profq with its own version, and {@code getTables}/{@code getColumns} keep only the
 * tables their name pattern matches (Calcite adds every view whatever the pattern) and leave out
 * the views' private helpers ({@code _}-prefixed). Remarks come from {@link DocumentedTables}
 * and {@link DocumentedColumns}.
 */
final class ProfqMetaData {
    /** The driver's name and version, from the build ({@code driver.properties}). */
    static final Properties IDENTITY = identity();

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
                    case "getTables", "getColumns" -> matching((ResultSet) call(calcite, method, args), (String) args[2]);
                    default -> call(calcite, method, args);
                });
    }

    static int majorVersion() {
        return versionPart(0);
    }

    static int minorVersion() {
        return versionPart(1);
    }

    /** The rows of {@code rows} whose TABLE_NAME matches {@code tablePattern} (null: any), helpers left out. */
    private static ResultSet matching(ResultSet rows, String tablePattern) {
        Predicate<String> name = tablePattern == null ? any -> true : LikePattern.matcher(tablePattern)::apply;
        return (ResultSet) Proxy.newProxyInstance(ProfqMetaData.class.getClassLoader(), new Class<?>[] {ResultSet.class},
                (self, method, args) -> {
                    if (!method.getName().equals("next")) {
                        return call(rows, method, args);
                    }
                    while (rows.next()) {
                        String table = rows.getString("TABLE_NAME");
                        if (!table.startsWith("_") && name.test(table)) {
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

    private static Object call(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private ProfqMetaData() {
    }
}
