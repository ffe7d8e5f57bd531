package org.profq.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Malformed statements and the exact error each gets: where (line, column, a caret under
 * the mistake), what was expected, and the nearest word for a misspelling.
 */
class MalformedStatementsTest {
    private static final DocumentedViews CATALOG = new DocumentedViews();
    private static final List<String[]> CASES = new ArrayList<>();

    private static void malformed(String statement, String message) {
        CASES.add(new String[] {statement, message.stripTrailing()});
    }

    static {
        malformed("lifetme by site", """
                at line 1, column 1: expected 'heap', 'lifetime', 'waste', 'time', 'tree', 'calls', 'exceptions' or 'values', found 'lifetme'; did you mean 'lifetime'?
                  lifetme by site
                  ^^^^^^^
                """);
        malformed("heap bye method", """
                at line 1, column 6: expected 'by', found 'bye'; did you mean 'by'?
                  heap bye method
                       ^^^
                """);
        malformed("heap by mehtod", """
                at line 1, column 9: expected 'method', 'site' or 'class', found 'mehtod'; did you mean 'method'?
                  heap by mehtod
                          ^^^^^^
                """);
        malformed("heap_by_mehtod", """
                at line 1, column 1: expected 'heap', 'lifetime', 'waste', 'time', 'tree', 'calls', 'exceptions' or 'values', found 'heap_by_mehtod'; did you mean 'heap by method'?
                  heap_by_mehtod
                  ^^^^^^^^^^^^^^
                """);
        malformed("heap by method where byts > 1kb", """
                at line 1, column 22: heap by method has no column 'byts' to filter on; did you mean 'bytes'?
                  heap by method where byts > 1kb
                                       ^^^^
                """);
        malformed("time by method where duration > 3", """
                at line 1, column 33: 'duration' is a time; give the number a unit: ns, us, ms, s or min (e.g. 3ms)
                  time by method where duration > 3
                                                  ^
                """);
        malformed("time by method where duration > 3kb", """
                at line 1, column 34: 'duration' is a time, and kb is not a unit of time; use ns, us, ms, s or min
                  time by method where duration > 3kb
                                                   ^^
                """);
        malformed("time by method where self > 2mss", """
                at line 1, column 30: 'mss' is not a unit; did you mean 'ms'? ('self' takes ns, us, ms, s or min)
                  time by method where self > 2mss
                                               ^^^
                """);
        malformed("heap by method where method > '*x*'", """
                at line 1, column 29: 'method' is a pattern; compare it with = or !=, not >
                  heap by method where method > '*x*'
                                              ^
                """);
        malformed("heap by method where method = 'a", """
                at line 1, column 31: the quoted text is never closed; end it with a quote (')
                  heap by method where method = 'a
                                                ^^
                """);
        malformed("heap by method top", """
                at line 1, column 19: expected a number, found the end of the statement
                  heap by method top
                                    ^
                """);
        malformed("heap by method top 1 top 2", """
                at line 1, column 22: 'top' is given twice; keep one
                  heap by method top 1 top 2
                                       ^^^
                """);
        malformed("heap by method where", """
                at line 1, column 21: expected a name, 'not' or '(', found the end of the statement
                  heap by method where
                                      ^
                """);
        malformed("heap by method where bytes 3", """
                at line 1, column 28: expected a comparison (=, !=, <, <=, >, >=), found '3'
                  heap by method where bytes 3
                                             ^
                """);
        malformed("heap by method ordr by bytes", """
                at line 1, column 16: expected 'where', 'top', 'order by', 'columns', 'compare' or the end of the statement, found 'ordr'; did you mean 'order'?
                  heap by method ordr by bytes
                                 ^^^^
                """);
        malformed("heap by method order by byts desc", """
                at line 1, column 25: heap by method has no column 'byts' for order by; did you mean 'bytes'?
                  heap by method order by byts desc
                                          ^^^^
                """);
        malformed("tree where thread = 'main' or calls > 10", """
                at line 1, column 12: a thread filter chooses the rows tree adds up, so it cannot be or-ed with a condition on the sums; join it to the rest with and
                  tree where thread = 'main' or calls > 10
                             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
                """);
        malformed("heap by method where thread = 'main' compare a with b", """
                at line 1, column 22: a thread filter cannot be combined with compare yet; compare the whole recordings, or ask each one alone
                  heap by method where thread = 'main' compare a with b
                                       ^^^^^^^^^^^^^^^
                """);
        malformed("heap by method compare a with c", """
                at line 1, column 31: no recording is open as schema 'c'; did you mean 'a'? (open: a, b); open two with profq sql a=<recording> b=<recording>
                  heap by method compare a with c
                                                ^
                """);
        malformed("calls of '*x*' compare a with b", """
                at line 1, column 16: calls of lists single calls, which cannot be compared; compare a profile such as time by method
                  calls of '*x*' compare a with b
                                 ^^^^^^^^^^^^^^^^
                """);
        malformed("heap # method", """
                at line 1, column 6: unexpected character '#'; expected 'by'
                  heap # method
                       ^
                """);
        malformed("", """
                at line 1, column 1: expected 'heap', 'lifetime', 'waste', 'time', 'tree', 'calls', 'exceptions' or 'values', found the end of the statement
                 \s
                  ^
                """);
        malformed("heap by method where bytes = 'x'", """
                at line 1, column 30: 'bytes' is a size; compare it with a size such as 10mb, not 'x'
                  heap by method where bytes = 'x'
                                               ^^^
                """);
        malformed("heap by method where objects > 3ms", """
                at line 1, column 33: 'objects' is a plain number and takes no unit, not ms
                  heap by method where objects > 3ms
                                                  ^^
                """);
        malformed("heap by method top 99999999999999999999", """
                at line 1, column 20: 99999999999999999999 is too large; the largest is 9223372036854775807
                  heap by method top 99999999999999999999
                                     ^^^^^^^^^^^^^^^^^^^^
                """);
        malformed("heap by class where method = 'x'", """
                at line 1, column 21: heap by class has no column 'method' to filter on; it has class_id, type_name, objects, bytes, share, and the filters class, package, thread
                  heap by class where method = 'x'
                                      ^^^^^^
                """);
        malformed("heap by method compare a with a", """
                at line 1, column 31: compare needs two different recordings, not 'a' twice
                  heap by method compare a with a
                                                ^
                """);
        malformed("heap by method where method = 12", """
                at line 1, column 31: 'method' takes a quoted pattern such as '*Parser.parse*', not '12'
                  heap by method where method = 12
                                                ^^
                """);
        malformed("heap by method columns signature,\n  nosuch", """
                at line 2, column 3: heap by method has no column 'nosuch' for columns; its columns are method_id, signature, objects, bytes, share
                    nosuch
                    ^^^^^^
                """);
    }

    @TestFactory
    Stream<DynamicTest> eachMalformedStatementGetsItsExactError() {
        return CASES.stream().map(c -> DynamicTest.dynamicTest(c[0].isEmpty() ? "(empty)" : c[0], () -> {
            LanguageException error = assertThrows(LanguageException.class, () -> ProfqLanguage.toSql(c[0], CATALOG));
            assertEquals(c[1], error.getMessage().stripTrailing());
        }));
    }
}
