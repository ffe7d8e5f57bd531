package org.profq.engine.table;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.calcite.DataContexts;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.Table;
import org.apache.calcite.util.ImmutableBitSet;
import org.profq.engine.scan.ColumnBlocks;
import org.profq.engine.scan.ColumnBlocks.BlockColumn;
import org.profq.engine.scan.ColumnSource;

/** Opens a table of a profq connection for reading a block at a time ({@link ColumnBlocks}). */
public final class TableBlocks {
    private TableBlocks() {
    }

    /**
     * The blocks of {@code table} in {@code schema} of a profq connection, as one new statement
     * sees the recording (its index built first if it is not); empty when that table is not read
     * from the index (the dictionary tables, user events, views) or has a column of a type other
     * than BIGINT, INTEGER, BOOLEAN or VARCHAR. Throws what a scan of the table would (a table
     * whose events were not recorded refuses, a damaged index is rebuilt).
     */
    public static Optional<ColumnBlocks> of(Connection connection, String schema, String table) throws SQLException {
        SchemaPlus recording = connection.unwrap(CalciteConnection.class).getRootSchema().subSchemas().get(schema);
        Table found = recording == null ? null : recording.tables().get(table);
        if (!(found instanceof ColumnSource source) || !(found instanceof RecordingTable described)) {
            return Optional.empty();
        }
        List<Column> columns = described.definition().columns();
        if (!columns.stream().allMatch(column -> ColumnBlocks.Kind.of(column.type()).isPresent())) {
            return Optional.empty();
        }
        List<BlockColumn> blockColumns = columns.stream()
                .map(column -> new BlockColumn(column.name(), ColumnBlocks.Kind.of(column.type()).orElseThrow(), column.nullable()))
                .toList();
        // A fresh context is a statement of its own: it sees the recording as it is now.
        return Optional.of(new ColumnBlocks(blockColumns, source.read(DataContexts.of(Map.of()), ImmutableBitSet.range(source.columnCount()))));
    }
}
