package org.profq.engine;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.profq.engine.table.Column;
import org.profq.engine.table.TableCatalog;
import org.profq.engine.table.TableDefinition;

/**
 * What each table, view and column of a recording's schema means, in one sentence, for
 * JDBC metadata's remarks: tables from {@link TableCatalog}, views from their headers ({@link ViewDoc}).
 */
public final class SchemaDocs {
    private static final Map<String, ViewDoc> VIEWS = new ConcurrentHashMap<>();

    /** What a row of table or view {@code name} is; null for a name profq does not document. */
    public static String table(String name) {
        return TableCatalog.find(name).map(table -> "one row per " + table.onePerRow())
                .or(() -> view(name).map(ViewDoc::summary)).orElse(null);
    }

    /** What column {@code column} of table or view {@code table} means (its unit after it); null when undocumented. */
    public static String column(String table, String column) {
        Optional<String> tableColumn = TableCatalog.find(table).flatMap(definition -> definition.columns().stream()
                .filter(candidate -> candidate.name().equalsIgnoreCase(column)).findFirst().map(SchemaDocs::remark));
        return tableColumn.or(() -> view(table).flatMap(doc -> doc.columns().stream()
                .filter(candidate -> candidate.name().equalsIgnoreCase(column)).findFirst()
                .map(ViewDoc.ColumnDoc::meaning))).orElse(null);
    }

    /** What column {@code column} of the table {@code definition} means (its unit after it); null when it has none such. */
    public static String column(TableDefinition definition, String column) {
        return definition.columns().stream().filter(candidate -> candidate.name().equalsIgnoreCase(column)).findFirst()
                .map(SchemaDocs::remark).orElse(null);
    }

    private static String remark(Column column) {
        return column.unit().isEmpty() || column.unit().equals("id") ? column.meaning()
                : column.meaning() + " (" + column.unit() + ")";
    }

    private static Optional<ViewDoc> view(String name) {
        return ProfileViews.NAMES.contains(name)
                ? Optional.of(VIEWS.computeIfAbsent(name, ProfileViews::doc)) : Optional.empty();
    }

    private SchemaDocs() {
    }
}
