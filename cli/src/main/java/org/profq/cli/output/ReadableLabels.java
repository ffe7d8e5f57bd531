package org.profq.cli.output;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Column labels a person can read: Calcite names a select item that has no alias
 * {@code EXPR$<n>}; as psql does, profq shows the item's own text instead ({@code COUNT(*)}).
 */
final class ReadableLabels {
    private static final Pattern GENERATED = Pattern.compile("EXPR\\$(\\d+)");
    private static final SqlParser.Config PARSER = SqlParser.config().withQuoting(Quoting.DOUBLE_QUOTE)
            .withUnquotedCasing(Casing.UNCHANGED).withQuotedCasing(Casing.UNCHANGED);

    /** {@code labels}, each generated one replaced by the text of its item in {@code sql}'s outermost select list. */
    static List<String> readable(String sql, List<String> labels) {
        if (sql == null || labels.stream().noneMatch(label -> GENERATED.matcher(label).matches())) {
            return labels;
        }
        SqlSelect select;
        try {
            select = outermostSelect(SqlParser.create(sql, PARSER).parseQuery());
        } catch (SqlParseException | RuntimeException notPlainSql) {
            return labels; // a statement of the profiling language: its SQL names every column
        }
        if (select == null || select.getSelectList().size() != labels.size()) {
            return labels;
        }
        List<String> readable = new ArrayList<>(labels);
        for (int i = 0; i < labels.size(); i++) {
            Matcher generated = GENERATED.matcher(labels.get(i));
            if (generated.matches() && Integer.parseInt(generated.group(1)) == i) {
                readable.set(i, text(sql, select.getSelectList().get(i).getParserPosition()));
            }
        }
        return readable;
    }

    private static SqlSelect outermostSelect(SqlNode node) {
        if (node instanceof SqlOrderBy orderBy) {
            return outermostSelect(orderBy.query);
        }
        if (node instanceof SqlWith with) {
            return outermostSelect(with.body);
        }
        return node instanceof SqlSelect select ? select : null;
    }

    /** The text of {@code sql} between a position's start and its (inclusive) end, on one line. */
    private static String text(String sql, SqlParserPos position) {
        int start = offset(sql, position.getLineNum(), position.getColumnNum());
        int end = offset(sql, position.getEndLineNum(), position.getEndColumnNum()) + 1;
        return sql.substring(start, Math.min(end, sql.length())).replaceAll("\\s+", " ");
    }

    private static int offset(String sql, int line, int column) {
        int offset = 0;
        for (int current = 1; current < line; current++) {
            offset = sql.indexOf('\n', offset) + 1;
        }
        return offset + column - 1;
    }

    private ReadableLabels() {
    }
}
