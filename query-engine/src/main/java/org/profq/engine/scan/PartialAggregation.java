package org.profq.engine.scan;

import static org.profq.engine.index.MappedColumn.BLOCK_ROWS;
import static org.profq.engine.index.MappedColumn.BLOCK_SHIFT;

import java.util.Arrays;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The groups and running totals of one range of blocks of an {@link AggregationScan}, scanned
 * a block at a time: the rows that pass the filters are selected, each one's group found, then
 * each aggregate is added up over the selected rows in a loop of its own. Groups are found by
 * the key columns' raw values ({@link GroupKeyMap}); each remembers the row it was first seen
 * at, where its key's SQL values are read.
 */
final class PartialAggregation {
    private final AggregateFunction[] functions;
    private final int keyCount;
    private final BoundAggregation bound;
    private final long rows;
    private final long fromBlock;
    private final long toBlock;
    private final GroupKeyMap groups;
    private long[] firstRows = new long[16];
    private final long[][] totals;
    private final long[][] counts;
    /** Scratch for one block: the indexes of its selected rows, and each selected row's group. */
    private final int[] selected = new int[BLOCK_ROWS];
    private final int[] groupOfSelected = new int[BLOCK_ROWS];
    /** Scratch for one aggregate with a filter or a nullable argument: the selected rows it takes, and their groups. */
    private final int[] includedRows = new int[BLOCK_ROWS];
    private final int[] includedGroups = new int[BLOCK_ROWS];
    private final long[] key;

    /** The groups of {@code spec} over blocks {@code fromBlock} to {@code toBlock} (exclusive) of {@code rows} rows. */
    PartialAggregation(AggregationSpec spec, BoundAggregation bound, long rows, long fromBlock, long toBlock) {
        this.functions = spec.calls.stream().map(AggregationSpec.Call::function).toArray(AggregateFunction[]::new);
        this.keyCount = spec.keys.length;
        this.bound = bound;
        this.rows = rows;
        this.fromBlock = fromBlock;
        this.toBlock = toBlock;
        this.groups = new GroupKeyMap(keyCount);
        this.totals = new long[functions.length][16];
        this.counts = new long[functions.length][16];
        this.key = new long[keyCount];
        if (keyCount == 0) {
            found(groups.groupOf(key), 0); // an aggregate without GROUP BY has its one row even over no rows
        }
    }

    BoundAggregation bound() {
        return bound;
    }

    int groupCount() {
        return groups.size();
    }

    /** The row where {@code group} was first seen. */
    long firstRow(int group) {
        return firstRows[group];
    }

    long total(int call, int group) {
        return totals[call][group];
    }

    /** The values aggregate {@code call} took in {@code group}. */
    long count(int call, int group) {
        return counts[call][group];
    }

    void scan(AtomicBoolean cancelled) {
        for (long block = fromBlock; block < toBlock; block++) {
            if (cancelled != null && cancelled.get()) {
                throw new CancellationException("the query was cancelled");
            }
            long first = block << BLOCK_SHIFT;
            int count = (int) Math.min(BLOCK_ROWS, rows - first);
            int selectedRows = select(block, first, count);
            if (selectedRows == 0) {
                continue; // nothing to add: the block's other columns are not decoded
            }
            findGroups(block, first, selectedRows);
            for (int c = 0; c < functions.length; c++) {
                accumulate(c, block, count, selectedRows);
            }
        }
    }

    private int select(long block, long first, int count) {
        for (int i = 0; i < count; i++) {
            selected[i] = i;
        }
        return bound.test() == null ? count : bound.test().refine(block, first, selected, count);
    }

    private void findGroups(long block, long first, int selectedRows) {
        if (keyCount == 0) {
            Arrays.fill(groupOfSelected, 0, selectedRows, 0);
        } else if (keyCount == 1) {
            long[] values = bound.keyColumns()[0].rawBlock(block);
            for (int j = 0; j < selectedRows; j++) {
                int i = selected[j];
                int before = groups.size();
                int group = groups.groupOf(values[i]);
                groupOfSelected[j] = group == before ? found(group, first + i) : group;
            }
        } else {
            long[][] values = new long[keyCount][];
            for (int k = 0; k < keyCount; k++) {
                values[k] = bound.keyColumns()[k].rawBlock(block);
            }
            for (int j = 0; j < selectedRows; j++) {
                int i = selected[j];
                for (int k = 0; k < keyCount; k++) {
                    key[k] = values[k][i];
                }
                int before = groups.size();
                int group = groups.groupOf(key);
                groupOfSelected[j] = group == before ? found(group, first + i) : group;
            }
        }
    }

    /** Notes a new group, first seen at {@code row} (where its key's SQL values are read); gives it back. */
    private int found(int group, long row) {
        if (group >= firstRows.length) {
            int grown = firstRows.length * 2;
            firstRows = Arrays.copyOf(firstRows, grown);
            for (int c = 0; c < functions.length; c++) {
                totals[c] = Arrays.copyOf(totals[c], grown);
                counts[c] = Arrays.copyOf(counts[c], grown);
            }
        }
        firstRows[group] = row;
        return group;
    }

    private void accumulate(int c, long block, int count, int selectedRows) {
        RawExpression filter = bound.filters()[c];
        RawExpression argument = bound.arguments()[c];
        if (filter != null) {
            filter.evaluate(block, count);
        }
        if (argument != null) {
            argument.evaluate(block, count);
        }
        long[] values = argument == null ? null : argument.values;
        long[] total = totals[c];
        long[] counted = counts[c];
        int[] rowOf = selected;
        int[] groupOf = groupOfSelected;
        int rows = selectedRows;
        if (filter != null || argument != null && argument.nullable) {
            // Only the rows the aggregate takes, then the same loops as for all rows.
            rows = 0;
            for (int j = 0; j < selectedRows; j++) {
                if (included(filter, argument, selected[j])) {
                    includedRows[rows] = selected[j];
                    includedGroups[rows++] = groupOfSelected[j];
                }
            }
            rowOf = includedRows;
            groupOf = includedGroups;
        }
        switch (functions[c]) {
            case COUNT -> {
                for (int j = 0; j < rows; j++) {
                    counted[groupOf[j]]++;
                }
            }
            case SUM, SUM0 -> {
                for (int j = 0; j < rows; j++) {
                    int group = groupOf[j];
                    total[group] += values[rowOf[j]];
                    counted[group]++;
                }
            }
            case MIN -> {
                for (int j = 0; j < rows; j++) {
                    int group = groupOf[j];
                    long value = values[rowOf[j]];
                    total[group] = counted[group]++ == 0 ? value : Math.min(total[group], value);
                }
            }
            case MAX -> {
                for (int j = 0; j < rows; j++) {
                    int group = groupOf[j];
                    long value = values[rowOf[j]];
                    total[group] = counted[group]++ == 0 ? value : Math.max(total[group], value);
                }
            }
        }
    }

    /** Whether a row counts for an aggregate: its filter holds and its argument is not NULL. */
    private static boolean included(RawExpression filter, RawExpression argument, int i) {
        return (filter == null || filter.isTrue(i)) && (argument == null || !argument.isNull(i));
    }

    /** Adds {@code later}'s groups (a range of rows after this one's) to this one's, by their raw keys. */
    void absorb(PartialAggregation later) {
        long[] laterKey = new long[keyCount];
        for (int group = 0; group < later.groups.size(); group++) {
            for (int k = 0; k < keyCount; k++) {
                laterKey[k] = later.groups.key(group, k);
            }
            int before = groups.size();
            int into = groups.groupOf(laterKey);
            if (into == before) {
                found(into, later.firstRows[group]);
            }
            for (int c = 0; c < functions.length; c++) {
                functions[c].combine(totals[c], counts[c], into, later.totals[c][group], later.counts[c][group]);
            }
        }
    }
}
