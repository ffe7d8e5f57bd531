package org.profq.engine.index;

import java.util.List;

/**
 * The column files of the index: one file per table and column, {@code <table>.<column>}, of
 * {@code width}-byte little-endian values, one per row. Nullable ids are stored as 0 and a
 * missing array length as -1; {@code allocations.tracked} and {@code deaths.at_exit} are 1 or 0; {@code calls.flags} packs threw (1), finished (2) and outermost (4);
 * {@code uses.kind} is the
 * {@link org.profq.recording.UseKind} ordinal; {@code calls.context} is the calling context ({@code contexts.*}) that names {@code stack}.
 */
enum IndexColumn {
    CALL_ID("calls", "call_id", 8),
    CALL_THREAD_ID("calls", "thread_id", 4),
    CALL_METHOD_ID("calls", "method_id", 4),
    CALL_PARENT_CALL_ID("calls", "parent_call_id", 8),
    CALL_DEPTH("calls", "depth", 4),
    CALL_START_NS("calls", "start_ns", 8),
    CALL_END_NS("calls", "end_ns", 8),
    CALL_SELF_NS("calls", "self_ns", 8),
    CALL_FLAGS("calls", "flags", 1),
    CALL_CONTEXT("calls", "context", 4),
    ALLOCATION_OBJECT_ID("allocations", "object_id", 8),
    ALLOCATION_SITE_ID("allocations", "site_id", 4),
    ALLOCATION_CLASS_ID("allocations", "class_id", 4),
    ALLOCATION_THREAD_ID("allocations", "thread_id", 4),
    ALLOCATION_CALL_ID("allocations", "call_id", 8),
    ALLOCATION_ALLOC_NS("allocations", "alloc_ns", 8),
    ALLOCATION_SIZE_BYTES("allocations", "size_bytes", 8),
    ALLOCATION_ARRAY_LENGTH("allocations", "array_length", 4),
    ALLOCATION_TRACKED("allocations", "tracked", 1),
    DEATH_OBJECT_ID("deaths", "object_id", 8),
    DEATH_NS("deaths", "death_ns", 8),
    DEATH_AT_EXIT("deaths", "at_exit", 1),
    EXCEPTION_THREAD_ID("exceptions", "thread_id", 4),
    EXCEPTION_CALL_ID("exceptions", "call_id", 8),
    EXCEPTION_CLASS_ID("exceptions", "class_id", 4),
    EXCEPTION_LINE("exceptions", "line", 4),
    EXCEPTION_THROW_NS("exceptions", "throw_ns", 8),
    USE_OBJECT_ID("uses", "object_id", 8),
    USE_THREAD_ID("uses", "thread_id", 4),
    USE_CALL_ID("uses", "call_id", 8),
    USE_NS("uses", "use_ns", 8),
    USE_KIND("uses", "kind", 1),
    USE_MEMBER_ID("uses", "member_id", 4),
    CONTEXT_PARENT("contexts", "parent", 4),
    CONTEXT_METHOD_ID("contexts", "method_id", 4);

    static final int THREW = 1;
    static final int FINISHED = 2;
    static final int OUTERMOST = 4;

    static final List<IndexColumn> ALL = List.of(values());

    final String table;
    final String column;
    final int width;

    IndexColumn(String table, String column, int width) {
        this.table = table;
        this.column = column;
        this.width = width;
    }

    String fileName() {
        return table + "." + column;
    }

    /** Rows of this column's table, per the manifest. */
    long rows(IndexManifest manifest) {
        return switch (table) {
            case "calls" -> manifest.calls();
            case "allocations" -> manifest.allocations();
            case "deaths" -> manifest.deaths();
            case "exceptions" -> manifest.exceptions();
            case "uses" -> manifest.uses();
            default -> manifest.contexts();
        };
    }
}
