package org.profq.engine.value;

import static org.profq.engine.index.IndexColumn.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.MappedColumn;
import org.profq.engine.index.StoredColumns;
import org.profq.recording.ValueKind;

/**
 * How often each value-profiled method was called with the same parameters, under the two
 * equalities of Kamio and Masuhara's value profiler (§3.2), decided after the run from one
 * recording: the rows of {@code value_tuples}, which the {@code value_profile} view sums up.
 *
 * <p>Two parameters are equal when they are the same primitive value, string (by 64-bit hash and
 * length), enum constant or null; an object (or array) parameter is its id and a stamp, and two
 * are equal when both are:
 * <ul>
 * <li><b>MT+R</b>: the stamp is the modification time of the object graph reachable from the
 * object when the call began ({@link ObjectGraph#stamp}): the latest field write to any object
 * it reaches. Two calls with the same object are equal when nothing it reaches was written in
 * between.</li>
 * <li><b>MT+R/M</b>: the same, through and of the method's reference field set alone, the fields
 * its calls and their callees read ({@code reference_fields}): writes to fields the method never
 * reads do not make its parameters differ.</li>
 * </ul>
 * A graph that reaches an object whose writes profq cannot see (an array, a JDK or unwoven class
 * with mutable fields) has no stamp: such a parameter, and its call, is undecidable, counted
 * apart and never equal to another.
 *
 * <p>Keys and fingerprints are 64-bit hashes: two different values, or tuples, share one with a
 * chance of about n² / 2^65 among n of them (10^-6 for ten million).
 *
 * <p>The paper's {@code CP.addMRef} rule: a position whose values differ at every call (and
 * are all decidable) is dropped, and the tuples are formed of the other positions; if every
 * position would be dropped, none is. Each call's tuple is a 64-bit fingerprint of its kept
 * positions' values, so the counting holds one entry per distinct tuple, never a row per call.
 */
public final class ValueTuples {
    /** The equalities, in the order rows list them. */
    public static final List<String> EQUALITIES = List.of("MT+R", "MT+R/M");

    /**
     * A row of {@code value_tuples}.
     *
     * @param tuple the tuple's rank among the method's under this equality (1: the most calls),
     *              null for the row counting the calls whose equality is undecidable
     * @param firstCallId the first call with this tuple (or undecidable)
     * @param droppedPositions the positions left out of the tuples, e.g. {@code "3,4"}; "" for none
     */
    public record Row(long methodId, String equality, Long tuple, long calls, long firstCallId, String droppedPositions) {
    }

    private static final int OBJECT = ValueKind.OBJECT.ordinal();
    private static final int ARRAY = ValueKind.ARRAY.ordinal();
    private static final boolean[] NO_FIELDS = {};

    private final long rows;
    private final MappedColumn.Cursor callIds;
    private final MappedColumn.Cursor methodIds;
    private final MappedColumn.Cursor positions;
    private final MappedColumn.Cursor kinds;
    private final MappedColumn.Cursor values;
    private final MappedColumn.Cursor lengths;
    private final MappedColumn.Cursor objectIds;
    /** Per object parameter, in row order, per equality: its graph's stamp or {@link ObjectGraph#UNDECIDABLE}. */
    private final long[][] objectStamps = new long[EQUALITIES.size()][];

    private ValueTuples(StoredColumns index) {
        rows = index.rows(IndexColumn.Table.PARAMS);
        callIds = index.column(PARAM_CALL_ID).cursor();
        methodIds = index.column(PARAM_METHOD_ID).cursor();
        positions = index.column(PARAM_POSITION).cursor();
        kinds = index.column(PARAM_KIND).cursor();
        values = index.column(PARAM_VALUE).cursor();
        lengths = index.column(PARAM_LENGTH).cursor();
        objectIds = index.column(PARAM_OBJECT_ID).cursor();
    }

    /** The rows of {@code value_tuples} for the recording of {@code index}: by method, equality, then tuple rank. */
    public static List<Row> of(StoredColumns index) {
        ValueTuples tuples = new ValueTuples(index);
        tuples.stampObjects(index);
        return tuples.count();
    }

    /** The stamps of every object parameter under both equalities, worked out in write-sequence order. */
    private void stampObjects(StoredColumns index) {
        MappedColumn.Cursor writeSeqs = index.column(PARAM_WRITE_SEQ).cursor();
        int objects = 0;
        for (long row = 0; row < rows; row++) {
            objects += isObject(row) ? 1 : 0;
        }
        long[] ids = new long[objects];
        long[] seqs = new long[objects];
        int[] methods = new int[objects];
        int next = 0;
        for (long row = 0; row < rows; row++) {
            if (isObject(row)) {
                ids[next] = objectIds.get(row);
                seqs[next] = writeSeqs.get(row);
                methods[next++] = (int) methodIds.get(row);
            }
        }
        int[] order = new int[objects];
        for (int i = 0; i < objects; i++) {
            order[i] = i;
        }
        long[] sortedSeqs = seqs.clone();
        Sorting.bySeq(sortedSeqs, order);
        Map<Integer, boolean[]> referenceFields = referenceFields(index);
        ObjectGraph graph = ObjectGraph.of(index);
        long[] whole = objectStamps[0] = new long[objects];
        long[] perMethod = objectStamps[1] = new long[objects];
        for (int object : order) {
            whole[object] = graph.stamp(ids[object], seqs[object], null, 0);
            perMethod[object] = graph.stamp(ids[object], seqs[object], referenceFields.getOrDefault(methods[object], NO_FIELDS),
                    methods[object]);
        }
    }

    /** Each method's reference field set, as flags by field id. */
    private static Map<Integer, boolean[]> referenceFields(StoredColumns index) {
        long rows = index.rows(IndexColumn.Table.REFERENCE_FIELDS);
        MappedColumn.Cursor methods = index.column(REFERENCE_FIELD_METHOD_ID).cursor();
        MappedColumn.Cursor fields = index.column(REFERENCE_FIELD_FIELD_ID).cursor();
        Map<Integer, List<Integer>> byMethod = new HashMap<>();
        int maxField = 0;
        for (long row = 0; row < rows; row++) {
            int field = (int) fields.get(row);
            byMethod.computeIfAbsent((int) methods.get(row), key -> new ArrayList<>()).add(field);
            maxField = Math.max(maxField, field);
        }
        Map<Integer, boolean[]> sets = new HashMap<>();
        for (Map.Entry<Integer, List<Integer>> method : byMethod.entrySet()) {
            boolean[] set = new boolean[maxField + 1];
            method.getValue().forEach(field -> set[field] = true);
            sets.put(method.getKey(), set);
        }
        return sets;
    }

    /** The positions of one method under one equality: do their values always differ? */
    private static final class PositionValues {
        long calls;
        boolean undecidable;
        /** The values seen, while none has repeated; null after the first repeat. */
        LongIntMap seen = new LongIntMap(16);

        void add(boolean decidable, long key) {
            calls++;
            if (!decidable) {
                undecidable = true;
            } else if (seen != null) {
                int before = seen.size();
                seen.putIfAbsent(key, 0);
                if (seen.size() == before) {
                    seen = null; // a value repeated: the position does not always differ
                }
            }
        }

        boolean alwaysDiffer() {
            return calls >= 2 && !undecidable && seen != null && seen.size() == calls;
        }
    }

    /** One value-profiled method: per equality, its positions' values, the positions dropped, its tuples. */
    private static final class MethodState {
        final int methodId;
        final PositionValues[][] positions = new PositionValues[EQUALITIES.size()][256];
        final boolean[][] dropped = new boolean[EQUALITIES.size()][256];
        final String[] droppedText = new String[EQUALITIES.size()];
        final TupleCounts[] tuples = new TupleCounts[EQUALITIES.size()];
        final long[] undecidableCalls = new long[EQUALITIES.size()];
        final long[] firstUndecidableCall = new long[EQUALITIES.size()];

        MethodState(int methodId) {
            this.methodId = methodId;
            for (int equality = 0; equality < EQUALITIES.size(); equality++) {
                tuples[equality] = new TupleCounts();
            }
        }

        PositionValues position(int equality, int position) {
            PositionValues values = positions[equality][position];
            return values != null ? values : (positions[equality][position] = new PositionValues());
        }

        /** The paper's rule: drop the positions whose values always differ, unless that is every position. */
        void decideDropped() {
            for (int equality = 0; equality < EQUALITIES.size(); equality++) {
                StringJoiner text = new StringJoiner(",");
                int kept = 0;
                for (int position = 0; position < 256; position++) {
                    PositionValues values = positions[equality][position];
                    if (values == null) {
                        continue;
                    }
                    if (values.alwaysDiffer()) {
                        dropped[equality][position] = true;
                        text.add(Integer.toString(position));
                    } else {
                        kept++;
                    }
                }
                if (kept == 0) { // a method whose every value differs has no repeated tuple: nothing to drop
                    Arrays.fill(dropped[equality], false);
                    text = new StringJoiner(",");
                }
                droppedText[equality] = text.toString();
                positions[equality] = null; // the values seen are no longer needed
            }
        }
    }

    private List<Row> count() {
        // Pass 1: which positions always differ, per method and equality.
        List<MethodState> methods = new ArrayList<>();
        MethodState[] byMethodId = new MethodState[64];
        long[] key = new long[1];
        int object = 0;
        for (long row = 0; row < rows; ) {
            long call = callIds.get(row);
            int methodId = (int) methodIds.get(row);
            if (methodId >= byMethodId.length) {
                byMethodId = Arrays.copyOf(byMethodId, Math.max(methodId + 1, byMethodId.length * 2));
            }
            MethodState method = byMethodId[methodId];
            if (method == null) {
                methods.add(method = byMethodId[methodId] = new MethodState(methodId));
            }
            for (; row < rows && callIds.get(row) == call; row++) {
                int position = (int) positions.get(row);
                boolean isObject = isObject(row);
                boolean decidable = true;
                for (int equality = 0; equality < EQUALITIES.size(); equality++) {
                    if (isObject || equality == 0) { // other values have one key under both equalities
                        decidable = valueKey(row, isObject ? object : -1, equality, key);
                    }
                    method.position(equality, position).add(decidable, key[0]);
                }
                object += isObject ? 1 : 0;
            }
        }
        methods.forEach(MethodState::decideDropped);

        // Pass 2: each call's tuple of kept positions.
        long[] fingerprints = new long[EQUALITIES.size()];
        boolean[] decidableCall = new boolean[EQUALITIES.size()];
        object = 0;
        for (long row = 0; row < rows; ) {
            long call = callIds.get(row);
            MethodState method = byMethodId[(int) methodIds.get(row)];
            Arrays.fill(fingerprints, 17);
            Arrays.fill(decidableCall, true);
            for (; row < rows && callIds.get(row) == call; row++) {
                int position = (int) positions.get(row);
                boolean isObject = isObject(row);
                boolean decidable = true;
                boolean keyed = false;
                for (int equality = 0; equality < EQUALITIES.size(); equality++) {
                    if (method.dropped[equality][position]) {
                        continue;
                    }
                    if (isObject || !keyed) {
                        decidable = valueKey(row, isObject ? object : -1, equality, key);
                        keyed = true;
                    }
                    decidableCall[equality] &= decidable;
                    fingerprints[equality] = Hashing.combine(fingerprints[equality], key[0] + position);
                }
                object += isObject ? 1 : 0;
            }
            for (int equality = 0; equality < EQUALITIES.size(); equality++) {
                if (decidableCall[equality]) {
                    method.tuples[equality].add(fingerprints[equality], call);
                } else if (method.undecidableCalls[equality]++ == 0) {
                    method.firstUndecidableCall[equality] = call;
                }
            }
        }

        List<Row> result = new ArrayList<>();
        methods.sort((a, b) -> Integer.compare(a.methodId, b.methodId));
        for (MethodState method : methods) {
            for (int equality = 0; equality < EQUALITIES.size(); equality++) {
                long rank = 0;
                for (long[] tuple : method.tuples[equality].ranked()) {
                    result.add(new Row(method.methodId, EQUALITIES.get(equality), ++rank, tuple[0], tuple[1],
                            method.droppedText[equality]));
                }
                if (method.undecidableCalls[equality] > 0) {
                    result.add(new Row(method.methodId, EQUALITIES.get(equality), null, method.undecidableCalls[equality],
                            method.firstUndecidableCall[equality], method.droppedText[equality]));
                }
            }
        }
        return result;
    }

    /**
     * The key of the value at {@code row} under {@code equality} into {@code key[0]}; false when
     * it is undecidable. {@code object} is the row's place among object parameters, or -1.
     */
    private boolean valueKey(long row, int object, int equality, long[] key) {
        if (object >= 0) {
            long stamp = objectStamps[equality][object];
            key[0] = Hashing.combine(objectIds.get(row) * 31 + OBJECT, stamp);
            return stamp != ObjectGraph.UNDECIDABLE;
        }
        key[0] = Hashing.combine(kinds.get(row) << 32 ^ lengths.get(row), values.get(row));
        return true;
    }

    private boolean isObject(long row) {
        long kind = kinds.get(row);
        return kind == OBJECT || kind == ARRAY;
    }
}
