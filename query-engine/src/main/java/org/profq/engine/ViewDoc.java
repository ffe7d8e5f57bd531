package org.profq.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A profile view's documentation, read from the header comment of its {@code .sql} file:
 * the question it answers, the tables and views it builds on, and each output column's name,
 * SQL type and meaning, for {@code \d} and for tests that check the header against what the
 * view returns.
 *
 * <pre>
 * -- heap_by_method: which methods allocate the most memory?
 * -- ...
 * -- Builds on: _allocations_by_site, sites, methods.
 * --
 * -- Columns:
 * --   method_id  BIGINT   the allocating method (methods.method_id)
 * </pre>
 *
 * {@code buildsOn} is what the "Builds on:" line names: the tables and views the view reads.
 */
public record ViewDoc(String name, String summary, List<ColumnDoc> columns, List<String> buildsOn) {
    private static final Pattern TITLE = Pattern.compile("--\\s*([\\w-]+):\\s*(.*)"); // report names may have a hyphen: compare-heap
    private static final Pattern BUILDS_ON = Pattern.compile("--\\s*Builds on:\\s*(.*?)\\.?\\s*");
    private static final Pattern COLUMN = Pattern.compile("--\\s{2,}(\\w+)\\s+([A-Z]+)\\s+(.*)");

    /** One documented output column. */
    public record ColumnDoc(String name, String type, String meaning) {
    }

    public ViewDoc {
        columns = List.copyOf(columns);
        buildsOn = List.copyOf(buildsOn);
    }

    /** Parses the leading comment block of {@code sql}, the text of view {@code name}. */
    public static ViewDoc parse(String name, String sql) {
        String summary = "";
        List<ColumnDoc> columns = new ArrayList<>();
        List<String> buildsOn = List.of();
        boolean inColumns = false;
        for (String line : sql.split("\n")) {
            if (!line.startsWith("--")) {
                break;
            }
            Matcher title = TITLE.matcher(line);
            Matcher column = COLUMN.matcher(line);
            Matcher buildsOnLine = BUILDS_ON.matcher(line);
            if (summary.isEmpty() && title.matches() && title.group(1).equals(name)) {
                summary = title.group(2).trim();
            } else if (!inColumns && buildsOnLine.matches()) {
                buildsOn = List.of(buildsOnLine.group(1).split("\\s*,\\s*"));
            } else if (line.trim().equals("-- Columns:")) {
                inColumns = true;
            } else if (inColumns && column.matches()) {
                columns.add(new ColumnDoc(column.group(1), column.group(2), column.group(3).trim()));
            }
        }
        return new ViewDoc(name, summary, columns, buildsOn);
    }
}
