package org.profq.recording;

import java.util.List;

/**
 * A user-defined event ({@code Profq.event(name)}) and its columns, in the order they were first
 * used. A recording's list of them grows as the program names new events and columns.
 */
public record UserEventType(int id, String name, List<UserEventColumn> columns) {
    public UserEventType {
        columns = List.copyOf(columns);
    }
}
