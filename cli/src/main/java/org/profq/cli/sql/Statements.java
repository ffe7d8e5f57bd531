package org.profq.cli.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL text into statements at the semicolons that end them: not those inside string
 * literals, quoted identifiers or comments. The REPL also asks whether a buffer is complete.
 */
public final class Statements {

    /** The statements of {@code text}, stripped, without their ';'; blank ones dropped. */
    public static List<String> split(String text) {
        List<String> statements = new ArrayList<>();
        int start = 0;
        for (int end : terminators(text)) {
            add(statements, text.substring(start, end));
            start = end + 1;
        }
        add(statements, text.substring(start));
        return statements;
    }

    /** True when {@code text} ends with a ';' outside quotes and comments (trailing blanks allowed). */
    public static boolean endsStatement(String text) {
        List<Integer> ends = terminators(text);
        return !ends.isEmpty() && text.substring(ends.get(ends.size() - 1) + 1).isBlank();
    }

    private static void add(List<String> statements, String statement) {
        if (!withoutComments(statement).isBlank()) {
            statements.add(statement.strip());
        }
    }

    /** {@code sql} with its comments blanked out, to tell an empty statement from a real one. */
    static String withoutComments(String sql) {
        StringBuilder out = new StringBuilder();
        scan(sql, (index, inCode) -> out.append(inCode ? sql.charAt(index) : ' '));
        return out.toString();
    }

    private static List<Integer> terminators(String text) {
        List<Integer> ends = new ArrayList<>();
        scan(text, (index, inCode) -> {
            if (inCode && text.charAt(index) == ';') {
                ends.add(index);
            }
        });
        return ends;
    }

    /** Visits every character, saying whether it is SQL code (or a literal's text) rather than a comment. */
    private interface Visitor {
        void visit(int index, boolean inCode);
    }

    private static void scan(String text, Visitor visitor) {
        int i = 0;
        int length = text.length();
        while (i < length) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"') {
                int close = text.indexOf(c, i + 1);
                int end = close < 0 ? length : close + 1;
                for (int j = i; j < end; j++) {
                    visitor.visit(j, j == i || j == end - 1); // the quotes count as code, the text does not end statements
                }
                i = end;
            } else if (text.startsWith("--", i)) {
                int newline = text.indexOf('\n', i);
                int end = newline < 0 ? length : newline;
                for (int j = i; j < end; j++) {
                    visitor.visit(j, false);
                }
                i = end;
            } else if (text.startsWith("/*", i)) {
                int close = text.indexOf("*/", i + 2);
                int end = close < 0 ? length : close + 2;
                for (int j = i; j < end; j++) {
                    visitor.visit(j, false);
                }
                i = end;
            } else {
                visitor.visit(i, true);
                i++;
            }
        }
    }

    private Statements() {
    }
}
