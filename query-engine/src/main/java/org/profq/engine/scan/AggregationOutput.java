package org.profq.engine.scan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of an {@link AggregationScan}: one per group, its key values then each aggregate.
 * Groups were found by their keys' raw values; where two raw values can stand for one SQL value
 * (a text column named from an id), the groups whose keys have the same SQL values are merged
 * here, so the rows are exactly those of the SQL aggregate.
 */
final class AggregationOutput {

    /** The rows of {@code spec}'s groups, all of them in {@code all}, in the order they were first seen. */
    static List<Object[]> rows(AggregationSpec spec, PartialAggregation all) {
        ColumnReader[] keyColumns = all.bound().keyColumns();
        int keys = keyColumns.length;
        int aggregates = spec.calls.size();
        int groups = all.groupCount();
        boolean byRaw = Arrays.stream(keyColumns).allMatch(ColumnReader::rawIdentifiesValue);
        Map<List<Object>, Integer> merged = new LinkedHashMap<>();
        List<Object[]> keyRows = new ArrayList<>(groups);
        long[][] totals = new long[aggregates][groups];
        long[][] counts = new long[aggregates][groups];
        for (int group = 0; group < groups; group++) {
            Object[] keyValues = new Object[keys];
            for (int k = 0; k < keys; k++) {
                keyValues[k] = keyColumns[k].value(all.firstRow(group));
            }
            Integer into = byRaw ? null : merged.get(Arrays.asList(keyValues));
            if (into == null) {
                into = keyRows.size();
                keyRows.add(keyValues);
                if (!byRaw) {
                    merged.put(Arrays.asList(keyValues), into);
                }
            }
            for (int c = 0; c < aggregates; c++) {
                spec.calls.get(c).function().combine(totals[c], counts[c], into, all.total(c, group), all.count(c, group));
            }
        }
        List<Object[]> result = new ArrayList<>(keyRows.size());
        for (int r = 0; r < keyRows.size(); r++) {
            Object[] row = Arrays.copyOf(keyRows.get(r), keys + aggregates);
            for (int c = 0; c < aggregates; c++) {
                row[keys + c] = spec.calls.get(c).result(totals[c][r], counts[c][r]);
            }
            result.add(row);
        }
        return result;
    }

    private AggregationOutput() {
    }
}
