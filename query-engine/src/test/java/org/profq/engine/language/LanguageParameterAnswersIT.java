package org.profq.engine.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.report.Report;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.Calc;

/**
 * A pattern given as a parameter gives the rows of the same pattern written as a literal, in
 * every form of the profiling language that takes one, whether the parameter is a JDBC
 * {@code ?} or a saved report's {@code :name} (the REPL's {@code \set} runs through the same
 * report binding). On a recording of {@link Calc}: its classes are in {@code profq.samples} and
 * {@code java.util}, so {@code 'profq.samples.*'} must match the package {@code profq.samples}
 * itself; and a pattern's {@code _} is the character, not LIKE's any character.
 */
class LanguageParameterAnswersIT {
    @RegisterExtension
    static final SampleConnection calc = SampleConnection.recorded(Calc.class,
            "events=calls:allocations:deaths:uses,track=1,values=*Calc.square").withLanguage();

    /** Each form with a pattern, as {@code %s}, and patterns to fill it with. */
    private static final List<String> FORMS = List.of(
            "heap by class where package = %s columns type_name, objects",
            "heap by class where package != %s columns type_name, objects",
            "heap by method where package = %s columns signature, objects",
            "heap by site where class = %s columns type_name, objects",
            "heap by method where method = %s columns signature, objects",
            "time by method where method = %s columns signature, calls",
            "time by method where class != %s columns signature, calls",
            "tree under %s columns depth, calls",
            "calls of %s where depth = 1 columns signature, depth",
            "values of %s columns signature, calls");
    /** A package with classes of its own, a {@code _} that is no wildcard, and a method that is there. */
    private static final List<String> PATTERNS = List.of("profq.samples.*", "*Calc.squar_(long)", "*Calc.square(long)");

    @Test
    void aJdbcParameterAndAReportParameterGiveTheRowsOfTheLiteral() throws SQLException {
        int nonEmpty = 0;
        for (String form : FORMS) {
            Report report = Report.parse("by_pattern", """
                    -- by_pattern: the rows of a pattern
                    --
                    -- Language: profq
                    --
                    -- Parameters:
                    --   pattern  VARCHAR  '*'  the pattern
                    --
                    """ + form.formatted(":pattern") + "\n", "test");
            for (String pattern : PATTERNS) {
                List<List<Object>> literal = Rows.query(calc.get(), form.formatted(quoted(pattern)));
                try (PreparedStatement statement = calc.get().prepareStatement(form.formatted("?"))) {
                    statement.setString(1, pattern);
                    assertEquals(literal, Rows.query(statement), form.formatted("? = " + quoted(pattern)));
                }
                Report.BoundQuery query = report.bind(Map.of("pattern", pattern));
                try (PreparedStatement statement = calc.get().prepareStatement(query.sql())) {
                    for (int i = 0; i < query.values().size(); i++) {
                        statement.setObject(i + 1, query.values().get(i));
                    }
                    assertEquals(literal, Rows.query(statement), form.formatted(":pattern = " + quoted(pattern)));
                }
                nonEmpty += literal.isEmpty() ? 0 : 1;
            }
        }
        assertFalse(nonEmpty < FORMS.size(), "most patterns match something");
    }

    @Test
    void aPackagePatternMatchesThePackageItself() throws SQLException {
        List<List<Object>> expected = List.of(List.of("profq.samples.Calc$Result", 100L), List.of("profq.samples.Calc$Scratch", 10L));
        assertEquals(expected, Rows.query(calc.get(),
                "heap by class where package = 'profq.samples.*' order by type_name columns type_name, objects"));
        try (PreparedStatement statement = calc.get().prepareStatement(
                "heap by class where package = ? order by type_name columns type_name, objects")) {
            statement.setString(1, "profq.samples.*");
            assertEquals(expected, Rows.query(statement));
        }
    }

    private static String quoted(String pattern) {
        return "'" + pattern.replace("'", "''") + "'";
    }
}
