package org.profq.lang;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What the language needs to know about the database it compiles for: the columns of each
 * profile view and table (to resolve and check names, and to suggest the nearest one for a
 * misspelling), the views' SQL (to restrict a profile to some threads' rows) and the
 * schemas open (for {@code compare a with b}). The query engine fills
 * it from the views' documented headers, so this module needs no Calcite.
 */
public interface ProfileCatalog {

    /** One column of a view or table: its name and SQL type (BIGINT, INTEGER, DOUBLE, VARCHAR, BOOLEAN). */
    record Column(String name, String type) {
    }

    /** The columns of view or table {@code relation}, in order; empty if there is none of that name. */
    List<Column> columns(String relation);

    /**
     * The SQL of view {@code view} as shipped, its documenting header included; empty if
     * there is no such view. A thread filter inlines it over the thread's rows.
     */
    default Optional<String> definition(String view) {
        return Optional.empty();
    }

    /** The schemas open, each a recording; empty when unknown (then compare does not check them). */
    default Set<String> schemas() {
        return Set.of();
    }
}
