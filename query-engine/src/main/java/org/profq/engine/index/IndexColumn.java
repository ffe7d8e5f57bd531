package org.profq.engine.index;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The column files of the index, the one list of them: one file per table and column,
 * {@code <table>.<column>}, of one value per row, packed as {@link PackedLayout} says. The
 * builder writes them, the manifest checksums them and the tables read them by these
 * constants. Nullable ids are stored as 0 and a missing array length as -1;
 * {@code allocations.tracked} and {@code deaths.at_exit} are 1 or 0, {@code deaths.reachable_at_exit}
 * 1, 0 or -1 for NULL; {@code calls.flags} packs
 * {@link #THREW}, {@link #FINISHED} and {@link #OUTERMOST}; {@code uses.kind} is the
 * {@link org.profq.recording.UseKind} ordinal; {@code calls.context} is the calling context
 * ({@code contexts.*}) that names {@code stack}. Some of {@code calls}' SQL columns are kept as what
 * they add to others, so that what another column already says takes no room ({@code CallTable}
 * reads them back): a call's method is its context's ({@code contexts.method_id}), so it is not
 * stored; {@code calls.depth_beyond_context} is its depth less its context's (0, unless a decoder
 * ever numbers depths otherwise); {@code calls.calls_in_callees} and
 * {@code calls.allocations_in_callees} are the calls and allocations inside it less those it made
 * itself (0 for a leaf, most calls). The four {@code calls.*_correction} columns are what the
 * compensation of the whole call tree ({@link Compensation}) adds to each compensated time of
 * {@code _call_times} beyond the call's own clamped difference (time less overhead_ns or
 * self_overhead_ns, at least 0): 0 for most calls (a leaf, a call whose callees paid for their
 * advice, a call charged no CPU time). {@code params.kind} is the
 * {@link org.profq.recording.ValueKind} ordinal, {@code params.length} -1 for none, and
 * {@code params.value} a primitive's value (raw bits for float and double), a string's hash or an
 * enum constant's id.
 */
public enum IndexColumn {
    CALL_ID(Table.CALLS, "call_id"),
    CALL_THREAD_ID(Table.CALLS, "thread_id"),
    CALL_PARENT_CALL_ID(Table.CALLS, "parent_call_id"),
    CALL_DEPTH_BEYOND_CONTEXT(Table.CALLS, "depth_beyond_context"),
    CALL_START_NS(Table.CALLS, "start_ns"),
    CALL_END_NS(Table.CALLS, "end_ns"),
    CALL_SELF_NS(Table.CALLS, "self_ns"),
    CALL_FLAGS(Table.CALLS, "flags"),
    CALL_CONTEXT(Table.CALLS, "context"),
    CALL_CPU_NS(Table.CALLS, "cpu_ns"),
    CALL_SELF_CPU_NS(Table.CALLS, "self_cpu_ns"),
    CALL_CALLS_MADE(Table.CALLS, "calls_made"),
    CALL_CALLS_IN_CALLEES(Table.CALLS, "calls_in_callees"),
    CALL_ALLOCATIONS_MADE(Table.CALLS, "allocations_made"),
    CALL_ALLOCATIONS_IN_CALLEES(Table.CALLS, "allocations_in_callees"),
    CALL_INCLUSIVE_CORRECTION(Table.CALLS, "inclusive_correction"),
    CALL_SELF_CORRECTION(Table.CALLS, "self_correction"),
    CALL_CPU_CORRECTION(Table.CALLS, "cpu_correction"),
    CALL_SELF_CPU_CORRECTION(Table.CALLS, "self_cpu_correction"),
    ALLOCATION_OBJECT_ID(Table.ALLOCATIONS, "object_id"),
    ALLOCATION_SITE_ID(Table.ALLOCATIONS, "site_id"),
    ALLOCATION_CLASS_ID(Table.ALLOCATIONS, "class_id"),
    ALLOCATION_THREAD_ID(Table.ALLOCATIONS, "thread_id"),
    ALLOCATION_CALL_ID(Table.ALLOCATIONS, "call_id"),
    ALLOCATION_ALLOC_NS(Table.ALLOCATIONS, "alloc_ns"),
    ALLOCATION_SIZE_BYTES(Table.ALLOCATIONS, "size_bytes"),
    ALLOCATION_ARRAY_LENGTH(Table.ALLOCATIONS, "array_length"),
    ALLOCATION_TRACKED(Table.ALLOCATIONS, "tracked"),
    DEATH_OBJECT_ID(Table.DEATHS, "object_id"),
    DEATH_NS(Table.DEATHS, "death_ns"),
    DEATH_AT_EXIT(Table.DEATHS, "at_exit"),
    DEATH_REACHABLE_AT_EXIT(Table.DEATHS, "reachable_at_exit"),
    EXCEPTION_THREAD_ID(Table.EXCEPTIONS, "thread_id"),
    EXCEPTION_CALL_ID(Table.EXCEPTIONS, "call_id"),
    EXCEPTION_CLASS_ID(Table.EXCEPTIONS, "class_id"),
    EXCEPTION_LINE(Table.EXCEPTIONS, "line"),
    EXCEPTION_THROW_NS(Table.EXCEPTIONS, "throw_ns"),
    USE_OBJECT_ID(Table.USES, "object_id"),
    USE_THREAD_ID(Table.USES, "thread_id"),
    USE_CALL_ID(Table.USES, "call_id"),
    USE_NS(Table.USES, "use_ns"),
    USE_KIND(Table.USES, "kind"),
    USE_MEMBER_ID(Table.USES, "member_id"),
    PARAM_CALL_ID(Table.PARAMS, "call_id"),
    PARAM_METHOD_ID(Table.PARAMS, "method_id"),
    PARAM_POSITION(Table.PARAMS, "position"),
    PARAM_KIND(Table.PARAMS, "kind"),
    PARAM_PRIMITIVE_TYPE(Table.PARAMS, "primitive_type"),
    PARAM_CLASS_ID(Table.PARAMS, "class_id"),
    PARAM_VALUE(Table.PARAMS, "value"),
    PARAM_LENGTH(Table.PARAMS, "length"),
    PARAM_OBJECT_ID(Table.PARAMS, "object_id"),
    PARAM_STAMP(Table.PARAMS, "stamp"),
    PARAM_WRITE_SEQ(Table.PARAMS, "write_seq"),
    FOLLOWED_OBJECT_ID(Table.FOLLOWED_OBJECTS, "object_id"),
    FOLLOWED_CLASS_ID(Table.FOLLOWED_OBJECTS, "class_id"),
    FOLLOWED_SEEN_INTO(Table.FOLLOWED_OBJECTS, "seen_into"),
    FOLLOWED_THREAD_ID(Table.FOLLOWED_OBJECTS, "thread_id"),
    FOLLOWED_CALL_ID(Table.FOLLOWED_OBJECTS, "call_id"),
    FIELD_WRITE_OBJECT_ID(Table.FIELD_WRITES, "object_id"),
    FIELD_WRITE_FIELD_ID(Table.FIELD_WRITES, "field_id"),
    FIELD_WRITE_SEQ(Table.FIELD_WRITES, "write_seq"),
    FIELD_WRITE_VALUE_OBJECT_ID(Table.FIELD_WRITES, "value_object_id"),
    FIELD_WRITE_THREAD_ID(Table.FIELD_WRITES, "thread_id"),
    FIELD_WRITE_CALL_ID(Table.FIELD_WRITES, "call_id"),
    REFERENCE_FIELD_METHOD_ID(Table.REFERENCE_FIELDS, "method_id"),
    REFERENCE_FIELD_FIELD_ID(Table.REFERENCE_FIELDS, "field_id"),
    REFERENCE_FIELD_CALL_ID(Table.REFERENCE_FIELDS, "call_id"),
    CONTEXT_PARENT(Table.CONTEXTS, "parent"),
    CONTEXT_METHOD_ID(Table.CONTEXTS, "method_id");

    /** The bits of {@link #CALL_FLAGS}. */
    public static final int THREW = 1;
    public static final int FINISHED = 2;
    public static final int OUTERMOST = 4;

    static final List<IndexColumn> ALL = List.of(values());

    /**
     * The tables of the index. Each is built on demand, when a query first reads it, by its own
     * {@link RowCollector} from one pass over the events (one pass feeds every table a query
     * needs), and is kept in a directory of its own with its own manifest ({@link IndexManifest}):
     * a new table is one entry here, its columns above, and its collector.
     */
    public enum Table {
        CALLS("calls", CallRows::new),
        ALLOCATIONS("allocations", AllocationRows::new),
        DEATHS("deaths", DeathRows::new),
        EXCEPTIONS("exceptions", ExceptionRows::new),
        USES("uses", UseRows::new),
        /** Value profiles ({@code values=}): parameters, followed objects, their writes, the chosen methods' reads. */
        PARAMS("params", ParamRows::new),
        FOLLOWED_OBJECTS("followed_objects", FollowedObjectRows::new),
        FIELD_WRITES("field_writes", FieldWriteRows::new),
        REFERENCE_FIELDS("reference_fields", ReferenceFieldRows::new),
        /** The calling-context tree that names {@code calls.stack}: not a SQL table; built and kept with calls. */
        CONTEXTS("contexts", CALLS);

        final String fileName;
        /** Makes the collector of this table's rows; null for a table built with another. */
        private final Supplier<RowCollector> collector;
        private final Table builtWith;

        Table(String fileName, Supplier<RowCollector> collector) {
            this.fileName = fileName;
            this.collector = collector;
            this.builtWith = null;
        }

        Table(String fileName, Table builtWith) {
            this.fileName = fileName;
            this.collector = null;
            this.builtWith = builtWith;
        }

        /** Its columns, in {@link IndexColumn} order. */
        List<IndexColumn> columns() {
            return ALL.stream().filter(column -> column.table == this).toList();
        }

        /** The table whose build writes this one and whose directory keeps it: itself, or calls for contexts. */
        public Table built() {
            return builtWith == null ? this : builtWith;
        }

        /** The tables a build of this one writes, itself first ({@link #built} is this). */
        List<Table> written() {
            return Arrays.stream(values()).filter(table -> table.built() == this).toList();
        }

        /** A new collector of this table's rows (and of the others it writes). */
        RowCollector newCollector() {
            return collector.get();
        }
    }

    final Table table;
    final String column;
    /** The column's place among its table's columns: its row chunk's array. */
    private int position;

    static {
        Map<Table, Integer> columns = new EnumMap<>(Table.class);
        for (IndexColumn column : ALL) {
            column.position = columns.merge(column.table, 1, Integer::sum) - 1;
        }
    }

    IndexColumn(Table table, String column) {
        this.table = table;
        this.column = column;
    }

    String fileName() {
        return table.fileName + "." + column;
    }

    int position() {
        return position;
    }
}
