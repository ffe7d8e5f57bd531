package org.profq.engine.value;

import static org.profq.engine.index.IndexColumn.*;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.MappedColumn;
import org.profq.engine.index.StoredColumns;

/**
 * The graph of the objects the value profiler followed, as it was at any moment of the run,
 * rebuilt from {@code followed_objects} and {@code field_writes}: an object's reference field
 * holds, at write sequence {@code s}, the value of its latest entry numbered {@code s} or less
 * (the value it held when first followed is entry 0). From it, the <em>modification time of the
 * object graph</em> reachable from a parameter (Kamio and Masuhara, §3.2.3), optionally through
 * a method's reference fields only (§3.2.4).
 *
 * <p>Entries are kept per object, sorted by field and write sequence, so an object's field at a
 * moment is a binary search. {@link #stamp} walks the graph from a root; a root asked about
 * again later is not walked again when no write in between touched an object it reached
 * through the fields that count (the writes are also kept in sequence order for that check).
 */
final class ObjectGraph {
    /** The stamp of a graph that reaches an object whose writes are not all seen. */
    static final long UNDECIDABLE = -1;
    /** Roots whose reachable objects are remembered, and how many objects each may remember. */
    private static final int MAX_REMEMBERED_ROOTS = 100_000;
    private static final int MAX_REMEMBERED_OBJECTS = 4_096;

    private final LongIntMap indexOf;
    private final boolean[] seenInto;
    /** Entries of object o are {@code start[o]} to {@code start[o + 1]}, sorted by field, then sequence. */
    private final int[] start;
    private final int[] entryField;
    private final long[] entrySeq;
    /** The followed object an entry wrote (dense index), or -1. */
    private final int[] entryValue;
    /** Every write (sequence above 0), in sequence order: its sequence, object and field. */
    private final long[] writeSeqs;
    private final int[] writeObjects;
    private final int[] writeFields;

    private final int[] visited;
    private int epoch;
    private int[] queue = new int[64];
    private final Map<Long, Remembered> remembered = new HashMap<>();

    /** A root's last answer: at which sequence, the stamp, and the objects it reached (sorted), or null when too many. */
    private static final class Remembered {
        long atSeq;
        long stamp;
        int[] reached;
    }

    private ObjectGraph(LongIntMap indexOf, boolean[] seenInto, int[] start, int[] entryField, long[] entrySeq, int[] entryValue,
                        long[] writeSeqs, int[] writeObjects, int[] writeFields) {
        this.indexOf = indexOf;
        this.seenInto = seenInto;
        this.start = start;
        this.entryField = entryField;
        this.entrySeq = entrySeq;
        this.entryValue = entryValue;
        this.writeSeqs = writeSeqs;
        this.writeObjects = writeObjects;
        this.writeFields = writeFields;
        this.visited = new int[seenInto.length];
    }

    /** The graph of a recording's index. */
    static ObjectGraph of(StoredColumns index) {
        int objects = Math.toIntExact(index.rows(IndexColumn.Table.FOLLOWED_OBJECTS));
        LongIntMap indexOf = new LongIntMap(objects);
        boolean[] seenInto = new boolean[objects];
        MappedColumn.Cursor ids = index.column(FOLLOWED_OBJECT_ID).cursor();
        MappedColumn.Cursor seen = index.column(FOLLOWED_SEEN_INTO).cursor();
        for (int row = 0; row < objects; row++) {
            int dense = indexOf.putIfAbsent(ids.get(row), indexOf.size());
            seenInto[dense] = seen.get(row) != 0;
        }
        int count = indexOf.size();

        int rows = Math.toIntExact(index.rows(IndexColumn.Table.FIELD_WRITES));
        MappedColumn.Cursor writtenIds = index.column(FIELD_WRITE_OBJECT_ID).cursor();
        MappedColumn.Cursor fields = index.column(FIELD_WRITE_FIELD_ID).cursor();
        MappedColumn.Cursor seqs = index.column(FIELD_WRITE_SEQ).cursor();
        MappedColumn.Cursor values = index.column(FIELD_WRITE_VALUE_OBJECT_ID).cursor();
        int[] object = new int[rows];
        int[] start = new int[count + 1];
        int writes = 0;
        for (int row = 0; row < rows; row++) {
            object[row] = indexOf.get(writtenIds.get(row));
            if (object[row] >= 0) {
                start[object[row] + 1]++;
                writes += seqs.get(row) > 0 ? 1 : 0;
            }
        }
        for (int o = 0; o < count; o++) {
            start[o + 1] += start[o];
        }
        int entries = start[count];
        int[] entryField = new int[entries];
        long[] entrySeq = new long[entries];
        int[] entryValue = new int[entries];
        int[] fill = Arrays.copyOf(start, count);
        long[] writeSeqs = new long[writes];
        int[] writeObjects = new int[writes];
        int[] writeFields = new int[writes];
        int write = 0;
        for (int row = 0; row < rows; row++) {
            int o = object[row];
            if (o < 0) {
                continue; // an object never followed: damage, or a recording cut by a window
            }
            int at = fill[o]++;
            entryField[at] = (int) fields.get(row);
            entrySeq[at] = seqs.get(row);
            long value = values.get(row);
            entryValue[at] = value == 0 ? -1 : indexOf.get(value);
            if (entrySeq[at] > 0) {
                writeSeqs[write] = entrySeq[at];
                writeObjects[write] = o;
                writeFields[write] = entryField[at];
                write++;
            }
        }
        for (int o = 0; o < count; o++) {
            Sorting.byFieldAndSeq(entryField, entrySeq, entryValue, start[o], start[o + 1]);
        }
        Sorting.bySeq(writeSeqs, writeObjects, writeFields);
        return new ObjectGraph(indexOf, seenInto, start, entryField, entrySeq, entryValue, writeSeqs, writeObjects, writeFields);
    }

    /**
     * The modification time of the graph reachable from {@code rootId} just after write
     * {@code atSeq}: the latest write numbered up to {@code atSeq} to any object reachable then,
     * 0 if none; {@link #UNDECIDABLE} if it reaches an object whose writes are not all seen (or
     * one never followed). With {@code fields} (indexed by field id), only those fields are
     * followed and only writes to them count: the method's reference field set (MT+R/M);
     * {@code fieldsKey} names that set for the memory of roots. Asked in rising {@code atSeq}
     * for each root, it walks a root again only after a write that matters.
     */
    long stamp(long rootId, long atSeq, boolean[] fields, int fieldsKey) {
        int root = indexOf.get(rootId);
        if (root < 0) {
            return UNDECIDABLE;
        }
        long key = (long) root << 32 | fieldsKey;
        Remembered last = remembered.get(key);
        if (last != null && (atSeq == last.atSeq || (atSeq > last.atSeq && last.reached != null
                && !writtenBetween(last.atSeq, atSeq, last.reached, fields)))) {
            last.atSeq = atSeq;
            return last.stamp;
        }
        if (last == null) {
            if (remembered.size() >= MAX_REMEMBERED_ROOTS) {
                remembered.clear();
            }
            last = new Remembered();
            remembered.put(key, last);
        }
        last.atSeq = atSeq;
        last.stamp = walk(root, atSeq, fields);
        last.reached = reachedSoFar();
        return last.stamp;
    }

    /** Objects reached by the last walk, sorted; null if there were too many to remember. */
    private int[] reachedSoFar() {
        if (queueLength > MAX_REMEMBERED_OBJECTS) {
            return null;
        }
        int[] reached = Arrays.copyOf(queue, queueLength);
        Arrays.sort(reached);
        return reached;
    }

    private int queueLength;

    /** Whether a write numbered in (after, upTo], to a field that counts, went to one of {@code reached}. */
    private boolean writtenBetween(long after, long upTo, int[] reached, boolean[] fields) {
        int from = upperBound(writeSeqs, 0, writeSeqs.length, after);
        int to = upperBound(writeSeqs, from, writeSeqs.length, upTo);
        if (to - from > 8L * reached.length + 64) {
            return true; // cheaper to walk again than to look at every write
        }
        for (int w = from; w < to; w++) {
            if ((fields == null || counts(fields, writeFields[w])) && Arrays.binarySearch(reached, writeObjects[w]) >= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Breadth first from {@code root}, stopping at the first object not seen into: the objects
     * reached so far hold a path to it, so until one of them is written the graph stays
     * undecidable, and they are what {@link #stamp} remembers.
     */
    private long walk(int root, long atSeq, boolean[] fields) {
        epoch++;
        queueLength = 0;
        push(root);
        long stamp = 0;
        for (int next = 0; next < queueLength; next++) {
            int object = queue[next];
            if (!seenInto[object]) {
                return UNDECIDABLE;
            }
            int end = start[object + 1];
            for (int group = start[object]; group < end; ) {
                int field = entryField[group];
                int groupEnd = group + 1;
                while (groupEnd < end && entryField[groupEnd] == field) {
                    groupEnd++;
                }
                if (fields == null || counts(fields, field)) {
                    int latest = upperBound(entrySeq, group, groupEnd, atSeq) - 1;
                    if (latest >= group) {
                        stamp = Math.max(stamp, entrySeq[latest]);
                        int value = entryValue[latest];
                        if (value >= 0 && visited[value] != epoch) {
                            push(value);
                        }
                    }
                }
                group = groupEnd;
            }
        }
        return stamp;
    }

    private void push(int object) {
        visited[object] = epoch;
        if (queueLength == queue.length) {
            queue = Arrays.copyOf(queue, queueLength * 2);
        }
        queue[queueLength++] = object;
    }

    private static boolean counts(boolean[] fields, int field) {
        return field < fields.length && fields[field];
    }

    /** The first index in [from, to) whose value is above {@code value} (values sorted). */
    private static int upperBound(long[] sorted, int from, int to, long value) {
        int low = from;
        int high = to;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (sorted[middle] <= value) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }
}
