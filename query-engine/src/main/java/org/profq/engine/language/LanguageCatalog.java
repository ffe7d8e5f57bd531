package org.profq.engine.language;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import org.profq.engine.ProfileViews;
import org.profq.engine.ViewDoc;
import org.profq.engine.table.TableCatalog;
import org.profq.engine.table.TableDefinition;
import org.profq.lang.ProfileCatalog;

/**
 * The profiling language's view of a connection: the columns of every profile view (from
 * their documented headers, which ViewDocsIT checks against what the views return) and of
 * every table, the views' SQL (a thread filter inlines it), and the schemas open, for {@code compare a with b}.
 */
public final class LanguageCatalog implements ProfileCatalog {
    private final Set<String> schemas;

    /** A catalog for a connection whose schemas are {@code schemas} (empty: not known, not checked). */
    public LanguageCatalog(Iterable<String> schemas) {
        Set<String> names = new LinkedHashSet<>();
        schemas.forEach(names::add);
        this.schemas = java.util.Collections.unmodifiableSet(names); // in the order opened, for messages
    }

    @Override
    public List<Column> columns(String relation) {
        String name = relation.toLowerCase(Locale.ROOT);
        if (ProfileViews.NAMES.contains(name)) {
            return ProfileViews.doc(name).columns().stream().map(LanguageCatalog::column).toList();
        }
        Optional<TableDefinition> table = TableCatalog.find(name);
        return table.map(definition -> definition.columns().stream()
                .map(column -> new Column(column.name(), sqlType(column.type()))).toList()).orElse(List.of());
    }

    @Override
    public Optional<String> definition(String view) {
        String name = view.toLowerCase(Locale.ROOT);
        return ProfileViews.has(name) ? Optional.of(ProfileViews.sql(name)) : Optional.empty();
    }

    @Override
    public Set<String> schemas() {
        return schemas;
    }

    private static Column column(ViewDoc.ColumnDoc doc) {
        return new Column(doc.name(), doc.type());
    }

    private static String sqlType(org.apache.calcite.sql.type.SqlTypeName type) {
        return type.getName();
    }
}
