package org.profq.engine.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.engine.testing.SampleRecording;
import org.profq.recorder.Jdk;

import profq.samples.Recursion;

/**
 * profq-jdbc.jar is the whole driver: with nothing else on a client's class path and no JVM
 * flags, sqlline (fetched from Maven Central), a plain Java program (on JDK 17 and 25) and
 * Python through JPype open a recording and query it; the jar holds no JLine or picocli, and
 * the libraries a client may bring in another version of are relocated, Calcite's generated
 * code running against them.
 */
class JdbcJarIT {
    private static final Path JAR = Path.of(System.getProperty("profq.jdbc.jar"));
    private static final String SQLLINE = "sqlline-" + System.getProperty("sqlline.version") + "-jar-with-dependencies.jar";

    @Test
    void theJarHoldsNoLineEditorAndRelocatesWhatCouldClash() throws IOException {
        List<String> foreign = new ArrayList<>();
        try (ZipFile jar = new ZipFile(JAR.toFile())) {
            jar.stream().map(entry -> entry.getName()).filter(name -> name.endsWith(".class"))
                    .filter(name -> name.startsWith("org/jline/") || name.startsWith("picocli/")
                            || name.startsWith("me/tongfei/") || name.startsWith("com/google/")
                            || name.startsWith("com/fasterxml/") || name.startsWith("org/apache/commons/")
                            || name.startsWith("org/apache/hc/") || name.startsWith("org/antlr/")
                            || name.startsWith("org/slf4j/") || name.startsWith("org/objectweb/asm/"))
                    .forEach(foreign::add);
            assertEquals(List.of(), foreign);
            assertEquals("org.profq.engine.jdbc.ProfqDriver\n",
                    new String(jar.getInputStream(jar.getEntry("META-INF/services/java.sql.Driver")).readAllBytes()));
        }
    }

    @Test
    void sqllineWithOnlyTheDriverJarListsDescribesAndQueries() throws Exception {
        Path script = Files.createTempFile("sqlline", ".sql");
        Files.writeString(script, """
                !tables
                !describe calls
                SELECT signature, calls FROM time_by_method ORDER BY calls DESC;
                """);
        Result result = run(List.of(Jdk.current().java().toString(), "-cp", sqlline() + ":" + JAR, "sqlline.SqlLine",
                "-u", "jdbc:profq:" + SampleRecording.of(Recursion.class), "-n", "", "-p", "",
                "--silent=true", "--outputformat=csv", "-f", script.toString()));

        assertEquals(0, result.exitCode(), result.stderr());
        List<String> lines = result.stdout().lines().filter(line -> !line.isBlank()).toList();
        List<String> tables = lines.stream().filter(line -> line.startsWith("'','recording',")).toList();
        assertEquals(List.of(
                "'','recording','allocations','TABLE','one row per allocated object or array: a creation, or the clone() of an array','','','','',''",
                "'','recording','calls','TABLE','one row per method execution, entry to exit','','','','',''",
                "'','recording','methods','TABLE','one row per method or constructor','','','','',''",
                "'','recording','classes','TABLE','one row per class named in the recording','','','','',''",
                "'','recording','threads','TABLE','one row per thread that recorded events','','','','',''",
                "'','recording','run','TABLE','one row per recording','','','','',''",
                "'','recording','sites','TABLE','one row per allocation site (a new, or the clone() of an array, in a method at a line)','','','','',''",
                "'','recording','uses','TABLE','one row per use of a tracked object by woven code','','','','',''",
                "'','recording','fields','TABLE','one row per instance field used on a tracked object or written, read or followed by value profiles','','','','',''",
                "'','recording','deaths','TABLE','one row per tracked object that died or outlived the run','','','','',''",
                "'','recording','collections','TABLE','one row per garbage collection the JVM ran while the recording followed deaths (events=deaths or uses; none otherwise, nor in a recording older than format 2.9)','','','','',''",
                "'','recording','exceptions','TABLE','one row per exception thrown in recorded code','','','','',''",
                "'','recording','params','TABLE','one row per parameter of a value-profiled call (recorded with --values)','','','','',''",
                "'','recording','followed_objects','TABLE','one row per object value profiles followed: a parameter, or an object one reached through reference fields','','','','',''",
                "'','recording','field_writes','TABLE','one row per write to a field of a followed object by woven code, or a reference it held when first followed: the log that MT+R equality is decided from','','','','',''",
                "'','recording','reference_fields','TABLE','one row per field a value-profiled method''s calls (or calls inside them) read: its reference field set, which MT+R/M equality looks through','','','','',''",
                "'','recording','value_tuples','TABLE','one row per distinct tuple of a value-profiled method''s parameters under one equality (worked out when queried; value_profile sums it up)','','','','',''",
                "'','recording','unwoven_classes','TABLE','one row per class of the program the recording does not cover because the weaver never saw it: with profq attach, those loaded before the attach (classes the weaver failed on are counted in run.classes_left_unwoven and named in warnings)','','','','',''",
                "'','recording','call_tree','VIEW','the calling-context tree: how often each call path ran, and how long.','','','','',''",
                "'','recording','exceptions_by_site','VIEW','where are exceptions thrown, and how often?','','','','',''",
                "'','recording','flame','VIEW','collapsed stacks, the input format of flame-graph tools.','','','','',''",
                "'','recording','heap_by_class','VIEW','which types take the most memory?','','','','',''",
                "'','recording','heap_by_method','VIEW','which methods allocate the most memory?','','','','',''",
                "'','recording','heap_by_site','VIEW','which `new` expressions allocate the most memory?','','','','',''",
                "'','recording','lifetime_by_site','VIEW','which allocation sites make long-lived (or short-lived) objects?','','','','',''",
                "'','recording','lifetimes','VIEW','how long did each tracked object live?','','','','',''",
                "'','recording','time_by_method','VIEW','where does the time go, per method?','','','','',''",
                "'','recording','waste','VIEW','how long did each tracked object sit unused before its first use and after its last?','','','','',''",
                "'','recording','waste_by_site','VIEW','which allocation sites make objects that wait long for their first use','','','','',''",
                "'','recording','value_profile','VIEW','which methods are called again and again with the same parameters?','','','','',''")
                .stream().sorted().toList(),
                tables.stream().filter(line -> line.contains("','TABLE','") || line.contains("','VIEW','")).sorted().toList(),
                "every table and view (listed in the metadata's order, compared sorted)");
        List<String> described = lines.stream().filter(line -> line.startsWith("'','recording','calls','") && !line.contains("'TABLE'"))
                .map(line -> line.split("','")[3]).toList();
        assertEquals(List.of("call_id", "thread_id", "method_id", "parent_call_id", "depth", "start_ns", "end_ns",
                "duration_ns", "self_ns", "threw", "finished", "outermost", "stack", "cpu_ns", "self_cpu_ns", "calls_made",
                "calls_inside", "allocations_made", "allocations_inside", "overhead_ns", "self_overhead_ns"), described);
        assertTrue(lines.contains("'','recording','calls','self_ns','-5','BIGINT NOT NULL','-1','null','null','10','0',"
                + "'duration_ns minus the duration_ns of the recorded calls it made directly (ns)','','null','null','-1',"
                + "'9','NO','','','','null','',''"), result.stdout());
        assertEquals(List.of("'signature','calls'", "'profq.samples.Recursion.sum(int)','11'",
                "'profq.samples.Recursion.main(java.lang.String[])','1'"), lines.subList(lines.size() - 3, lines.size()));
    }

    static List<Jdk> jdks() {
        return Jdk.available();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aPlainJavaProgramWithOnlyTheDriverJarQueries(Jdk jdk, @TempDir Path temp) throws Exception {
        Path program = temp.resolve("Query.java");
        Files.writeString(program, """
                import java.sql.*;

                public class Query {
                    public static void main(String[] args) throws Exception {
                        try (Connection connection = DriverManager.getConnection(args[0]);
                             ResultSet rows = connection.createStatement().executeQuery(
                                     "SELECT m.signature, COUNT(*) AS calls, MAX(c.depth) AS deepest, simple_name(m.signature)"
                                     + " FROM calls c JOIN methods m ON m.method_id = c.method_id"
                                     + " GROUP BY m.signature ORDER BY calls DESC")) {
                            DatabaseMetaData meta = connection.getMetaData();
                            System.out.println(meta.getDriverName() + " " + meta.getDriverVersion()
                                    + " for " + meta.getDatabaseProductName());
                            while (rows.next()) {
                                System.out.println(rows.getString(1) + "|" + rows.getLong(2) + "|" + rows.getInt(3) + "|" + rows.getString(4));
                            }
                        }
                    }
                }
                """);
        Result result = run(List.of(jdk.java().toString(), "-cp", JAR.toString(), program.toString(),
                "jdbc:profq:" + SampleRecording.of(Recursion.class)));

        assertEquals("", result.stderr());
        assertEquals(0, result.exitCode());
        assertEquals("""
                profq JDBC driver %s for profq
                profq.samples.Recursion.sum(int)|11|11|Recursion.sum(int)
                profq.samples.Recursion.main(java.lang.String[])|1|0|Recursion.main(String[])
                """.formatted(System.getProperty("profq.version")), result.stdout());
    }

    @Test
    void pythonThroughJpypeWithOnlyTheDriverJarQueries(@TempDir Path temp) throws Exception {
        Path script = temp.resolve("query.py");
        Files.writeString(script, """
                import sys
                import jpype
                import jpype.dbapi2 as dbapi2

                # Debian's JPype 1.4 finds its own support jar only on the class path
                jpype.startJVM(classpath=[sys.argv[1], "/usr/share/java/org.jpype.jar"])
                connection = dbapi2.connect("jdbc:profq:" + sys.argv[2])
                cursor = connection.cursor()
                cursor.execute("SELECT signature, calls FROM time_by_method ORDER BY calls DESC")
                print([column[0] for column in cursor.description])
                for row in cursor.fetchall():
                    print(row)
                connection.close()
                """);
        // Debian's python3-jpype is the system Python's (.ci/run installs it)
        ProcessBuilder python = new ProcessBuilder("/usr/bin/python3", script.toString(), JAR.toString(),
                SampleRecording.of(Recursion.class).toString());
        python.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Result result = run(python);

        assertEquals("", result.stderr());
        assertEquals(0, result.exitCode());
        assertEquals("""
                ['signature', 'calls']
                ['profq.samples.Recursion.sum(int)', 11]
                ['profq.samples.Recursion.main(java.lang.String[])', 1]
                """, result.stdout());
    }

    /** sqlline's own jar with its dependencies, from Maven Central once, kept under target/. */
    private static Path sqlline() throws IOException {
        Path jar = Path.of("target", SQLLINE);
        if (!Files.exists(jar)) {
            URI central = URI.create("https://repo1.maven.org/maven2/sqlline/sqlline/" + System.getProperty("sqlline.version")
                    + "/" + SQLLINE);
            Path partial = Files.createTempFile(Path.of("target"), "sqlline", ".part");
            try (InputStream in = central.toURL().openStream()) {
                Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            }
            Files.move(partial, jar, StandardCopyOption.ATOMIC_MOVE);
        }
        return jar;
    }

    private record Result(int exitCode, String stdout, String stderr) {
    }

    private static Result run(List<String> command) throws Exception {
        return run(new ProcessBuilder(command));
    }

    private static Result run(ProcessBuilder builder) throws Exception {
        Path stdout = Files.createTempFile("jdbc-client", ".out");
        Path stderr = Files.createTempFile("jdbc-client", ".err");
        Process process = builder.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), "the client ended");
        Result result = new Result(process.exitValue(), Files.readString(stdout), Files.readString(stderr));
        Files.delete(stdout);
        Files.delete(stderr);
        return result;
    }
}
