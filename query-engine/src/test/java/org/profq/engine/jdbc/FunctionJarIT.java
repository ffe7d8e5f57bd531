package org.profq.engine.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;
import org.profq.udf.FunctionLibrary;
import org.profq.udf.SqlFunction;

import profq.samples.Phases;

/**
 * A user's function jar, compiled and packed by the test, loaded through the real driver with
 * the connection property {@code udf=}: its scalar functions and its aggregate are called by
 * name, listed with their descriptions; a function that throws, and a file that is no jar,
 * give errors that name the jar and the function.
 */
class FunctionJarIT {
    private static final Map<String, String> SOURCES = Map.of(
            "com/example/udfs/Text.java", """
                    package com.example.udfs;

                    import org.profq.udf.Description;

                    public final class Text {
                        @Description("the text in upper case")
                        public static String shout(String text) {
                            return text.toUpperCase();
                        }

                        public static long explode(long n) {
                            return 10 / (n - n);
                        }
                    }
                    """,
            "com/example/udfs/GeoMean.java", """
                    package com.example.udfs;

                    import org.profq.udf.Description;

                    @Description("the geometric mean of positive numbers")
                    public final class GeoMean {
                        public static final class State {
                            double logs;
                            long count;
                        }

                        public State init() {
                            return new State();
                        }

                        public State add(State state, double x) {
                            state.logs += Math.log(x);
                            state.count++;
                            return state;
                        }

                        public Double result(State state) {
                            return state.count == 0 ? null : Math.exp(state.logs / state.count);
                        }
                    }
                    """);

    @Test
    void aJarsFunctionsAreCalledByName(@TempDir Path dir) throws Exception {
        Path jar = build(dir);
        try (Connection connection = connect(jar)) {
            assertEquals(List.of(List.of("PHASES.COMPUTE(INT)"), List.of("PHASES.LOAD(INT)")),
                    Rows.query(connection, "SELECT shout(simple_name(signature)) FROM heap_by_method ORDER BY 1"));
            assertEquals(4.0, (Double) Rows.query(connection, "SELECT geo_mean(x) FROM (VALUES (1), (4), (16)) AS t(x)").get(0).get(0), 1e-9);
            SqlFunction shout = connection.unwrap(FunctionLibrary.class).find("shout").orElseThrow();
            assertEquals(List.of("shout(text VARCHAR) → VARCHAR", "the text in upper case", jar.toString()),
                    List.of(shout.signature(), shout.description(), shout.source()));
            SqlFunction geoMean = connection.unwrap(FunctionLibrary.class).find("geo_mean").orElseThrow();
            assertEquals(List.of(SqlFunction.Kind.AGGREGATE, "geo_mean(x DOUBLE) → Double".replace("Double", "DOUBLE")),
                    List.of(geoMean.kind(), geoMean.signature()));
        }
    }

    @Test
    void aFunctionThatThrowsIsNamedWithItsJar(@TempDir Path dir) throws Exception {
        Path jar = build(dir);
        try (Connection connection = connect(jar)) {
            SQLException failure = assertThrows(SQLException.class, () -> Rows.query(connection, "SELECT explode(depth) FROM calls"));
            assertEquals("the function explode from " + jar + " failed: java.lang.ArithmeticException: / by zero", failure.getMessage());
            // the connection goes on
            assertEquals(List.of(List.of(5L)), Rows.query(connection, "SELECT COUNT(*) FROM calls"));
        }
    }

    @Test
    void aFileThatIsNoJarFailsTheConnectionNamingIt(@TempDir Path dir) throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.jar"), "not a zip");
        SQLException failure = assertThrows(SQLException.class, () -> connect(broken));
        assertTrue(failure.getMessage().startsWith("the function jar " + broken + " is not a jar"), failure.getMessage());
        Path missing = dir.resolve("missing.jar");
        SQLException absent = assertThrows(SQLException.class, () -> connect(missing));
        assertEquals("the function jar " + missing + " cannot be read (NoSuchFileException); check the path", absent.getMessage());
    }

    private static Connection connect(Path jar) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("udf", jar.toString());
        return DriverManager.getConnection("jdbc:profq:" + SampleRecording.of(Phases.class), properties);
    }

    /** Compiles {@link #SOURCES} against this JVM's class path (profq-udfs for @Description) and packs them as udfs.jar. */
    static Path build(Path dir) throws IOException {
        Path sources = Files.createDirectories(dir.resolve("src"));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        for (Map.Entry<String, String> source : SOURCES.entrySet()) {
            Path file = sources.resolve(source.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> arguments = new java.util.ArrayList<>(List.of("-parameters", "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path")));
        SOURCES.keySet().forEach(name -> arguments.add(sources.resolve(name).toString()));
        assertEquals(0, javac.run(null, null, null, arguments.toArray(String[]::new)));
        Path jar = dir.resolve("udfs.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                Files.copy(file, out);
                out.closeEntry();
            }
        }
        return jar;
    }
}
