package org.profq.udf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

import org.apache.calcite.jdbc.CalciteConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * profq's SQL functions on known inputs, through Calcite as every connection runs them: exact
 * results, NULLs, empty groups; overlap on identical, disjoint and hand-computed profiles.
 */
class FunctionsTest {
    private static Connection connection;

    @BeforeAll
    static void open() throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("caseSensitive", "false");
        properties.setProperty("unquotedCasing", "UNCHANGED");
        connection = new org.apache.calcite.jdbc.Driver().connect("jdbc:calcite:", properties);
        FunctionLibrary.builtIns(false).addTo(connection.unwrap(CalciteConnection.class).getRootSchema());
    }

    @AfterAll
    static void close() throws SQLException {
        connection.close();
    }

    @Test
    void formatsBytesInBinaryUnits() throws SQLException {
        assertEquals(List.of("0 B", "512 B", "1023 B", "1.0 KiB", "1.5 KiB", "1.5 MiB", "2.0 GiB", "-1.5 KiB", "1.0 MiB"),
                column("SELECT fmt_bytes(n) FROM (VALUES (0), (512), (1023), (1024), (1536), (1572864), (2147483648),"
                        + " (-1536), (1048575)) AS t(n)"));
        assertEquals("1.5 MiB", Formats.fmt_bytes(1_572_864));
    }

    @Test
    void formatsNanosecondsInTheLargestUnitThatKeepsOne() throws SQLException {
        assertEquals(List.of("850 ns", "1.0 µs", "3.2 ms", "1.5 s", "125.0 s", "1.0 ms", "-2.5 µs"),
                column("SELECT fmt_ns(n) FROM (VALUES (850), (1000), (3200000), (1500000000), (125000000000),"
                        + " (999960), (-2500)) AS t(n)"));
    }

    @Test
    void formatsSharesAsPercentages() throws SQLException {
        assertEquals(List.of("12.3%", "100.0%", "0.0%", "-25.0%"),
                column("SELECT fmt_share(x) FROM (VALUES (0.123), (1.0), (0.0), (-0.25)) AS t(x)"));
    }

    @Test
    void formattingANullGivesNull() throws SQLException {
        assertEquals(Arrays.asList(null, null, null), row("SELECT fmt_bytes(CAST(NULL AS BIGINT)), fmt_ns(CAST(NULL AS BIGINT)),"
                + " fmt_share(CAST(NULL AS DOUBLE))"));
    }

    @Test
    void namesTheirPartsOfSignaturesAndClasses() throws SQLException {
        assertEquals(List.of("Recursion.sum(int)", "profq.samples.Recursion", "profq.samples"),
                row("SELECT simple_name('profq.samples.Recursion.sum(int)'), class_of('profq.samples.Recursion.sum(int)'),"
                        + " package_of(class_of('profq.samples.Recursion.sum(int)'))"));
        assertEquals(List.of("Main.main(String[])", "Outer$Inner.<init>(long, List)", "Top.run()", ""),
                row("SELECT simple_name('a.b.Main.main(java.lang.String[])'),"
                        + " simple_name('x.Outer$Inner.<init>(long, java.util.List)'), simple_name('Top.run()'), package_of('Top')"));
        assertEquals(Arrays.asList(null, null, null), row("SELECT simple_name(CAST(NULL AS VARCHAR)), class_of(CAST(NULL AS VARCHAR)),"
                + " package_of(CAST(NULL AS VARCHAR))"));
    }

    @Test
    void globMatchesTheWholeTextAsTheLanguageReadsIt() throws SQLException {
        assertEquals(List.of(true, true, false, true, false, true, false),
                row("SELECT glob('org.h2.Engine', 'org.h2.*'), glob('org.h2', 'org.h2*'), glob('org.h2', 'org.h2.*'),"
                        + " glob('a.b.C.run()', '*.run()'), glob('abc', 'a?'), glob('abc', 'a?c'), glob('a%c', 'a_c')"));
        assertEquals(List.of(true, false), row("SELECT glob('100%', '100%'), glob('1000', '100%')"));
        assertNull(row("SELECT glob(CAST(NULL AS VARCHAR), '*')").get(0));
    }

    @Test
    void packageGlobMatchesThePackageOfAPatternEndingInDotStarToo() throws SQLException {
        assertEquals(List.of(true, true, false, false, true, false, false),
                row("SELECT package_glob('org.h2', 'org.h2.*'), package_glob('org.h2.util', 'org.h2.*'),"
                        + " package_glob('org.h2x', 'org.h2.*'), package_glob('org', 'org.*.*'), package_glob('org.a.b', 'org.*.*'),"
                        + " package_glob('', '.*'), package_glob('org_h2', 'org.h2')"));
        assertNull(row("SELECT package_glob(CAST(NULL AS VARCHAR), 'org.*')").get(0));
    }

    @Test
    void percentileIsTheNearestRankOfTheGroup() throws SQLException {
        String values = "(VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10)) AS t(x)";
        assertEquals(List.of(5.0, 9.0, 10.0, 1.0, 10.0),
                row("SELECT percentile(x, 0.5), percentile(x, 0.9), percentile(x, 0.99), percentile(x, 0), percentile(x, 1) FROM " + values));
        assertEquals(List.of(List.of("a", 2.0), List.of("b", 30.0)),
                rows("SELECT k, percentile(x, 0.5) FROM (VALUES ('a', 1), ('a', 2), ('a', 3), ('b', 30)) AS t(k, x) GROUP BY k ORDER BY k"));
    }

    @Test
    void percentileSkipsNullsAndGivesNullForAnEmptyGroup() throws SQLException {
        assertEquals(List.of(3.0), row("SELECT percentile(x, 0.5) FROM (VALUES (CAST(NULL AS INTEGER)), (3), (NULL)) AS t(x)"));
        assertEquals(Arrays.asList((Object) null), row("SELECT percentile(x, 0.5) FROM (VALUES (1)) AS t(x) WHERE x > 5"));
    }

    @Test
    void percentileRefusesAPercentGivenForAFraction() {
        SQLException refused = assertThrows(SQLException.class, () -> row("SELECT percentile(x, 90) FROM (VALUES (1)) AS t(x)"));
        assertTrue(causes(refused).contains("percentile's p is 90.0; give a fraction from 0 to 1, such as 0.9 for p90"), causes(refused));
    }

    @Test
    void aNumberFunctionRefusesTextByName() {
        Exception refused = assertThrows(Exception.class, () -> row("SELECT fmt_share('half')")); // folded while planned: not always an SQLException
        assertTrue(causes(refused).contains("fmt_share takes a number; got String 'half'"), causes(refused));
    }

    @Test
    void histogramDrawsOneCharacterPerBucket() throws SQLException {
        assertEquals(List.of("█████"), row("SELECT histogram(x, 5) FROM (VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10)) AS t(x)"));
        assertEquals(List.of("█▁ ▁"), row("SELECT histogram(x, 4) FROM (VALUES (0), (0), (0), (0), (0), (0), (0), (0), (1), (4)) AS t(x)"));
        assertEquals(List.of("█  "), row("SELECT histogram(x, 3) FROM (VALUES (7), (7)) AS t(x)"));
        assertEquals(Arrays.asList((Object) null), row("SELECT histogram(x, 3) FROM (VALUES (1)) AS t(x) WHERE x > 5"));
    }

    @Test
    void overlapOfIdenticalProfilesIsAll() throws SQLException {
        assertEquals(List.of(1.0), row("SELECT overlap(a, b) FROM (VALUES (0.5, 0.5), (0.3, 0.3), (0.2, 0.2)) AS t(a, b)"));
    }

    @Test
    void overlapOfDisjointProfilesIsNone() throws SQLException {
        assertEquals(List.of(0.0), row("SELECT overlap(a, b) FROM (VALUES (0.6, 0.0), (0.4, 0.0), (0.0, 0.7), (0.0, 0.3)) AS t(a, b)"));
    }

    @Test
    void overlapAddsTheSmallerNormalisedShare() throws SQLException {
        // djprof's example: Foo.bar() 25% in one profile, 15% in the other, counts 15%. By hand:
        // a = (25, 50, 25)%, b = (15, 45, 40)%: min = 15 + 45 + 25 = 85%.
        assertEquals(0.85, (Double) row("SELECT overlap(a, b) FROM (VALUES (0.25, 0.15), (0.50, 0.45), (0.25, 0.40)) AS t(a, b)").get(0), 1e-12);
        // Shares of a subset are normalised first: bytes 2:1 against 1:1 → (2/3, 1/3) against (1/2, 1/2) = 1/2 + 1/3.
        assertEquals(5.0 / 6, (Double) row("SELECT overlap(a, b) FROM (VALUES (200, 10), (100, 10)) AS t(a, b)").get(0), 1e-12);
        assertEquals(List.of("85.0%"), row("SELECT fmt_share(overlap(a, b)) FROM (VALUES (0.25, 0.15), (0.50, 0.45), (0.25, 0.40)) AS t(a, b)"));
    }

    @Test
    void overlapOfAnEmptyGroupIsNull() throws SQLException {
        assertEquals(Arrays.asList((Object) null), row("SELECT overlap(a, b) FROM (VALUES (0.5, 0.5)) AS t(a, b) WHERE a > 1"));
    }

    @Test
    void everyBuiltInHasASignatureAndADescription() {
        List<String> listed = new ArrayList<>();
        for (SqlFunction function : FunctionLibrary.builtIns(false).functions()) {
            assertTrue(!function.description().startsWith("(no description"), function.name());
            listed.add(function.signature());
        }
        assertEquals(List.of("class_of(signature VARCHAR) → VARCHAR", "fmt_bytes(n BIGINT) → VARCHAR", "fmt_ns(n BIGINT) → VARCHAR",
                "fmt_share(share ANY) → VARCHAR", "glob(text VARCHAR, pattern VARCHAR) → BOOLEAN",
                "histogram(x ANY, buckets INTEGER) → VARCHAR", "overlap(shareA ANY, shareB ANY) → DOUBLE",
                "package_glob(packageName VARCHAR, pattern VARCHAR) → BOOLEAN", "package_of(className VARCHAR) → VARCHAR", "percentile(x ANY, fraction ANY) → DOUBLE",
                "simple_name(signature VARCHAR) → VARCHAR"), listed);
    }

    private static List<Object> row(String sql) throws SQLException {
        List<List<Object>> rows = rows(sql);
        assertEquals(1, rows.size(), sql);
        return rows.get(0);
    }

    private static List<Object> column(String sql) throws SQLException {
        return rows(sql).stream().map(row -> row.get(0)).toList();
    }

    private static List<List<Object>> rows(String sql) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement(); ResultSet results = statement.executeQuery(sql)) {
            int columns = results.getMetaData().getColumnCount();
            while (results.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    row.add(results.getObject(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private static String causes(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            text.append(cause).append('\n');
        }
        return text.toString();
    }
}
