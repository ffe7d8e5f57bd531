package org.profq.engine.index;

import java.util.List;

/**
 * The column files of the index: one file per table and column, {@code <table>.<column>}, of
 * one value per row, packed as {@link PackedLayout} says. Nullable ids are stored as 0 and a
 * missing array length as -1; {@code allocations.tracked} and {@code deaths.at_exit} are 1 or 0; {@code calls.flags} packs threw (1), finished (2) and outermost (4);
 * {@code uses.kind} is the
 * {@link org.profq.recording.UseKind} ordinal; {@code calls.context} is the calling context ({@code contexts.*}) that names {@code stack}.
 */
enum IndexColumn {
    CALL_ID("calls", "call_id"),
    CALL_THREAD_ID("calls", "thread_id"),
    CALL_METHOD_ID("calls", "method_id"),
    CALL_PARENT_CALL_ID("calls", "parent_call_id"),
    CALL_DEPTH("calls", "depth"),
    CALL_START_NS("calls", "start_ns"),
    CALL_END_NS("calls", "end_ns"),
    CALL_SELF_NS("calls", "self_ns"),
    CALL_FLAGS("calls", "flags"),
    CALL_CONTEXT("calls", "context"),
    ALLOCATION_OBJECT_ID("allocations", "object_id"),
    ALLOCATION_SITE_ID("allocations", "site_id"),
    ALLOCATION_CLASS_ID("allocations", "class_id"),
    ALLOCATION_THREAD_ID("allocations", "thread_id"),
    ALLOCATION_CALL_ID("allocations", "call_id"),
    ALLOCATION_ALLOC_NS("allocations", "alloc_ns"),
    ALLOCATION_SIZE_BYTES("allocations", "size_bytes"),
    ALLOCATION_ARRAY_LENGTH("allocations", "array_length"),
    ALLOCATION_TRACKED("allocations", "tracked"),
    DEATH_OBJECT_ID("deaths", "object_id"),
    DEATH_NS("deaths", "death_ns"),
    DEATH_AT_EXIT("deaths", "at_exit"),
    EXCEPTION_THREAD_ID("exceptions", "thread_id"),
    EXCEPTION_CALL_ID("exceptions", "call_id"),
    EXCEPTION_CLASS_ID("exceptions", "class_id"),
    EXCEPTION_LINE("exceptions", "line"),
    EXCEPTION_THROW_NS("exceptions", "throw_ns"),
    USE_OBJECT_ID("uses", "object_id"),
    USE_THREAD_ID("uses", "thread_id"),
    USE_CALL_ID("uses", "call_id"),
    USE_NS("uses", "use_ns"),
    USE_KIND("uses", "kind"),
    USE_MEMBER_ID("uses", "member_id"),
    CONTEXT_PARENT("contexts", "parent"),
    CONTEXT_METHOD_ID("contexts", "method_id");

    static final int THREW = 1;
    static final int FINISHED = 2;
    static final int OUTERMOST = 4;

    static final List<IndexColumn> ALL = List.of(values());

    final String table;
    final String column;

    IndexColumn(String table, String column) {
        this.table = table;
        this.column = column;
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
