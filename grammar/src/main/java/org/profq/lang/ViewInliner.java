package org.profq.lang;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A profile view restricted to some rows of the table it adds up, written as the view's own
 * SQL: a {@code WITH} that keeps the rows ({@code thread_allocations AS (SELECT * FROM
 * allocations WHERE ...)}), then the view and every view between it and that table, each
 * under its own name and with its own definition (from {@link ProfileCatalog#definition}),
 * reading the kept rows in place of the table. The views that do not read the table (names,
 * dictionaries) are used as they are. So a profile has one definition, its view's, and a
 * restricted profile is that definition over fewer rows: its sums, percentiles and shares
 * are those of the kept rows.
 */
final class ViewInliner {
    private static final String INDENT = "    ";
    /** A relation a view reads: the name after FROM or JOIN. */
    private static final Pattern READS = Pattern.compile("(?i)\\b(FROM|JOIN)(\\s+)([A-Za-z_][A-Za-z0-9_]*)\\b");

    private final ProfileCatalog catalog;
    private final String table;
    private final String keptRows;
    /** The views to inline, each after those it reads, with their definitions rewritten. */
    private final Map<String, String> inlined = new LinkedHashMap<>();
    private final Map<String, Boolean> readsTable = new LinkedHashMap<>();

    private ViewInliner(ProfileCatalog catalog, String table) {
        this.catalog = catalog;
        this.table = table;
        this.keptRows = "thread_" + table.replaceFirst("^_+", ""); // the rows of the threads asked for
    }

    /**
     * The {@code WITH} items (no {@code WITH}, each {@code name AS (...)}, comma-separated,
     * ending in a newline) that define {@code view} over the rows of {@code table} for which
     * {@code condition} holds; empty if the catalog has no definition of {@code view} reading
     * {@code table}.
     */
    static Optional<String> restrict(ProfileCatalog catalog, String view, String table, String condition) {
        ViewInliner inliner = new ViewInliner(catalog, table);
        if (!inliner.reads(view)) {
            return Optional.empty();
        }
        StringBuilder with = new StringBuilder();
        with.append(inliner.keptRows).append(" AS (\n")
                .append(INDENT).append("SELECT *\n")
                .append(INDENT).append("FROM ").append(table).append('\n')
                .append(INDENT).append("WHERE ").append(condition).append('\n')
                .append(')');
        inliner.inlined.forEach((name, body) -> with.append(",\n").append(name).append(" AS (\n")
                .append(body.indent(INDENT.length())).append(')'));
        return Optional.of(with.append('\n').toString());
    }

    /** Whether {@code view} reads the table, directly or through views; if so it is inlined, after those it reads. */
    private boolean reads(String view) {
        Boolean known = readsTable.get(view);
        if (known != null) {
            return known;
        }
        readsTable.put(view, false);
        Optional<String> definition = catalog.definition(view);
        if (definition.isEmpty()) {
            return false;
        }
        String body = withoutHeader(definition.get());
        boolean reads = false;
        for (String relation : relations(body)) {
            reads |= relation.equalsIgnoreCase(table) || reads(relation.toLowerCase(Locale.ROOT));
        }
        if (reads) {
            readsTable.put(view, true);
            inlined.put(view, readingKeptRows(body));
        }
        return reads;
    }

    private static List<String> relations(String body) {
        List<String> relations = new ArrayList<>();
        Matcher reads = READS.matcher(body);
        while (reads.find()) {
            relations.add(reads.group(3));
        }
        return relations;
    }

    private String readingKeptRows(String body) {
        Matcher reads = READS.matcher(body);
        StringBuilder rewritten = new StringBuilder();
        while (reads.find()) {
            String relation = reads.group(3).equalsIgnoreCase(table) ? keptRows : reads.group(3);
            reads.appendReplacement(rewritten, Matcher.quoteReplacement(reads.group(1) + reads.group(2) + relation));
        }
        return reads.appendTail(rewritten).toString().strip();
    }

    /** The SQL after the view's documenting header (its leading comment lines). */
    private static String withoutHeader(String definition) {
        List<String> lines = definition.lines().toList();
        int first = 0;
        while (first < lines.size() && (lines.get(first).isBlank() || lines.get(first).stripLeading().startsWith("--"))) {
            first++;
        }
        return String.join("\n", lines.subList(first, lines.size()));
    }
}
