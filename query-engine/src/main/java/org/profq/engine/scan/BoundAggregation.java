package org.profq.engine.scan;

/**
 * An {@link AggregationSpec} bound to one set of column readers: what one scanning thread
 * evaluates. {@code test} is the pushed filters (null: every row passes), {@code keyColumns}
 * the group keys, {@code arguments} and {@code filters} each aggregate's argument and
 * {@code FILTER} (null: none).
 */
record BoundAggregation(PushedFilters.RowTest test, ColumnReader[] keyColumns, RawExpression[] arguments,
                        RawExpression[] filters) {
}
