package org.profq.engine.table;

import static org.profq.engine.table.Column.bytes;
import static org.profq.engine.table.Column.count;
import static org.profq.engine.table.Column.flag;
import static org.profq.engine.table.Column.fractionalNanos;
import static org.profq.engine.table.Column.id;
import static org.profq.engine.table.Column.integer;
import static org.profq.engine.table.Column.nanos;
import static org.profq.engine.table.Column.nullableCount;
import static org.profq.engine.table.Column.nullableFlag;
import static org.profq.engine.table.Column.nullableId;
import static org.profq.engine.table.Column.nullableText;
import static org.profq.engine.table.Column.text;

import java.util.List;
import java.util.Optional;

import org.apache.calcite.sql.type.SqlTypeName;
import org.profq.format.RecordingFormat;
import org.profq.recording.UserEventColumn;
import org.profq.recording.UserEventType;

/**
 * The one place where every table of a recording and every column is named and documented:
 * the source of {@code \d}, of the table reference in docs/sql-tables.md ({@link #markdown()}) and of
 * each table's row type. Times are ns since the recording started; sizes are bytes; ids are
 * BIGINT and 0 never appears (NULL stands for "none").
 */
public final class TableCatalog {

    public static final TableDefinition RUN = new TableDefinition("run", "recording", List.of(
            text("main_class", "the class whose main method ran"),
            text("args", "the program's arguments, as the recorder wrote them"),
            text("jvm", "the JVM's vendor and version"),
            count("pid", "the recorded process's id"),
            text("host", "the machine it ran on"),
            text("started_at", "wall-clock start, ISO-8601 in UTC (e.g. 2025-01-31T09:15:02.123456789Z)"),
            nanos("duration_ns", "the recording's length: the end record's time, or the last event's when the program ended abruptly"),
            text("options", "the recorder's options"),
            text("clock", "'tick' (events read a clock published every tick_ns) or 'exact' (System.nanoTime per event)"),
            nanos("tick_ns", "the tick clock's period; 0 with the exact clock"),
            count("events", "events recorded"),
            nullableCount("events_lost", "events the recorder had to drop (full buffer, disk full, shutdown race, and the"
                    + " oldest part of a window: events_dropped_by_window); 0 means"
                    + " nothing was lost; NULL when unknown: without the end record (ended_cleanly false) each thread's last"
                    + " events, at most " + RecordingFormat.UNWRITTEN_BYTES_PER_THREAD / 1024
                    + " KB or one flush interval (flush=, a second by default) of them, are missing uncounted"),
            count("events_lost_at_least", "the events counted as lost: events_lost when it is known, a lower bound when not"),
            flag("ended_cleanly", "false when the program was killed (or is still running) before the recorder wrote its"
                    + " end record"),
            nanos("window_start_ns", "with --max-size or --max-age, once the oldest events were dropped: every event after"
                    + " this time is in the recording (calls begun before it are not in calls); 0 when nothing was dropped"),
            count("events_dropped_by_window", "events dropped with the oldest part of the window (counted in events_lost too);"
                    + " 0 without a window or when it never filled"),
            count("classes_woven", "the program's classes the weaver wove (from the woven-class cache or afresh); 0 when"
                    + " the program was killed before the recorder wrote its weaving summary"),
            count("classes_left_unwoven", "classes (and single methods) the weaver could not weave or the JVM would have"
                    + " rejected woven, loaded as they were: their calls and allocations are not recorded, so above 0 the"
                    + " recording covers part of the program; the recorder's warnings name each one"),
            nullableCount("methods_seen", "methods with code of the classes the include and exclude patterns cover that the"
                    + " weaver saw (afresh or from the woven-class cache); NULL in a recording that does not count methods"),
            nullableCount("methods_left_unwoven", "of methods_seen, those that run unwoven: every method of a class left unwoven,"
                    + " and single methods given back their original code (named in the warnings); their calls are not recorded"),
            Column.nullablePercent("methods_left_unwoven_percent", "methods_left_unwoven as a percentage of methods_seen: the share"
                    + " of the program the recording does not cover; NULL in a recording that does not count methods"),
            fractionalNanos("call_cost_ns", "what the recorder's advice cost the program per recorded call (its entry and exit),"
                    + " measured at the start on this JVM in CPU time at a woven call site (on the advice path alone when the"
                    + " program ended first, or when a warning says why): the time views subtract it per call made (see docs/accuracy-and-overhead.md);"
                    + " 0 when not measured (a recording older than format 2.6, or a program that ended first)"),
            fractionalNanos("call_cost_inside_ns", "the part of call_cost_ns that runs between the call's own two clock"
                    + " readings, so lands in the call's own time (the rest lands in its caller's)"),
            fractionalNanos("allocation_cost_ns", "the same as call_cost_ns per recorded allocation"),
            nanos("cpu_read_ns", "what one reading of a thread's CPU time cost (the recorder reads each thread's every"
                    + " cpu_period_ns, on its clock thread)"),
            nanos("cpu_period_ns", "how often each thread's CPU time was read, charged to the call then running"
                    + " (calls.cpu_ns); 0 when the JVM could not tell threads' CPU times (cpu_ns is 0 throughout)")));

    public static final TableDefinition THREADS = new TableDefinition("threads", "thread that recorded events", List.of(
            id("thread_id", "profq's thread id"),
            count("java_thread_id", "the JVM's Thread.getId()"),
            text("name", "the thread's name when it first recorded an event"),
            flag("daemon", "whether it was a daemon thread"),
            nanos("first_ns", "when the thread recorded its first event"),
            nanos("last_ns", "when the thread recorded its last event (a call's end or an allocation)")));

    public static final TableDefinition CLASSES = new TableDefinition("classes", "class named in the recording", List.of(
            id("class_id", "the class's id"),
            text("name", "the type name, as Class.getTypeName() gives it (a.B$C, long[][])"),
            text("package", "the package; '' for the unnamed package and primitive arrays")));

    public static final TableDefinition METHODS = new TableDefinition("methods", "method or constructor", List.of(
            id("method_id", "the method's id"),
            id("class_id", "the declaring class (classes.class_id)"),
            text("name", "the method's name; <init> for constructors, <clinit> for static initialisers"),
            text("descriptor", "the JVM descriptor, e.g. (I)I"),
            text("signature", "readable: declaring class, name and parameter types, e.g. a.B.sum(int)"),
            integer("modifiers", "", false, "java.lang.reflect.Modifier bits"),
            text("source_file", "the source file's name; '' if unknown"),
            integer("line", "line", false, "the method's first line in source_file; 0 if unknown")));

    public static final TableDefinition SITES = new TableDefinition("sites", "allocation site (a new, or the clone() of an array, in a method at a line)", List.of(
            id("site_id", "the site's id"),
            id("method_id", "the method whose code holds the new or clone() (methods.method_id)"),
            integer("line", "line", false, "the source line of the new or clone(); 0 if unknown"),
            id("class_id", "the allocated type (classes.class_id); an array class for arrays; for a clone(), the class of the"
                    + " first array it copied, which its later copies are counted as"),
            flag("is_array", "whether the site creates an array"),
            bytes("instance_size", "the shallow size of each object made here; 0 for arrays, whose size is per allocation")));

    public static final TableDefinition FIELDS = new TableDefinition("fields", "instance field used on a tracked object or written, read or followed by value profiles", List.of(
            id("field_id", "the field's id"),
            id("class_id", "the class that declares it (classes.class_id)"),
            text("name", "the field's name"),
            text("type", "its Java type, e.g. int or java.lang.String")));

    public static final TableDefinition CALLS = new TableDefinition("calls", "method execution, entry to exit", List.of(
            id("call_id", "the call's id, unique in the recording"),
            id("thread_id", "the thread that ran it (threads.thread_id)"),
            id("method_id", "the method that ran (methods.method_id); 0 for a call the weaver could not name"),
            nullableId("parent_call_id", "the enclosing recorded call; NULL for a thread's outermost calls"),
            integer("depth", "", false, "nesting depth: 0 for a thread's outermost recorded calls"),
            nanos("start_ns", "when the call started"),
            nanos("end_ns", "when it returned or threw; for a call still running at the end, the recording's end (or its thread's last event, if later)"),
            nanos("duration_ns", "end_ns - start_ns: inclusive time, callees included"),
            nanos("self_ns", "duration_ns minus the duration_ns of the recorded calls it made directly"),
            flag("threw", "whether it ended by throwing"),
            flag("finished", "false when the recording ended with the call still running (e.g. System.exit, a running thread)"),
            flag("outermost", "true when no enclosing call on the same thread runs the same method: summing duration_ns over these counts recursion once"),
            text("stack", "the calling context: the signatures of the calls from the thread's outermost one down to this one, joined by ';' (the collapsed-stack format of flame graphs)"),
            nanos("cpu_ns", "CPU time the thread used during the call, callees included: the thread's CPU time is read every"
                    + " run.cpu_period_ns and charged to the call running then, so it is right to about that period at each"
                    + " end of a call; duration_ns - cpu_ns is time spent waiting (blocked, sleeping, parked, not scheduled)"),
            nanos("self_cpu_ns", "cpu_ns minus the cpu_ns of the recorded calls it made directly"),
            count("calls_made", "recorded calls it made directly (its children)"),
            count("calls_inside", "recorded calls made inside it, at any depth (its descendants)"),
            count("allocations_made", "recorded allocations it made directly"),
            count("allocations_inside", "recorded allocations made inside it, its own included"),
            nanos("overhead_ns", "the calibrated cost of profq's advice inside the call (docs/accuracy-and-overhead.md):"
                    + " run.call_cost_inside_ns + run.call_cost_ns * calls_inside + run.allocation_cost_ns * allocations_inside,"
                    + " each cost rounded to whole ns; the time views take it off duration_ns"),
            nanos("self_overhead_ns", "the part of overhead_ns that lands in the call's own code: run.call_cost_inside_ns"
                    + " + (run.call_cost_ns - run.call_cost_inside_ns) * calls_made + run.allocation_cost_ns * allocations_made,"
                    + " each cost rounded to whole ns; the time views take it off self_ns")));

    /**
     * {@code _call_times}: private to the time views (the leading '_': not in {@link #all}, not
     * listed by {@code \d} or JDBC metadata), read through {@code _compensated_calls}. Each call's
     * times with profq's overhead taken off, as columns the table computes, so that the index's
     * totals per calling context ({@code CallTotals}) are sums of its columns.
     */
    public static final TableDefinition CALL_TIMES = new TableDefinition("_call_times", "method execution, entry to exit", List.of(
            id("call_id", "the call (calls.call_id)"),
            id("thread_id", "its thread"),
            id("method_id", "its method"),
            nullableId("parent_call_id", "the enclosing call; NULL for a thread's outermost"),
            integer("depth", "", false, "nesting depth"),
            text("stack", "its calling context"),
            flag("outermost", "no enclosing call on the thread runs the same method"),
            nanos("inclusive_ns", "self_ns plus the inclusive_ns of the calls it made: duration_ns - overhead_ns, plus what the calls inside could not pay"),
            nanos("self_ns", "self_ns - self_overhead_ns, less what the calls it made could not pay, at least 0"),
            nanos("cpu_ns", "self_cpu_ns plus the cpu_ns of the calls it made"),
            nanos("self_cpu_ns", "self_cpu_ns - self_overhead_ns, less what the calls it made could not pay, at least 0"),
            nanos("wait_ns", "duration_ns - cpu_ns, at least 0"),
            nanos("self_wait_ns", "self_ns - self_cpu_ns, at least 0"),
            nanos("raw_inclusive_ns", "calls.duration_ns"),
            nanos("raw_self_ns", "calls.self_ns")));

    public static final TableDefinition ALLOCATIONS = new TableDefinition("allocations", "allocated object or array: a creation, or the clone() of an array", List.of(
            id("object_id", "the object's id, unique in the recording"),
            id("site_id", "where it was created (sites.site_id)"),
            id("class_id", "its type (classes.class_id)"),
            id("thread_id", "the thread that created it (threads.thread_id)"),
            nullableId("call_id", "the recorded call that ran the new or clone() (calls.call_id); NULL outside any recorded call"),
            nanos("alloc_ns", "when it was created"),
            bytes("size_bytes", "the JVM's shallow size (Instrumentation.getObjectSize); for a multi-dimensional array creation, of every array it made;"
                    + " for an array's clone(), of the copy alone (a copied array of arrays shares them)"),
            integer("array_length", "elements", true, "the (outermost) length of an array; NULL for objects"),
            flag("tracked", "whether it was followed to its death (the first and every track'th allocation of each site on each thread, with events=deaths)")));

    public static final TableDefinition DEATHS = new TableDefinition("deaths", "tracked object that died or outlived the run", List.of(
            id("object_id", "the object (allocations.object_id)"),
            nanos("death_ns", "when the recorder saw it reclaimed: after the collection that freed it, by the collector's"
                    + " reference processing and the recorder's reaper thread (usually well under a millisecond after; read"
                    + " from the exact clock since format 2.9, whatever run.clock says);"
                    + " for an object whose death was not seen before the end (at_exit), when the recorder closed the"
                    + " recording: an upper bound"),
            flag("at_exit", "true when its death was not seen before the recording ended: still reachable then, or"
                    + " found unreachable by the final collection at exit (reachable_at_exit says which)"),
            nullableFlag("reachable_at_exit", "true when still reachable after the final collection at exit; false when"
                    + " found dead, during the run or by that collection (its life ended before death_ns); NULL for an"
                    + " at_exit object when no final collection told (--no-final-gc, profq detach, a recording older"
                    + " than format 2.6, or the collection did not complete within 2 s)"),
            nanos("died_by_ns", "an upper bound of its death: the end of the collection that found it (found_by_collection_id),"
                    + " or death_ns when that is earlier (the collection's end is placed to within a millisecond or two);"
                    + " death_ns itself for at_exit objects and when no collection is known (a recording older than"
                    + " format 2.9, or a JVM that does not report its collections). Its death lies between its last use"
                    + " (or its allocation) and died_by_ns: the lifetimes and waste views give both bounds"),
            nullableId("found_by_collection_id", "the collection taken as the one that found it (collections.collection_id):"
                    + " of the collections that started at or before death_ns, the one that ended last (a backlog of the"
                    + " recorder's reaper can make it a later one than the true one, never an earlier one); NULL for at_exit"
                    + " objects and when no collection started before death_ns"),
            nanos("died_after_ns", "a lower bound of its death from the collections: the start of the last whole-heap"
                    + " collection it survived (survived_collection_id), 0 when none proves one. Only a stop-the-world"
                    + " collection of the whole heap (the serial, parallel or G1 collector's full collection) that did not"
                    + " find it proves it was reachable then, and only once the recorder had recorded every death that"
                    + " collection found before recording this one; a young collection proves nothing (it never looks at"
                    + " old objects, and keeps a young object that a dead old one refers to). The lifetimes and waste"
                    + " views take the later of this and the last use (or allocation)"),
            nullableId("survived_collection_id", "the collection whose start is died_after_ns (collections.collection_id);"
                    + " NULL when none")));

    public static final TableDefinition COLLECTIONS = new TableDefinition("collections", "garbage collection the JVM ran while"
            + " the recording followed deaths (events=deaths or uses; none otherwise, nor in a recording older than format 2.9)", List.of(
            id("collection_id", "the collection's place among the recording's, by start: 1, 2, ..."),
            count("gc_id", "the JVM's number of it, counted per collector from 1 (GcInfo.getId)"),
            text("collector", "the collector's name as the JVM gives it, e.g. 'G1 Young Generation', 'Copy', 'MarkSweepCompact'"),
            text("kind", "'young' for a collection of the young generation alone (the JVM's 'end of minor GC'), 'old' for"
                    + " one of the whole heap ('end of major GC': a full collection, e.g. MarkSweepCompact, G1 Old"
                    + " Generation, ZGC Major Cycles), 'other' when neither is told (pauses, and cycles of Shenandoah and"
                    + " non-generational ZGC); 'young' too for ZGC Minor Cycles"),
            text("cause", "why it ran, as the JVM says: 'Allocation Failure', 'System.gc()', 'G1 Evacuation Pause', ..."),
            nanos("start_ns", "at or before the collection's start: the JVM reports whole milliseconds on a clock of its own,"
                    + " placed on profq's axis to within about 2 ms (docs/accuracy-and-overhead.md)"),
            nanos("end_ns", "at or after the collection's end, likewise to within about 2 ms"),
            nanos("duration_ns", "end_ns - start_ns: an upper bound of the collection's length, by up to a few"
                    + " milliseconds")));

    public static final TableDefinition EXCEPTIONS = new TableDefinition("exceptions", "exception thrown in recorded code", List.of(
            id("thread_id", "the thread it was thrown in (threads.thread_id)"),
            nullableId("call_id", "the recorded call where it was first seen: thrown out of, or caught in (calls.call_id);"
                    + " NULL outside any recorded call"),
            id("class_id", "the exception's class (classes.class_id)"),
            integer("line", "line", false, "the line of that call's method where it was thrown (or where the call it came"
                    + " out of was made); 0 if unknown"),
            nanos("throw_ns", "when it was seen")));

    public static final TableDefinition USES = new TableDefinition("uses", "use of a tracked object by woven code", List.of(
            id("object_id", "the object used (allocations.object_id); tracked from the moment its constructor returned,"
                    + " so the constructor's own writes are not uses"),
            id("thread_id", "the thread that used it (threads.thread_id)"),
            nullableId("call_id", "the recorded call the use was made in (calls.call_id); NULL outside any recorded call"),
            nanos("use_ns", "when it was used"),
            text("kind", "'get' (an instance field read), 'set' (written) or 'call' (an instance method called)"),
            id("member_id", "the field (fields.field_id) for get and set; the method (methods.method_id) for call"),
            text("member_name", "readable: the declaring class and field name (a.B.count), or the called method's signature")));

    public static final TableDefinition PARAMS = new TableDefinition("params", "parameter of a value-profiled call (recorded with"
            + " --values)", List.of(
            id("call_id", "the call (calls.call_id)"),
            id("method_id", "its method (methods.method_id)"),
            integer("param_position", "", false, "0: an instance method's receiver; 1, 2, ...: its arguments (position and"
                    + " value are reserved words in SQL, hence param_position and value_text)"),
            text("type", "the value's Java type: the primitive's (int), or the runtime class of a box, string, enum constant,"
                    + " object or array; for null, the parameter's declared type"),
            text("value_kind", "'int' (also byte and short), 'long', 'double' (also float), 'boolean', 'char', 'string', 'enum',"
                    + " 'null', 'object' or 'array'"),
            nullableText("value_text", "a primitive's value as Java prints it (42, 2.5, true, x); a string's 64-bit content hash,"
                    + " # and 16 hex digits, or its text when recorded with --raw-strings; an enum constant's name; NULL for"
                    + " null, objects and arrays"),
            integer("length", "chars", true, "a string's length; NULL for other kinds"),
            nullableId("object_id", "an object's or array's id (followed_objects.object_id; allocations.object_id when it was"
                    + " tracked); NULL for other kinds"),
            nullableCount("stamp", "an object's or array's stamp: the write_seq of the latest field write to it before the call,"
                    + " 0 if none since profq followed it (MT+R compares the latest over every object it reaches); NULL for other kinds"),
            count("write_seq", "the global write sequence when the call started: the field_writes numbered up to it came before"
                    + " the call")));

    public static final TableDefinition FOLLOWED_OBJECTS = new TableDefinition("followed_objects", "object value profiles"
            + " followed: a parameter, or an object one reached through reference fields", List.of(
            id("object_id", "the object's id: its allocation id (allocations.object_id) when it was tracked, else thread id"
                    + " x 10^12 + 5 x 10^11 + n, numbered by the thread that first reached it"),
            id("class_id", "its class (classes.class_id)"),
            flag("seen_into", "true when every write to it is seen: its class was woven, or has only final fields; false for"
                    + " arrays (element stores are no join points), JDK and unwoven classes with fields that can change, and"
                    + " objects beyond a walk's 10,000: equality over a graph that reaches it is undecidable"),
            id("thread_id", "the thread that followed it first (threads.thread_id)"),
            nullableId("call_id", "the recorded call in which it was first reached (calls.call_id)")));

    public static final TableDefinition FIELD_WRITES = new TableDefinition("field_writes", "write to a field of a followed object by"
            + " woven code, or a reference it held when first followed: the log that MT+R equality is decided from", List.of(
            id("object_id", "the object written (followed_objects.object_id)"),
            id("field_id", "the field (fields.field_id)"),
            text("field_name", "readable: the declaring class and field name (a.B.count)"),
            count("write_seq", "the write's number in the global write sequence, one across threads (1, 2, ...); 0 is no"
                    + " write: the value a reference field held when profq first followed the object"),
            nullableId("value_object_id", "for a reference field, the followed object written (or held); NULL for null, primitive"
                    + " fields and immutable values (strings, boxes, enum constants)"),
            id("thread_id", "the thread that wrote it (threads.thread_id)"),
            nullableId("call_id", "the recorded call it was written in (calls.call_id); NULL outside any")));

    public static final TableDefinition REFERENCE_FIELDS = new TableDefinition("reference_fields", "field a value-profiled method's"
            + " calls (or calls inside them) read: its reference field set, which MT+R/M equality looks through", List.of(
            id("method_id", "the value-profiled method (methods.method_id)"),
            id("field_id", "the field read (fields.field_id)"),
            text("field_name", "readable: the declaring class and field name (a.B.count)"),
            nullableId("call_id", "the call that read it first: the method's own or one inside it (calls.call_id)")));

    public static final TableDefinition VALUE_TUPLES = new TableDefinition("value_tuples", "distinct tuple of a value-profiled"
            + " method's parameters under one equality (worked out when queried; value_profile sums it up)", List.of(
            id("method_id", "the method (methods.method_id)"),
            text("equality", "'MT+R': an object is equal to itself while nothing it reaches is written; 'MT+R/M': the same through"
                    + " and of the method's reference fields alone (reference_fields)"),
            nullableCount("tuple", "the tuple's rank among the method's (1: the most calls; ties: the earlier first call); NULL"
                    + " for the row counting the calls that are undecidable (their parameters reach an object that is not"
                    + " seen_into), each of which is a tuple of its own"),
            count("calls", "calls with this tuple"),
            id("first_call_id", "the first of them (params.call_id): its parameters show the tuple's values"),
            text("dropped_positions", "positions left out of every tuple because their values differ at every call (the paper's"
                    + " CP.addMRef rule), e.g. '3,4'; '' when none")));

    public static final TableDefinition UNWOVEN_CLASSES = new TableDefinition("unwoven_classes", "class of the program the"
            + " recording does not cover because the weaver never saw it: with profq attach, those loaded before the attach"
            + " (classes the weaver failed on are counted in run.classes_left_unwoven and named in warnings)", List.of(
            text("name", "the class, as Class.getName() gives it (a.B$C)"),
            text("reason", "why it is not woven: 'loaded before profq attached'")));

    private static final List<TableDefinition> ALL = List.of(RUN, THREADS, CLASSES, METHODS, SITES, FIELDS, CALLS, ALLOCATIONS,
            DEATHS, COLLECTIONS, USES, EXCEPTIONS, PARAMS, FOLLOWED_OBJECTS, FIELD_WRITES, REFERENCE_FIELDS, VALUE_TUPLES, UNWOVEN_CLASSES);

    /** The name prefix of user-defined events' tables: {@code event_<name>}. */
    public static final String USER_EVENT_PREFIX = "event_";

    /**
     * The table of a user-defined event ({@code Profq.event(name)}): where and when it was emitted,
     * then the program's columns in the order first put, typed by their first value, each NULL in
     * the events that did not put it.
     */
    public static TableDefinition userEvent(UserEventType type) {
        List<Column> columns = new java.util.ArrayList<>(List.of(
                id("thread_id", "the thread that emitted it (threads.thread_id)"),
                nullableId("call_id", "the recorded call it was emitted in (calls.call_id); NULL outside any recorded call"),
                nanos("ts_ns", "when it was emitted")));
        for (UserEventColumn column : type.columns()) {
            columns.add(new Column(column.name().toLowerCase(java.util.Locale.ROOT), SqlTypeName.valueOf(column.sqlTypeName()), "", true,
                    "user-defined: the value the program put as '" + column.name() + "' (" + column.sqlTypeName()
                            + " since its first value); NULL when an event did not put it"));
        }
        return new TableDefinition(USER_EVENT_PREFIX + type.name().toLowerCase(java.util.Locale.ROOT),
                "user-defined event " + type.name() + " (Profq.event), emitted by the program or its aspects", columns);
    }

    /** Every table, in the order the reference lists them. */
    public static List<TableDefinition> all() {
        return ALL;
    }

    public static Optional<TableDefinition> find(String name) {
        return ALL.stream().filter(table -> table.name().equalsIgnoreCase(name)).findFirst();
    }

    /** The table reference as Markdown, one section per table: what docs/sql-tables.md shows. */
    public static String markdown() {
        StringBuilder out = new StringBuilder();
        for (TableDefinition table : ALL) {
            out.append("### `").append(table.name()).append("`\n\nOne row per ").append(table.onePerRow()).append(".\n\n");
            out.append("| column | type | unit | meaning |\n| --- | --- | --- | --- |\n");
            for (Column column : table.columns()) {
                out.append("| `").append(column.name()).append("` | ").append(column.type().getName())
                        .append(column.nullable() ? " (nullable)" : "").append(" | ").append(column.unit())
                        .append(" | ").append(column.meaning().replace("|", "\\|")).append(" |\n");
            }
            out.append('\n');
        }
        return out.toString();
    }

    private TableCatalog() {
    }
}
