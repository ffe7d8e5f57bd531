package org.profq.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Thousands of random statements: sequences of the language's own tokens (so most get deep
 * into the grammar and the compiler) and random strings. Each either compiles or fails with
 * the language's error pointing inside the statement; nothing else may come out of the
 * compiler (ProfqCompiler is called directly, under ProfqLanguage's last-resort guard).
 */
class FuzzTest {
    private static final DocumentedViews CATALOG = new DocumentedViews();
    private static final List<String> TOKENS = List.of(
            "heap", "by", "method", "site", "class", "lifetime", "waste", "time", "tree", "under", "calls", "of",
            "exceptions", "values", "where", "and", "or", "not", "top", "order", "asc", "desc", "columns", "compare",
            "with", "true", "false", "a", "b", "c", "package", "thread", "duration", "self", "size", "bytes", "objects",
            "signature", "share", "line", "depth", "lag", "drag", "mean", "ratio", "diff_bytes", "a_bytes", "type",
            "'*Parser.parse*'", "'org.h2.*'", "'main'", "'*[]'", "'%_\\'", "''", "'it''s'", "'unclosed", "10", "0", "1.5",
            ".5", "99999999999999999999", "ms", "us", "s", "kb", "mb", "gb", "ns", "min", "xx", ":n", ":min", "(", ")",
            ",", ";", "=", "!=", "<>", "<", "<=", ">", ">=", "#", "\"", "--", "\n", "é", "2ms", "10mb", "*");

    @Test
    void randomTokenSequencesCompileOrFailWithTheLanguagesOwnError() {
        Random random = new Random(18);
        int compiled = 0;
        for (int i = 0; i < 6_000; i++) {
            StringBuilder statement = new StringBuilder();
            // Half start with a real profile, so the clauses and the compiler are reached.
            if (random.nextBoolean()) {
                statement.append(ProfqLanguage.PROFILES.get(random.nextInt(ProfqLanguage.PROFILES.size()))).append(' ');
                if (statement.toString().endsWith("of ") || statement.toString().endsWith("under ")) {
                    statement.append("'*x*' ");
                }
            }
            int length = random.nextInt(12);
            for (int t = 0; t < length; t++) {
                statement.append(TOKENS.get(random.nextInt(TOKENS.size()))).append(random.nextInt(4) == 0 ? "" : " ");
            }
            if (check(statement.toString())) {
                compiled++;
            }
        }
        assertTrue(compiled > 100, "too few random statements compiled (" + compiled + ") to reach the compiler");
    }

    @Test
    void randomStringsFailWithTheLanguagesOwnError() {
        Random random = new Random(1818);
        String alphabet = "abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789'\"*?:;,.()=!<>-_%\\\n\t\u00e9\u4e2d\ud83d\ude00";
        for (int i = 0; i < 6_000; i++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(40);
            for (int c = 0; c < length; c++) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            check(text.toString());
            check("heap by method where " + text);
        }
    }

    /** True when it compiled; fails the test on anything but a well-formed LanguageException. */
    private static boolean check(String statement) {
        List<Throwable> unexpected = new ArrayList<>();
        try {
            String sql = ProfqCompiler.compile(statement, CATALOG);
            assertFalse(sql.isBlank(), statement);
            return true;
        } catch (LanguageException e) {
            assertTrue(e.line() >= 1 && e.column() >= 1, () -> "position of " + statement + ": " + e.getMessage());
            assertEquals(3, e.getMessage().split("\n", -1).length, () -> "message of " + statement + ": " + e.getMessage());
            assertTrue(e.getMessage().lines().skip(2).findFirst().orElse("").strip().startsWith("^"), e::getMessage);
        } catch (RuntimeException | StackOverflowError e) {
            unexpected.add(e);
        }
        if (!unexpected.isEmpty()) {
            fail("'" + statement + "' threw " + unexpected.get(0), unexpected.get(0));
        }
        return false;
    }
}
