package org.profq.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A profile view's documentation, read from the header comment of its {@code .sql} file:
 * the question it answers and each output column's name, SQL type and meaning, for
 * {@code \d} and for tests that check the header against what the view returns.
 *
 * <pre>
 * -- heap_by_method: which methods allocate the most memory?
 * -- ...
 * -- Columns:
 * --   method_id  BIGINT   the allocating method (methods.method_id)
 * </pre>
 */
public record ViewDoc(String name, String summary, List<ColumnDoc> columns) {
    private static final Pattern TITLE = Pattern.compile("--\\s*(\\w+):\\s*(.*)");
    private static final Pattern COLUMN = Pattern.compile("--\\s{2,}(\\w+)\\s+([A-Z]+)\\s+(.*)");

    /** One documented output column. */
    public record ColumnDoc(String name, String type, String meaning) {
    }

    public ViewDoc {
        columns = List.copyOf(columns);
    }

    /** Parses the leading comment block of {@code sql}, the text of view {@code name}. */
    public static ViewDoc parse(String name, String sql) {
        String summary = "";
        List<ColumnDoc> columns = new ArrayList<>();
        boolean inColumns = false;
        for (String line : sql.split("\n")) {
            if (!line.startsWith("--")) {
                break;
            }
            Matcher title = TITLE.matcher(line);
            Matcher column = COLUMN.matcher(line);
            if (summary.isEmpty() && title.matches() && title.group(1).equals(name)) {
                summary = title.group(2).trim();
            } else if (line.trim().equals("-- Columns:")) {
                inColumns = true;
            } else if (inColumns && column.matches()) {
                columns.add(new ColumnDoc(column.group(1), column.group(2), column.group(3).trim()));
            }
        }
        return new ViewDoc(name, summary, columns);
    }
}
