package org.profq.cli.export;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

import org.duckdb.DuckDBColumnType;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBDataChunkWriter;
import org.duckdb.DuckDBFunctions;
import org.duckdb.DuckDBTableFunction;
import org.duckdb.DuckDBTableFunctionBindInfo;
import org.duckdb.DuckDBTableFunctionCallInfo;
import org.duckdb.DuckDBTableFunctionInitInfo;
import org.profq.engine.api.ColumnBlocks;

/**
 * Writes a table's rows into part files with DuckDB's own writers, never holding a whole table.
 * Each part is one {@code COPY (SELECT * FROM profq_part_rows(<part>)) TO '<file>'}, where
 * {@code profq_part_rows} is a table function of ours that DuckDB calls for a chunk of rows at a
 * time and that fills DuckDB's vectors straight from the rows' source ({@link RowSource}), until
 * the part holds {@link #ROWS_PER_PART} rows or about {@link #TEXT_BYTES_PER_PART} bytes of text.
 * DuckDB's writer makes the Parquet (dictionary-encoded strings, ZSTD) or the CSV.
 *
 * <p>How the cores are used: DuckDB runs with one thread per query, so a query runs on the thread
 * that asked for it (with more, one of DuckDB's threads runs it, since one thread reads the
 * source, while the asking thread polls for work, taking a core from it). An indexed table's parts are instead written at once, one
 * per core: each covers its own range of rows, read from the index by readers of its own and
 * written through a DuckDB connection of its own. The other tables are small and stream from
 * their result set, one part after the other.
 */
public final class DuckDbPartWriter implements AutoCloseable {
    /** Rows per part file: four row groups. */
    static final int ROWS_PER_PART = 4 * ExportFormat.ROW_GROUP_ROWS;
    /** Text written to one part, bounding DuckDB's memory when strings are long (calls.stack). */
    static final long TEXT_BYTES_PER_PART = 256L << 20;
    /**
     * Parts written at once: one per core, and no more than two, as each holds a row group in
     * DuckDB's memory (up to {@link #TEXT_BYTES_PER_PART} of text and its numbers) within the limit it is given.
     */
    private static final int WRITERS = Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors()));
    /**
     * DuckDB's memory per part written at once. A part's row group (a million rows of up to 20
     * columns, and its text) is gathered, then encoded, in DuckDB's buffers: with less, DuckDB
     * spills them to disk and reads them back, ZSTD both ways, which cost a third of an export's
     * CPU with 1 GB for two parts (calls, 100 M-event recording: 66.6 s of CPU against 37.8 s with 2 GB).
     */
    private static final long MEMORY_PER_WRITER_MB = 1024;
    private static final String FUNCTION = "profq_part_rows";

    private final ExportFormat format;
    /** DuckDB, being opened in the background (its native library takes a second or two to unpack and load). */
    private final CompletableFuture<DuckDBConnection> opening;
    private final BlockingQueue<DuckDBConnection> idle = new ArrayBlockingQueue<>(WRITERS);
    private final ExecutorService writers;
    /** The parts being written, by the number their COPY passes to the table function. */
    private final Map<Long, PartRows> writing = new ConcurrentHashMap<>();
    private final AtomicLong lastPart = new AtomicLong();

    /**
     * An in-memory DuckDB that spills to {@code scratch} (if ever) and stays within
     * {@link #MEMORY_PER_WRITER_MB} per part written at once; it opens while the caller opens the
     * recordings, and a failure to open it is thrown by the first write.
     */
    public DuckDbPartWriter(ExportFormat format, Path scratch) {
        this.format = format;
        this.writers = Executors.newFixedThreadPool(WRITERS, task -> {
            Thread thread = new Thread(task, "profq-export-writer");
            thread.setDaemon(true); // a stopped export (SIGTERM) does not wait for it
            return thread;
        });
        this.opening = CompletableFuture.supplyAsync(() -> {
            try {
                return open(scratch, WRITERS * MEMORY_PER_WRITER_MB + "MB");
            } catch (SQLException e) {
                throw new CompletionException(e);
            }
        }, writers);
    }

    private DuckDBConnection open(Path scratch, String memoryLimit) throws SQLException {
        DuckDBConnection duck = DriverManager.getConnection("jdbc:duckdb:", new Properties()).unwrap(DuckDBConnection.class);
        try (Statement statement = duck.createStatement()) {
            statement.execute("SET memory_limit = '" + memoryLimit + "'");
            statement.execute("SET temp_directory = " + literal(scratch.toString()));
            statement.execute("SET threads = 1");
        }
        DuckDBFunctions.tableFunction().withName(FUNCTION).withParameter(DuckDBColumnType.BIGINT)
                .withFunction(new PartRowsFunction()).register(duck);
        for (int i = 0; i < WRITERS; i++) {
            idle.add(duck.duplicate());
        }
        return duck;
    }

    /** The open DuckDB: waits for it to be opened. */
    private DuckDBConnection duck() throws SQLException {
        try {
            return opening.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            throw e;
        }
    }

    /**
     * Writes the rows of the indexed table {@code blocks} into {@code partition}'s parts, several
     * at once; {@code progress} is told the rows written so far after each part. Returns the number of rows.
     */
    public long write(ColumnBlocks blocks, Partition partition, LongConsumer progress) throws SQLException, IOException {
        duck();
        if (blocks.rows() == 0) {
            return writeParts(duck(), new IndexedRows(blocks, 0, 0), partition, 0, new Progress(progress));
        }
        Progress written = new Progress(progress);
        List<Future<Long>> ranges = new ArrayList<>();
        for (long first = 0; first < blocks.rows(); first += ROWS_PER_PART) {
            long from = first;
            long to = Math.min(blocks.rows(), first + ROWS_PER_PART);
            int range = (int) (first / ROWS_PER_PART);
            ranges.add(writers.submit(() -> {
                DuckDBConnection connection = idle.take();
                try {
                    return writeParts(connection, new IndexedRows(blocks.forAnotherThread(), from, to), partition, range, written);
                } finally {
                    idle.add(connection);
                }
            }));
        }
        return sum(ranges);
    }

    /** Writes every row of {@code rows} (before its first row) into {@code partition}'s parts, one after the other; see {@link #write(ColumnBlocks, Partition, LongConsumer)}. */
    public long write(ResultSet rows, Partition partition, LongConsumer progress) throws SQLException, IOException {
        return writeParts(duck(), new ResultSetRows(rows), partition, 0, new Progress(progress));
    }

    /**
     * Writes {@code rows}, range {@code range} of the table's rows, into parts through
     * {@code connection} (one, empty, for no rows, so that readers still see the columns).
     */
    private long writeParts(DuckDBConnection connection, RowSource rows, Partition partition, int range, Progress progress)
            throws SQLException {
        long total = 0;
        int partOfRange = 0;
        do {
            long key = lastPart.incrementAndGet();
            PartRows part = new PartRows(rows);
            writing.put(key, part);
            String copy = "COPY (SELECT * FROM " + FUNCTION + "(" + key + ")) TO " + literal(partition.nextPart(range, partOfRange++).toString())
                    + " (" + format.copyOptions() + ")";
            try (Statement statement = connection.createStatement()) {
                InProgressFiles.writing(() -> statement.execute(copy));
            } catch (SQLException e) {
                throw part.failure != null ? part.failure : e; // the rows' own failure, not DuckDB's report of it
            } finally {
                writing.remove(key);
            }
            total += part.rows;
            progress.add(part.rows);
        } while (rows.hasMore());
        return total;
    }

    /** The rows the ranges wrote; the first failure once every range has stopped (none writes into a closed partition). */
    private static long sum(List<Future<Long>> ranges) throws SQLException, IOException {
        long total = 0;
        Throwable failure = null;
        for (Future<Long> range : ranges) {
            try {
                total += getUninterruptibly(range);
            } catch (ExecutionException e) {
                if (failure == null) {
                    failure = e.getCause();
                    ranges.forEach(other -> other.cancel(false));
                }
            } catch (java.util.concurrent.CancellationException e) {
                // cancelled after the first failure
            }
        }
        if (failure instanceof SQLException sql) {
            throw sql;
        }
        if (failure instanceof IOException io) {
            throw io;
        }
        if (failure != null) {
            throw new IllegalStateException(failure.getMessage(), failure);
        }
        return total;
    }

    private static long getUninterruptibly(Future<Long> future) throws ExecutionException {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return future.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void close() throws SQLException {
        DuckDBConnection duck = duck();
        writers.shutdownNow();
        for (DuckDBConnection connection : idle) {
            connection.close();
        }
        duck.close();
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    /** The rows written of one table, told to its progress bar as parts end, whichever thread wrote them. */
    private static final class Progress {
        private final LongConsumer bar;
        private long rows;

        Progress(LongConsumer bar) {
            this.bar = bar;
        }

        synchronized void add(long partRows) {
            rows += partRows;
            bar.accept(rows);
        }
    }

    /** One part's rows: the source's next rows up to the part's limits. */
    private static final class PartRows {
        private final RowSource source;
        private final long textBytesAtStart;
        private long rows;
        private SQLException failure;

        PartRows(RowSource source) {
            this.source = source;
            this.textBytesAtStart = source.textBytes();
        }

        /** Fills {@code chunk} with the part's next rows; 0 when the part is full or the source has no more. */
        long fill(DuckDBDataChunkWriter chunk) {
            try {
                if (InProgressFiles.stopping()) {
                    throw new SQLException("the export is stopping; the part is not finished");
                }
                if (rows >= ROWS_PER_PART || source.textBytes() - textBytesAtStart >= TEXT_BYTES_PER_PART || !source.hasMore()) {
                    return 0;
                }
                int filled = source.fill(chunk, (int) Math.min(chunk.capacity(), ROWS_PER_PART - rows));
                rows += filled;
                return filled;
            } catch (SQLException e) {
                failure = e;
                throw new IllegalStateException(e.getMessage(), e);
            }
        }
    }

    /** {@code profq_part_rows(part)}: the rows of the part being written under that number, in their order, read by one thread. */
    private final class PartRowsFunction implements DuckDBTableFunction<PartRows, PartRows, Object> {
        @Override
        public PartRows bind(DuckDBTableFunctionBindInfo info) {
            PartRows part = writing.get(info.getParameter(0).getLong());
            for (ExportColumn column : part.source.columns()) {
                info.addResultColumn(column.name(), column.kind().duckType);
            }
            return part;
        }

        @Override
        public PartRows init(DuckDBTableFunctionInitInfo info) {
            info.setMaxThreads(1);
            return info.getBindData();
        }

        @Override
        public long apply(DuckDBTableFunctionCallInfo info, DuckDBDataChunkWriter chunk) {
            PartRows part = info.getBindData();
            return part.fill(chunk);
        }
    }
}
