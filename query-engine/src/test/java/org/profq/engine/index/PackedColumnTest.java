package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.function.LongUnaryOperator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every value written to a packed column file is read back at its row, whatever its block's range. */
class PackedColumnTest {
    @TempDir
    Path directory;

    @Test
    void roundTripsValuesOfEveryRange() throws IOException {
        Random random = new Random(42);
        long[] values = new long[PackedLayout.BLOCK_ROWS * 12 + 77]; // a partial last block
        for (int row = 0; row < values.length; row++) {
            int block = row >>> PackedLayout.BLOCK_SHIFT;
            values[row] = switch (block) {
                case 0 -> 7; // one value: zero bits
                case 1 -> row; // ascending ids
                case 2 -> -1 + random.nextInt(3); // small, negative
                case 3 -> 1_000_000_000_000L * 3 + random.nextInt(1 << 20); // call ids of thread 3
                case 4 -> (1L << 56) - 1 - random.nextInt(2) * ((1L << 56) - 1); // exactly 56 bits
                case 5 -> random.nextBoolean() ? 0 : 1L << 56; // 57 bits: stored as longs
                case 6 -> random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE; // the widest range
                case 7 -> random.nextLong();
                case 8 -> (byte) random.nextInt();
                case 9 -> random.nextInt();
                default -> System.nanoTime() + random.nextInt(1_000_000);
            };
        }

        MappedColumn column = writeAndMap(values);

        assertEquals(values.length, column.rows());
        for (int row = 0; row < values.length; row++) {
            assertEquals(values[row], column.getLong(row), "row " + row);
        }
        int row = PackedLayout.BLOCK_ROWS * 9 + 5;
        assertEquals((int) values[row], column.getInt(row));
    }

    /**
     * A block said to hold no value in a range holds none (a scan skips it on that word), and
     * the blocks of each kind of encoding — frames, rising and falling lines, dictionaries — are
     * told apart from ranges they miss; a patched block, whose exceptions lie outside its frame,
     * is never skipped.
     */
    @Test
    void aBlockSaidToHoldNoValueInARangeHoldsNone() throws IOException {
        Random random = new Random(11);
        long[] values = new long[PackedLayout.BLOCK_ROWS * 10 + 300];
        for (int row = 0; row < values.length; row++) {
            int block = row >>> PackedLayout.BLOCK_SHIFT;
            int i = row & (PackedLayout.BLOCK_ROWS - 1);
            values[row] = switch (block) {
                case 0 -> 5_000 + random.nextInt(100); // a frame
                case 1 -> 1_000_000 + 37L * i + random.nextInt(4); // a rising line
                case 2 -> 9_000_000 - 11L * i + random.nextInt(3); // a falling line
                case 3 -> new long[] {3, 700, 90_000}[random.nextInt(3)]; // a dictionary
                case 4 -> i == 500 ? 1L << 40 : 20 + random.nextInt(8); // one exception: patched
                case 5 -> random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
                case 6 -> -5 - random.nextInt(50);
                case 7 -> 42; // a constant
                default -> random.nextLong();
            };
        }
        MappedColumn column = writeAndMap(values);
        long blocks = PackedLayout.blocks(values.length);
        int skipped = 0;
        for (int probe = 0; probe < 4000; probe++) {
            long low = probe % 2 == 0 ? random.nextLong() : random.nextInt(10_000_000) - 100;
            long high = probe % 3 == 0 ? low : low + random.nextInt(probe % 2 == 0 ? Integer.MAX_VALUE : 2_000_000);
            for (long block = 0; block < blocks; block++) {
                if (!column.mayHold(block, low, high)) {
                    skipped++;
                    for (long row = block << PackedLayout.BLOCK_SHIFT; row < Math.min(values.length, (block + 1) << PackedLayout.BLOCK_SHIFT); row++) {
                        long value = values[(int) row];
                        assertTrue(value < low || value > high, "block " + block + " holds " + value + " in [" + low + ", " + high + "]");
                    }
                }
            }
        }
        assertTrue(skipped > 4000, "blocks skipped: " + skipped);
        for (long block = 0; block < 4; block++) {
            long first = values[(int) (block << PackedLayout.BLOCK_SHIFT)];
            assertTrue(column.mayHold(block, first, first), "block " + block);
            assertTrue(!column.mayHold(block, 10_000_000_000L, Long.MAX_VALUE), "block " + block + " is below 10^10");
        }
        assertTrue(column.mayHold(4, 1L << 41, 1L << 42), "a patched block may hold anything");
        assertTrue(!column.mayHold(7, 43, 50) && !column.mayHold(7, 0, 41) && column.mayHold(7, 42, 42));
    }

    @Test
    void anEmptyColumnIsJustItsPadding() throws IOException {
        MappedColumn column = writeAndMap(new long[0]);

        assertEquals(0, column.rows());
        assertEquals(PackedLayout.PADDING_BYTES, Files.size(directory.resolve("column")));
        assertEquals(0, Files.size(directory.resolve("column.blocks")));
    }

    @Test
    void aColumnExtendedBlockByBlockHoldsWhatOneWriterWritesAndKeepsItsSealedBlocks() throws IOException {
        Random random = new Random(7);
        long[] values = new long[PackedLayout.BLOCK_ROWS * 5 + 300];
        for (int row = 0; row < values.length; row++) {
            values[row] = row * 3L + random.nextInt(100);
        }
        Path file = directory.resolve("grown");
        ColumnExtent extent;
        try (ColumnWriter writer = new ColumnWriter(file)) {
            writer.write(values, 1500);
            extent = writer.finish();
        }
        assertEquals(1500, extent.rows());
        assertEquals(PackedLayout.BLOCK_ROWS, extent.sealedRows(), "the partial block is the tail");
        byte[] sealedBefore = Arrays.copyOf(Files.readAllBytes(file), 100);
        for (int end : new int[] {1500, 3000, 3100, values.length}) {
            long sealed = extent.sealedRows();
            try (ColumnWriter writer = ColumnWriter.append(file, extent)) {
                long[] rest = Arrays.copyOfRange(values, (int) sealed, end);
                writer.write(rest, rest.length);
                extent = writer.finish();
            }
            MappedColumn column = MappedColumn.map(file, extent);
            assertEquals(end, column.rows());
            for (int row = 0; row < end; row++) {
                assertEquals(values[row], column.getLong(row), "row " + row + " of " + end);
            }
            assertArrayEquals(sealedBefore, Arrays.copyOf(Files.readAllBytes(file), 100), "the first block is never written again");
        }
        Files.write(file, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
        assertEquals(values[7], MappedColumn.map(file, extent).getLong(7), "bytes after the extent are not the column's");
    }

    @Test
    void isMuchNarrowerThanFixedWidthForIdsAndTimes() throws IOException {
        long rows = 100_000;
        long bytes = sizeOf("ids", rows, row -> 5 * 1_000_000_000_000L + row); // call ids of one thread
        assertTrue(bytes < rows * 2, "ascending ids in about 10 bits each: " + bytes + " bytes");
        long times = sizeOf("times", rows, row -> 1_000_000_000L + row * 37); // start times 37 ns apart
        assertTrue(times < rows * 3, "close times in about 16 bits each: " + times + " bytes");
    }

    @Test
    void refusesAFileTooShortForItsRows() throws IOException {
        writeAndMap(new long[] {1, 2, 3});

        IndexDamagedException damaged = assertThrows(IndexDamagedException.class,
                () -> MappedColumn.map(directory.resolve("column"), new ColumnExtent(1_000_000, 0, 1_000_000, 0, 0)));
        assertTrue(damaged.getMessage().endsWith("too few for the manifest's 1000000 rows"), damaged.getMessage());
    }

    private long sizeOf(String name, long rows, LongUnaryOperator value) throws IOException {
        Path file = directory.resolve(name);
        try (ColumnWriter writer = new ColumnWriter(file)) {
            for (long row = 0; row < rows; row++) {
                writer.writeLong(value.applyAsLong(row));
            }
            writer.finish();
        }
        return Files.size(file) + Files.size(directory.resolve(name + ".blocks"));
    }

    private MappedColumn writeAndMap(long[] values) throws IOException {
        Path file = directory.resolve("column");
        ColumnExtent extent;
        try (ColumnWriter writer = new ColumnWriter(file)) {
            for (long value : values) {
                writer.writeLong(value);
            }
            extent = writer.finish();
        }
        return MappedColumn.map(file, extent);
    }
}
