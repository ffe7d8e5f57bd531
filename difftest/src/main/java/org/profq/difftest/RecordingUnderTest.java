package org.profq.difftest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

import org.profq.cli.ExportCommand;
import org.profq.engine.plan.PlannerChoice;
import picocli.CommandLine;

/**
 * One recording and the three engines that answer over it: profq as users get it, profq with
 * {@code planner=plain}, and DuckDB over profq's Parquet export of it (every table, and every
 * profile view's result as a table of the same name). What it holds is read into
 * {@link Catalogue}.
 */
public final class RecordingUnderTest implements AutoCloseable {
    private final String name;
    private final Path recording;
    private final JdbcEngine profq;
    private final JdbcEngine plain;
    private final JdbcEngine duckdb;
    private final Catalogue catalogue;

    private RecordingUnderTest(String name, Path recording, JdbcEngine profq, JdbcEngine plain, JdbcEngine duckdb,
                               Catalogue catalogue) {
        this.name = name;
        this.recording = recording;
        this.profq = profq;
        this.plain = plain;
        this.duckdb = duckdb;
        this.catalogue = catalogue;
    }

    /**
     * Opens {@code recording}, exports it into {@code work} (once: an export already there is
     * read again) and loads the export into an in-memory DuckDB.
     */
    public static RecordingUnderTest open(String name, Path recording, Path work, int timeoutSeconds)
            throws IOException, SQLException {
        Path export = exported(name, recording, work);
        String url = "jdbc:profq:" + recording;
        JdbcEngine profq = new JdbcEngine("profq", () -> DriverManager.getConnection(url, new Properties()), timeoutSeconds);
        JdbcEngine plain = new JdbcEngine("plain", () -> DriverManager.getConnection(url, plainPlanner()), timeoutSeconds);
        JdbcEngine duckdb = new JdbcEngine("duckdb", () -> loaded(Map.of("", export)), timeoutSeconds, DuckDbGlobs::translate);
        Catalogue catalogue = Catalogue.read(profq.connection(), duckdb.connection());
        return new RecordingUnderTest(name, recording, profq, plain, duckdb, catalogue);
    }

    /**
     * Several recordings opened at once, each as a schema of its own ({@code jdbc:profq:a=<dir>,b=<dir>}),
     * for the statements that compare two; {@code recordings} maps each schema to its recording's
     * name (as {@link #open} exported it) and directory. The catalogue is left empty: no random
     * query is generated over it.
     */
    public static RecordingUnderTest openSchemas(String name, Map<String, Map.Entry<String, Path>> recordings, Path work,
                                                 int timeoutSeconds) throws IOException, SQLException {
        Map<String, Path> exports = new LinkedHashMap<>();
        List<String> url = new ArrayList<>();
        for (Map.Entry<String, Map.Entry<String, Path>> schema : recordings.entrySet()) {
            exports.put(schema.getKey(), exported(schema.getValue().getKey(), schema.getValue().getValue(), work));
            url.add(schema.getKey() + "=" + schema.getValue().getValue());
        }
        String connect = "jdbc:profq:" + String.join(",", url);
        JdbcEngine profq = new JdbcEngine("profq", () -> DriverManager.getConnection(connect, new Properties()), timeoutSeconds);
        JdbcEngine plain = new JdbcEngine("plain", () -> DriverManager.getConnection(connect, plainPlanner()), timeoutSeconds);
        JdbcEngine duckdb = new JdbcEngine("duckdb", () -> loaded(exports), timeoutSeconds, DuckDbGlobs::translate);
        return new RecordingUnderTest(name, recordings.values().iterator().next().getValue(), profq, plain, duckdb,
                new Catalogue(List.of()));
    }

    private static Properties plainPlanner() {
        Properties plain = new Properties();
        plain.setProperty(PlannerChoice.PROPERTY, PlannerChoice.PLAIN.toString());
        return plain;
    }

    /** profq's Parquet export of {@code recording} with every view's result, made once into {@code work}. */
    private static Path exported(String name, Path recording, Path work) throws IOException {
        Path export = work.resolve(name + "-parquet");
        if (!Files.isRegularFile(export.resolve("_profq_dataset"))) {
            int exit = new CommandLine(new ExportCommand()).execute(recording.toString(), "-o", export.toString(), "--views");
            if (exit != 0) {
                throw new IOException("profq export of " + recording + " failed with exit code " + exit);
            }
        }
        return export;
    }

    /**
     * An in-memory DuckDB with one table per exported relation, in the schema each export is
     * keyed by ("" for DuckDB's default schema). Its NULL order is set to Calcite's (NULL is the
     * greatest value: last ascending, first descending), so an ORDER BY that leaves it unsaid
     * means the same in both; one thread, to leave the other core to profq.
     */
    private static Connection loaded(Map<String, Path> exports) throws SQLException {
        Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement statement = duckdb.createStatement()) {
            statement.execute("SET threads = 1");
            statement.execute("SET default_null_order = 'nulls_last_on_asc_first_on_desc'");
            DuckDbGlobs.define(statement);
            for (Map.Entry<String, Path> export : exports.entrySet()) {
                String schema = export.getKey().isEmpty() ? "" : "\"" + export.getKey() + "\".";
                if (!schema.isEmpty()) {
                    statement.execute("CREATE SCHEMA \"" + export.getKey() + "\"");
                }
                for (Path relation : relations(export.getValue())) {
                    String table = relation.getFileName().toString();
                    statement.execute("CREATE TABLE " + schema + "\"" + table + "\" AS SELECT * FROM read_parquet('"
                            + relation.toString().replace("'", "''") + "/*/*.parquet', hive_partitioning = false)");
                }
            }
        } catch (SQLException e) {
            duckdb.close();
            throw e;
        }
        return duckdb;
    }

    private static List<Path> relations(Path export) throws SQLException {
        try (Stream<Path> children = Files.list(export)) {
            List<Path> relations = new ArrayList<>();
            for (Path child : children.sorted().toList()) {
                try (Stream<Path> parts = Files.walk(child)) {
                    if (Files.isDirectory(child) && parts.anyMatch(part -> part.toString().endsWith(".parquet"))) {
                        relations.add(child);
                    }
                }
            }
            return relations;
        } catch (IOException e) {
            throw new SQLException("cannot list the export " + export + ": " + e.getMessage(), e);
        }
    }

    public String name() {
        return name;
    }

    public Path recording() {
        return recording;
    }

    public Engine profq() {
        return profq;
    }

    public Engine plain() {
        return plain;
    }

    public Engine duckdb() {
        return new Engine() {
            @Override
            public Answer run(String sql) {
                Answer answer = duckdb.run(sql);
                java.util.regex.Matcher table = MISSING_TABLE.matcher(answer.failed() ? answer.failure() : "");
                if (table.find() && copied.add(table.group(1)) && copyToDuckDb(table.group(1))) {
                    return duckdb.run(sql);
                }
                return answer;
            }

            @Override
            public String name() {
                return duckdb.name();
            }

            @Override
            public void close() {
                duckdb.close();
            }
        };
    }

    /** DuckDB's message for a relation it has not got. */
    private static final java.util.regex.Pattern MISSING_TABLE = java.util.regex.Pattern.compile("Table with name (\\w+) does not exist");
    private final java.util.Set<String> copied = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * Gives DuckDB a relation the export leaves out: the language's SQL reads the helper views
     * the profile views are built on ({@code _site_names}, {@code _call_times}), which are no
     * table of the catalogue. Their rows are profq's, as a view's exported result is; the SQL
     * over them is then DuckDB's. False when profq has no such relation either.
     */
    private boolean copyToDuckDb(String relation) {
        try (Statement read = profq.connection().createStatement();
             ResultSet rows = read.executeQuery("SELECT * FROM " + SqlNames.quote(relation))) {
            java.sql.ResultSetMetaData meta = rows.getMetaData();
            List<String> columns = new ArrayList<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                String type = switch (meta.getColumnType(i)) {
                    case java.sql.Types.BIGINT, java.sql.Types.INTEGER, java.sql.Types.SMALLINT, java.sql.Types.TINYINT -> "BIGINT";
                    case java.sql.Types.DOUBLE, java.sql.Types.FLOAT, java.sql.Types.REAL, java.sql.Types.DECIMAL -> "DOUBLE";
                    case java.sql.Types.BOOLEAN -> "BOOLEAN";
                    default -> "VARCHAR";
                };
                columns.add("\"" + meta.getColumnLabel(i) + "\" " + type);
            }
            Connection target = duckdb.connection();
            try (Statement create = target.createStatement()) {
                create.execute("CREATE TABLE \"" + relation + "\" (" + String.join(", ", columns) + ")");
            }
            String marks = String.join(", ", java.util.Collections.nCopies(columns.size(), "?"));
            try (java.sql.PreparedStatement insert = target.prepareStatement("INSERT INTO \"" + relation + "\" VALUES (" + marks + ")")) {
                while (rows.next()) {
                    for (int i = 1; i <= columns.size(); i++) {
                        Object value = rows.getObject(i);
                        insert.setObject(i, value instanceof Number || value instanceof Boolean || value == null ? value : value.toString());
                    }
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    public Catalogue catalogue() {
        return catalogue;
    }

    /** profq's plan for {@code sql} (EXPLAIN PLAN FOR), for a finding's report. */
    public String plan(String sql) {
        Answer plan = profq.run("EXPLAIN PLAN FOR " + sql);
        if (plan.failed()) {
            return plan.describe(0);
        }
        StringBuilder text = new StringBuilder();
        for (List<Object> row : plan.rows()) {
            text.append(row.get(0));
        }
        return text.toString().strip();
    }

    /** Counts a relation's rows on profq: for the catalogue. */
    static long count(Connection connection, String relation) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM " + relation)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    @Override
    public void close() {
        profq.close();
        plain.close();
        duckdb.close();
    }
}
