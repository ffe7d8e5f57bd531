package org.profq.engine;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.table.AllocationTable;
import org.profq.engine.table.CallTable;
import org.profq.engine.table.CallTimesTable;
import org.profq.engine.table.ClassTable;
import org.profq.engine.table.UnwovenClassTable;
import org.profq.engine.table.CollectionTable;
import org.profq.engine.table.DeathTable;
import org.profq.engine.table.ExceptionTable;
import org.profq.engine.table.FieldWriteTable;
import org.profq.engine.table.FollowedObjectTable;
import org.profq.engine.table.ParamTable;
import org.profq.engine.table.ReferenceFieldTable;
import org.profq.engine.table.ValueTupleTable;
import org.profq.engine.table.FieldTable;
import org.profq.engine.table.MethodTable;
import org.profq.engine.table.RecordingTable;
import org.profq.engine.table.RunTable;
import org.profq.engine.table.SiteTable;
import org.profq.engine.table.UseTable;
import org.profq.engine.table.UserEventTable;
import org.profq.engine.table.ThreadTable;
import org.profq.recording.Recording;
import org.profq.recording.UserEventType;

/**
 * The tables of one recording ({@code run}, {@code threads}, {@code classes}, {@code methods},
 * {@code sites}, {@code calls}, {@code allocations}), as a Calcite schema. It owns the open
 * {@link Recording} (through {@link LiveRecording}, which refreshes it for each new query) and
 * closes it when closed; {@code calls}, {@code allocations}, {@code deaths}, {@code uses} and
 * {@code exceptions} read the recording's columnar index, each table of it built on its first scan;
 * each user-defined event is a table {@code event_<name>} ({@link UserEventTable}). The profile views are added beside the tables
 * by {@link ProfileViews}.
 */
public final class RecordingSchema extends AbstractSchema implements AutoCloseable {
    private final LiveRecording live;
    private final Map<String, Table> tables = new LinkedHashMap<>();
    /** The user-defined events' tables made so far, by event type id: remade when the program adds a column. */
    private final Map<Integer, UserEventTable> userEvents = new HashMap<>();

    /** The tables of {@code recording}; what its index has to tell the user goes to {@code notices}, each once. */
    public RecordingSchema(Recording recording, Consumer<String> notices) {
        this.live = new LiveRecording(recording, notices);
        for (RecordingTable table : new RecordingTable[] {
                new RunTable(live), new ThreadTable(live), new ClassTable(live),
                new MethodTable(live), new SiteTable(live), new FieldTable(live), new CallTable(live),
                new CallTimesTable(live),
                new AllocationTable(live), new DeathTable(live), new CollectionTable(live), new UseTable(live), new ExceptionTable(live),
                new ParamTable(live), new FollowedObjectTable(live), new FieldWriteTable(live), new ReferenceFieldTable(live),
                new ValueTupleTable(live), new UnwovenClassTable(live)}) {
            tables.put(table.definition().name(), table);
        }
    }

    /** The recording as opened, or as last refreshed by a query (a recording still being written grows). */
    public Recording recording() {
        return live.recording();
    }

    /** {@code calls}, for the functions that walk the calling-context tree from a call ({@code org.profq.engine.function}). */
    public CallTable calls() {
        return (CallTable) tables.get("calls");
    }

    /**
     * The fixed tables and one {@code event_<name>} per user-defined event the recording holds so
     * far (a recording still being written may name more, or add columns, by the next statement).
     */
    @Override
    protected synchronized Map<String, Table> getTableMap() {
        List<UserEventType> types = live.recording().userEventTypes();
        if (types.isEmpty() && userEvents.isEmpty()) {
            return tables;
        }
        Map<String, Table> all = new LinkedHashMap<>(tables);
        for (UserEventType type : types) {
            UserEventTable known = userEvents.get(type.id());
            if (known == null || known.userColumns() != type.columns().size()) {
                known = new UserEventTable(live, type);
                userEvents.put(type.id(), known);
            }
            all.putIfAbsent(known.definition().name(), known);
        }
        return all;
    }

    @Override
    public void close() {
        live.close();
    }
}
