package org.profq.difftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.profq.engine.jdbc.ConnectString;
import org.profq.engine.language.LanguageCatalog;
import org.profq.lang.GoldenSql;
import org.profq.lang.ProfqLanguage;

/**
 * Every form of the profiling language ({@link GoldenSql#CASES}) compiles to SQL whose answer on
 * each standard recording is the oracles': {@code planner=plain} and DuckDB over the export.
 * The forms that compare two recordings run with the recordings {@code values} and
 * {@code exceptions} as schemas a and b; a form's parameters ({@code :name}, {@code ?}) are
 * bound by writing a literal in their place.
 */
class LanguageFormsIT {
    /** The literal each parameter is bound to, in the order the forms name them. */
    private static final Map<String, String> PARAMETERS = Map.of(":method", "'*'", ":min", "0", ":n", "5", ":pkg", "'profq.*'");
    private static final List<String> POSITIONAL = List.of("'*'", "0");

    @Test
    void everyFormAnswersAsTheOraclesDo() throws Exception {
        List<RecordingUnderTest> targets = StandardRecordings.open();
        KnownFailures known = KnownFailures.read();
        List<String> unexpected = new ArrayList<>();
        int checked = 0;
        LanguageCatalog single = new LanguageCatalog(List.of(ConnectString.DEFAULT_SCHEMA));
        LanguageCatalog pair = new LanguageCatalog(List.of("a", "b"));
        Map<String, Map.Entry<String, Path>> schemas = new LinkedHashMap<>();
        schemas.put("a", new AbstractMap.SimpleEntry<>("values", StandardRecordings.named("values").recording()));
        schemas.put("b", new AbstractMap.SimpleEntry<>("exceptions", StandardRecordings.named("exceptions").recording()));
        try (RecordingUnderTest compared = RecordingUnderTest.openSchemas("a=values,b=exceptions", schemas,
                StandardRecordings.WORK, StandardRecordings.TIMEOUT_SECONDS)) {
            for (String statement : GoldenSql.CASES.keySet()) {
                boolean comparing = statement.contains(" compare ");
                String sql = bound(ProfqLanguage.toSql(statement, comparing ? pair : single));
                TestCase.Language test = new TestCase.Language(statement, sql, sql.contains("LIMIT"));
                for (RecordingUnderTest target : comparing ? List.of(compared) : targets) {
                    Outcome outcome = new Checker(target).check(test);
                    checked++;
                    if (outcome.failed() && !known.covers(outcome.verdict(), target.name(), sql)) {
                        unexpected.add(Findings.describe(new DiffTester.Failure(target.name(), 0, checked, test, outcome,
                                new Minimiser.Minimised(test, outcome)), target));
                    }
                }
            }
        }
        System.out.println("difftest: " + checked + " language statements checked, " + unexpected.size() + " failed");
        assertEquals(GoldenSql.CASES.size() * 3 - GoldenSql.CASES.keySet().stream().filter(s -> s.contains(" compare ")).count() * 2,
                checked);
        assertTrue(unexpected.isEmpty(), unexpected.size() + " statements of the language answer otherwise than the oracles:\n\n"
                + String.join("\n", unexpected));
    }

    /** {@code sql} with each parameter replaced by its literal. */
    private static String bound(String sql) {
        String bound = sql;
        for (Map.Entry<String, String> parameter : PARAMETERS.entrySet()) {
            bound = bound.replace(parameter.getKey(), parameter.getValue());
        }
        StringBuilder positional = new StringBuilder();
        boolean quoted = false;
        int next = 0;
        for (char c : bound.toCharArray()) {
            quoted ^= c == '\'';
            if (c == '?' && !quoted && next < POSITIONAL.size()) {
                positional.append(POSITIONAL.get(next++));
            } else {
                positional.append(c);
            }
        }
        bound = positional.toString();
        return bound;
    }
}
