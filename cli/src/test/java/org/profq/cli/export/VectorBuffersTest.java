package org.profq.cli.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.duckdb.DuckDBColumnType;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBDataChunkWriter;
import org.duckdb.DuckDBFunctions;
import org.duckdb.DuckDBTableFunction;
import org.duckdb.DuckDBTableFunctionBindInfo;
import org.duckdb.DuckDBTableFunctionCallInfo;
import org.duckdb.DuckDBTableFunctionInitInfo;
import org.junit.jupiter.api.Test;

/**
 * The export writes numbers straight into DuckDB's vectors: with the DuckDB profq ships, the
 * vectors' buffers are reachable, and what DuckDB reads back is exactly what was written, nulls
 * included, in runs that start and end inside a validity word.
 */
class VectorBuffersTest {
    private static final int ROWS = 200;
    /** Rows written as null: at word edges, and one inside a word. */
    private static final List<Integer> NULLS = List.of(0, 63, 64, 100, 127, 128, 199);
    /** The runs each chunk is written in, as IndexedRows does a block's part at a time. */
    private static final int[] RUN_ENDS = {5, 70, 128, 129, ROWS};

    @Test
    void theShippedDuckDbsVectorBuffersAreReachable() {
        assertTrue(VectorBuffers.available(), "DuckDBWritableVector's buffers moved: export falls back to the slower setters");
    }

    @Test
    void numbersAndNullsWrittenInRunsAreReadBackExactly() throws Exception {
        try (DuckDBConnection duck = DriverManager.getConnection("jdbc:duckdb:", new Properties()).unwrap(DuckDBConnection.class)) {
            DuckDBFunctions.tableFunction().withName("runs").withParameter(DuckDBColumnType.BIGINT)
                    .withFunction(new Runs()).register(duck);
            List<String> rows = new ArrayList<>();
            try (Statement statement = duck.createStatement();
                 ResultSet result = statement.executeQuery("SELECT n, i, b FROM runs(0)")) {
                while (result.next()) {
                    long n = result.getLong(1);
                    rows.add(result.wasNull() ? "null" : n + "," + result.getInt(2) + "," + result.getBoolean(3));
                }
            }
            List<String> expected = new ArrayList<>();
            for (int row = 0; row < ROWS; row++) {
                expected.add(NULLS.contains(row) ? "null" : (row * 1_000_000_007L) + "," + (-row) + "," + (row % 3 == 0));
            }
            assertEquals(expected, rows);
        }
    }

    /** {@code runs(_)}: one chunk of {@link #ROWS} rows, BIGINT, INTEGER and BOOLEAN, written with {@link VectorBuffers}. */
    private static final class Runs implements DuckDBTableFunction<Object, boolean[], Object> {
        @Override
        public Object bind(DuckDBTableFunctionBindInfo info) {
            info.addResultColumn("n", DuckDBColumnType.BIGINT);
            info.addResultColumn("i", DuckDBColumnType.INTEGER);
            info.addResultColumn("b", DuckDBColumnType.BOOLEAN);
            return new Object();
        }

        @Override
        public boolean[] init(DuckDBTableFunctionInitInfo info) {
            info.setMaxThreads(1);
            return new boolean[1];
        }

        @Override
        public long apply(DuckDBTableFunctionCallInfo info, DuckDBDataChunkWriter chunk) {
            boolean[] done = info.getInitData();
            if (done[0]) {
                return 0;
            }
            done[0] = true;
            int from = 0;
            for (int end : RUN_ENDS) {
                for (int row = from; row < end; row++) {
                    VectorBuffers.data(chunk.vector(0)).putLong(row * Long.BYTES, row * 1_000_000_007L);
                    VectorBuffers.data(chunk.vector(1)).putInt(row * Integer.BYTES, -row);
                    VectorBuffers.data(chunk.vector(2)).put(row, (byte) (row % 3 == 0 ? 1 : 0));
                }
                for (int column = 0; column < 3; column++) {
                    VectorBuffers.markValid(chunk.vector(column), from, end - from);
                }
                for (int row : NULLS) {
                    if (row >= from && row < end) {
                        for (int column = 0; column < 3; column++) {
                            VectorBuffers.markNull(chunk.vector(column), row);
                        }
                    }
                }
                from = end;
            }
            return ROWS;
        }
    }
}
