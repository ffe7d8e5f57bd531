package org.profq.event;

import static org.profq.format.RecordingFormat.*;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The user-defined events' names, columns and string values ({@code Profq.event}), each given an
 * id and written to the log once, the first time a thread uses it. Look-ups after that are a
 * concurrent map's {@code get} (the key's hash is cached in the string): no lock, no allocation.
 * Whatever is refused (a bad name, too many columns or strings) is said once in the warnings.
 */
final class UserEventTypes {
    /** A name becomes part of a table or column name: a SQL identifier that needs no quotes. */
    private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    /** Every event table has these; a user's column may not take their names. */
    private static final Set<String> RESERVED_COLUMNS = Set.of("thread_id", "call_id", "ts_ns");
    static final int MAX_COLUMNS_PER_TYPE = 256;
    static final int MAX_TYPES = 1024;
    static final int MAX_STRINGS = 1 << 16;
    /** Refused names are said once each, up to this many. */
    private static final int MAX_REFUSALS_SAID = 100;

    private final Dictionary dictionary;
    private final ConcurrentHashMap<String, EventType> types = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Integer> strings = new ConcurrentHashMap<>();
    private final Set<String> refusalsSaid = ConcurrentHashMap.newKeySet();
    private int nextColumnId = 1;

    UserEventTypes(Dictionary dictionary) {
        this.dictionary = dictionary;
    }

    /** The type named {@code name}, named in the log on first use; null (refused, said once) for a bad name. */
    EventType type(String name) {
        EventType known = types.get(name);
        return known != null ? known : register(name);
    }

    /** The id of a string value, named in the log on first use; 0 (refused, said once) past {@link #MAX_STRINGS}. */
    int stringId(String text) {
        Integer known = strings.get(text);
        return known != null ? known : registerString(text);
    }

    /** A refusal of {@code what}, said in the warnings the first time (up to a hundred refusals). */
    void refuse(String what, String message) {
        if (refusalsSaid.size() < MAX_REFUSALS_SAID && refusalsSaid.add(what)) {
            dictionary.warning(message + "; such events are dropped and counted as lost (cause 'event refused')");
        }
    }

    private synchronized EventType register(String name) {
        EventType known = types.get(name);
        if (known != null) {
            return known;
        }
        if (name == null || !NAME.matcher(name).matches()) {
            refuse("event " + name, "user event name '" + name + "' is not lower-case letters, digits and _ (at most 63, not starting with"
                    + " a digit)");
            return null;
        }
        if (types.size() >= MAX_TYPES) {
            refuse("event types", "more than " + MAX_TYPES + " user event names");
            return null;
        }
        EventType type = new EventType(types.size() + 1, name);
        dictionary.eventType(type.id, name);
        types.put(name, type);
        return type;
    }

    private synchronized int registerString(String text) {
        Integer known = strings.get(text);
        if (known != null) {
            return known;
        }
        if (strings.size() >= MAX_STRINGS) {
            refuse("strings", "more than " + MAX_STRINGS + " distinct string values in user events");
            return 0;
        }
        int id = strings.size() + 1;
        dictionary.eventString(id, text.length() <= MAX_RAW_STRING_CHARS ? text : text.substring(0, MAX_RAW_STRING_CHARS));
        strings.put(text, id);
        return id;
    }

    /** One user-defined event: its columns, each typed by its first value. */
    final class EventType {
        final int id;
        final String name;
        private final ConcurrentHashMap<String, EventColumn> columns = new ConcurrentHashMap<>();

        private EventType(int id, String name) {
            this.id = id;
            this.name = name;
        }

        /** The column {@code column} of {@code type} ({@code COLUMN_*}); null (refused, said once) for a bad name or type. */
        EventColumn column(String column, int type) {
            EventColumn known = columns.get(column);
            if (known == null) {
                known = register(column, type);
            }
            if (known != null && known.type != type) {
                if (!known.conflictSaid) {
                    known.conflictSaid = true;
                    refuse(name + "." + column + " " + type, "user event " + name + ": a " + columnTypeName(type)
                            + " value put in column " + column + ", which is " + columnTypeName(known.type)
                            + " since its first value");
                }
                return null;
            }
            return known;
        }

        private EventColumn register(String column, int type) {
            synchronized (UserEventTypes.this) {
                EventColumn known = columns.get(column);
                if (known != null) {
                    return known;
                }
                if (column == null || !NAME.matcher(column).matches() || RESERVED_COLUMNS.contains(column.toLowerCase())) {
                    refuse(name + "." + column, "user event " + name + ": column name '" + column + "' is not lower-case letters, digits"
                            + " and _ (at most 63, not starting with a digit) or is one of thread_id, call_id, ts_ns");
                    return null;
                }
                if (columns.size() >= MAX_COLUMNS_PER_TYPE) {
                    refuse(name + " columns", "user event " + name + " has more than " + MAX_COLUMNS_PER_TYPE + " columns");
                    return null;
                }
                EventColumn created = new EventColumn(nextColumnId++, type);
                dictionary.eventColumn(created.id, id, column, type);
                columns.put(column, created);
                return created;
            }
        }
    }

    /** A column's id in the log, and its type ({@code COLUMN_*}). */
    static final class EventColumn {
        final int id;
        final int type;
        /** Set once a value of another type was refused: said once, and no message is built again. */
        volatile boolean conflictSaid;

        EventColumn(int id, int type) {
            this.id = id;
            this.type = type;
        }
    }
}
