package org.profq.engine.api;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.profq.engine.ProfileViews;
import org.profq.engine.ViewDoc;
import org.profq.engine.language.LanguageCatalog;
import org.profq.engine.table.TableCatalog;
import org.profq.engine.table.TableDefinition;
import org.profq.lang.ProfileCatalog;

/** The tables and views every recording has, described; and the catalogue the profiling language compiles against. */
public final class Relations {
    private static final List<RelationDoc> TABLES = TableCatalog.all().stream().map(Relations::describe).toList();
    private static final List<RelationDoc> VIEWS = ProfileViews.NAMES.stream().map(view -> describe(ProfileViews.doc(view))).toList();

    private Relations() {
    }

    /** Every table, in the order the reference lists them. */
    public static List<RelationDoc> tables() {
        return TABLES;
    }

    /** Every profile view, in the order the reference lists them. */
    public static List<RelationDoc> views() {
        return VIEWS;
    }

    /** The names of the profile views. */
    public static List<String> viewNames() {
        return ProfileViews.NAMES;
    }

    /** The table or view named {@code name}, in any case; empty for another name (a user event table's columns are the recording's). */
    public static Optional<RelationDoc> find(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return TABLES.stream().filter(table -> table.name().equals(lower)).findFirst()
                .or(() -> VIEWS.stream().filter(view -> view.name().equals(lower)).findFirst());
    }

    /** The catalogue the profiling language resolves names in, over the recordings named by {@code schemas}. */
    public static ProfileCatalog languageCatalog(Iterable<String> schemas) {
        return new LanguageCatalog(schemas);
    }

    private static RelationDoc describe(TableDefinition table) {
        return new RelationDoc(table.name(), false, "one row per " + table.onePerRow(), table.columns().stream()
                .map(column -> new RelationDoc.ColumnDoc(column.name(), column.type().getName(), column.nullable(), column.meaning()))
                .toList());
    }

    private static RelationDoc describe(ViewDoc view) {
        return new RelationDoc(view.name(), true, view.summary(), view.columns().stream()
                .map(column -> new RelationDoc.ColumnDoc(column.name(), column.type(), true, column.meaning()))
                .toList());
    }
}
