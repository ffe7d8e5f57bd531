package org.profq.event;

import static org.profq.format.RecordingFormat.*;

import org.profq.api.Event;

/**
 * One thread's {@link Event}, reused for every event the thread emits: the values are kept in
 * two arrays until {@link #emit} encodes them, so an event allocates nothing. A value the
 * recording refuses (see {@link UserEventTypes}) drops the whole event, counted as lost.
 */
final class UserEventBuilder implements Event {
    /** Values one event may carry; more are refused (the event must fit a batch). */
    static final int MAX_VALUES = MAX_USER_VALUES;

    private final ThreadRecorder thread;
    private final UserEventTypes types;
    private final int[] columnIds = new int[MAX_VALUES];
    private final long[] values = new long[MAX_VALUES];
    /** The last name asked for and its type: a call site names its event with the same (interned) string each time. */
    private String lastName;
    private UserEventTypes.EventType lastType;
    private UserEventTypes.EventType type;
    private int count;
    private boolean refused;
    /** Events dropped for a refused value (LOSS_EVENT_REFUSED), counted apart from the log's losses. */
    private long eventsRefused;

    UserEventBuilder(ThreadRecorder thread, UserEventTypes types) {
        this.thread = thread;
        this.types = types;
    }

    /**
     * Starts an event named {@code name}. An event begun and not yet emitted (one built while
     * another's values were being worked out, on the same thread) is dropped and counted as lost.
     */
    UserEventBuilder start(String name) {
        if (type != null || refused) {
            types.refuse("nested", "an event was begun on a thread while its event " + (type == null ? "" : type.name + " ")
                    + "was being built (build one event at a time per thread)");
            eventsRefused++;
        }
        if (name != lastName || lastType == null) {
            lastType = types.type(name);
            lastName = name;
        }
        type = lastType;
        count = 0;
        refused = type == null;
        return this;
    }

    @Override
    public Event put(String column, long value) {
        return add(column, COLUMN_LONG, value);
    }

    @Override
    public Event put(String column, double value) {
        return add(column, COLUMN_DOUBLE, Double.doubleToRawLongBits(value));
    }

    @Override
    public Event put(String column, boolean value) {
        return add(column, COLUMN_BOOLEAN, value ? 1 : 0);
    }

    @Override
    public Event put(String column, String value) {
        try {
            if (refused || type == null) {
                return this;
            }
            if (value == null) {
                refused = type.column(column, COLUMN_STRING) == null; // NULL: the column is typed, no value is kept
                return this;
            }
            int id = types.stringId(value);
            return id == 0 ? refuse() : add(column, COLUMN_STRING, id);
        } catch (Throwable t) {
            Recorder.internalError(t);
            return refuse();
        }
    }

    @Override
    public void emit() {
        try {
            if (type == null && !refused) {
                return; // emit without event(): nothing was begun
            }
            if (refused) {
                eventsRefused++;
            } else {
                thread.userEvent(type.id, count, columnIds, values);
            }
        } catch (Throwable t) {
            Recorder.internalError(t);
        } finally {
            type = null;
            refused = false;
            count = 0;
        }
    }

    private Event refuse() {
        refused = true;
        return this;
    }

    private Event add(String column, int columnType, long value) {
        try {
            if (refused) {
                return this;
            }
            if (type == null) {
                return this; // put without event(): ignored, as emit will be
            }
            UserEventTypes.EventColumn known = type.column(column, columnType);
            if (known == null) {
                refused = true;
            } else if (count == MAX_VALUES) {
                types.refuse(type.name + " values", "user event " + type.name + " was given more than " + MAX_VALUES
                        + " values at once");
                refused = true;
            } else {
                columnIds[count] = known.id;
                values[count++] = value;
            }
        } catch (Throwable t) {
            refused = true;
            Recorder.internalError(t);
        }
        return this;
    }

    long eventsRefused() {
        return eventsRefused;
    }
}
