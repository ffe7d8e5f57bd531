package org.profq.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Each form of the language compiles to exactly the SQL of {@link GoldenSql}. */
class GoldenSqlTest {
    private static final DocumentedViews CATALOG = new DocumentedViews();

    @TestFactory
    Stream<DynamicTest> everyFormCompilesToItsGoldenSql() {
        return GoldenSql.CASES.entrySet().stream().map((Map.Entry<String, String> golden) -> DynamicTest.dynamicTest(
                golden.getKey(), () -> assertEquals(golden.getValue(), ProfqLanguage.toSql(golden.getKey(), CATALOG))));
    }

    @Test
    void everyProfileHasAGoldenCase() {
        for (String form : ProfqLanguage.PROFILES) {
            String start = form.equals("tree under") ? "tree under" : form;
            assertTrue(GoldenSql.CASES.keySet().stream().anyMatch(statement -> statement.toLowerCase().startsWith(start)), form);
        }
    }

    @Test
    void keywordsAreCaseInsensitive() {
        assertEquals(ProfqLanguage.toSql("heap by method top 3", CATALOG), ProfqLanguage.toSql("Heap BY METHOD Top 3", CATALOG));
        assertEquals(ProfqLanguage.toSql("time by method where SELF > 1MS", CATALOG),
                ProfqLanguage.toSql("time by method where self > 1ms", CATALOG));
    }

    @Test
    void aStatementStartsWithAProfileAndSqlDoesNot() {
        assertTrue(ProfqLanguage.isStatement("heap by method"));
        assertTrue(ProfqLanguage.isStatement("  -- a comment\n  TIME by method"));
        assertTrue(ProfqLanguage.isStatement("values of '*parse*'"));
        assertTrue(ProfqLanguage.isStatement("heap_by_mehtod"), "a misspelt statement is still the language's, to be told so");
        assertTrue(ProfqLanguage.isStatement("lifetme by site"), "so is a misspelt profile");
        assertFalse(ProfqLanguage.isStatement("VALUES (1, 2)"));
        assertFalse(ProfqLanguage.isStatement("SELET * FROM calls"), "a misspelt SELECT is SQL's mistake");
        assertFalse(ProfqLanguage.isStatement("SET x = 1"));
        assertFalse(ProfqLanguage.isStatement("SELECT * FROM heap_by_method"));
        assertFalse(ProfqLanguage.isStatement("WITH x AS (SELECT 1) SELECT * FROM x"));
        assertFalse(ProfqLanguage.isStatement(""));
    }
}
