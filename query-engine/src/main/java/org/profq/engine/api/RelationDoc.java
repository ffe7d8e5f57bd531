package org.profq.engine.api;

import java.util.List;

/**
 * What a table or a view of a recording is, for a front end that lists and describes them:
 * its name, a line that says what it holds ("one row per …" for a table, the question a view
 * answers), and its columns.
 */
public record RelationDoc(String name, boolean view, String summary, List<ColumnDoc> columns) {

    /** One column: its name, its SQL type's name, whether it may be NULL, and what it means. */
    public record ColumnDoc(String name, String type, boolean nullable, String meaning) {
    }

    public RelationDoc {
        columns = List.copyOf(columns);
    }
}
