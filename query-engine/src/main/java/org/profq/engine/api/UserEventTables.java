package org.profq.engine.api;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.lookup.LikePattern;
import org.profq.engine.jdbc.ConnectString;
import org.profq.engine.table.TableCatalog;
import org.profq.engine.table.UserEventTable;
import org.profq.recording.Recording;

/**
 * The user event tables ({@code event_<name>}) of recordings: each recording has its own, as
 * its program emitted them, so they are found per recording rather than in {@link TableCatalog}.
 */
public final class UserEventTables {
    /** What every user event table's name starts with: {@code event_<name>}. */
    public static final String PREFIX = TableCatalog.USER_EVENT_PREFIX;

    /** Whether {@code table} names a user event table. */
    public static boolean isUserEventTable(String table) {
        return table.startsWith(PREFIX);
    }

    /** The user event tables of {@code schema}, a recording of a profq connection, by name (the schema's own list: JDBC metadata would plan every view to list them). */
    public static Set<String> of(Connection connection, String schema) throws SQLException {
        SchemaPlus recording = connection.unwrap(CalciteConnection.class).getRootSchema().subSchemas().get(schema);
        Set<String> names = new TreeSet<>();
        for (String name : recording.tables().getNames(new LikePattern(PREFIX + "%"))) {
            if (recording.tables().get(name) instanceof UserEventTable) {
                names.add(name);
            }
        }
        return names;
    }

    /**
     * The user event tables of every JVM recorded in the recording directories {@code recordings},
     * read from their logs' names alone (no query engine): what names given with {@code --tables}
     * are checked against before anything is written. Throws the reader's RecordingException.
     */
    public static Set<String> in(Collection<String> recordings) {
        Set<String> names = new TreeSet<>();
        for (String recording : recordings) {
            for (Path jvm : ConnectString.schemasOf(Path.of(recording)).values()) {
                try (Recording opened = Recordings.open(jvm)) { // from the scan kept with its index: not the whole log again
                    opened.userEventTypes().forEach(type -> names.add(TableCatalog.userEvent(type).name()));
                }
            }
        }
        return names;
    }

    private UserEventTables() {
    }
}
