package org.profq.recording;

import static org.profq.format.RecordingFormat.*;

/**
 * A column of a user-defined event, typed by its first value.
 *
 * @param id the column's id, one sequence over every event's columns
 * @param type {@code COLUMN_LONG}, {@code COLUMN_DOUBLE}, {@code COLUMN_BOOLEAN} or {@code COLUMN_STRING}
 */
public record UserEventColumn(int id, int eventTypeId, String name, int type) {
    /** The SQL type's name: BIGINT, DOUBLE, BOOLEAN or VARCHAR. */
    public String sqlTypeName() {
        return columnTypeName(type);
    }
}
