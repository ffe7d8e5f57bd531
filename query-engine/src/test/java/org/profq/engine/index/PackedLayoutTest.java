package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.engine.index.PackedLayout.BLOCK_ROWS;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.function.IntToLongFunction;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each encoding of {@link PackedLayout} gives back every value at its row, read alone
 * ({@link MappedColumn#getLong}), through a cursor row by row, and a block at a time; and the
 * encoder picks the encoding a column's shape calls for.
 */
class PackedLayoutTest {
    @TempDir
    Path directory;

    /** Blocks that each push an encoding to its edges; every column ends in a partial block. */
    static Stream<Arguments> adversarialBlocks() {
        Random random = new Random(7);
        long[] randoms = random.longs(BLOCK_ROWS * 4L).toArray();
        return Stream.of(
                block("constant", row -> 42),
                block("constant Long.MIN_VALUE", row -> Long.MIN_VALUE),
                block("ids that grow by one", row -> 3_000_000_000_000L + row),
                block("ids that fall by three", row -> 9_000_000L - 3L * row),
                block("a line through the wrap from Long.MAX_VALUE", row -> Long.MAX_VALUE - 500 + row),
                block("a steep line that wraps many times", row -> row * 0x0123_4567_89AB_CDEFL),
                block("steep line, wobble", row -> row * 1_000_000_007L + random.nextInt(5)),
                block("Long.MIN_VALUE and Long.MAX_VALUE", row -> random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE),
                block("random longs", row -> randoms[row]),
                block("random, 57 bits", row -> random.nextLong() >>> 7),
                block("small negative", row -> -1 - random.nextInt(3)),
                block("ticks (a dictionary)", row -> 2_834_528_609L + 269_120L * (row / 300)),
                block("sixteen values (the largest dictionary)", row -> (row * 7 % 16) * 1_000_000_000L),
                block("seventeen values", row -> (row * 7 % 17) * 1_000_000_000L),
                block("dictionary of extremes", row -> switch (row % 3) {
                    case 0 -> Long.MIN_VALUE;
                    case 1 -> Long.MAX_VALUE;
                    default -> 0;
                }),
                block("calls as they end: a parent after every two children", PackedLayoutTest::callIdAsCallsEnd),
                block("their parents: a loop's caller every third row", PackedLayoutTest::parentAsCallsEnd),
                block("a few outliers (sparse exceptions)", row -> row % 97 == 5 ? Long.MAX_VALUE - row : 1000 + row % 5),
                block("an outlier at each end", row -> row % BLOCK_ROWS == 0 || row % BLOCK_ROWS == BLOCK_ROWS - 1 ? -row * 1_000_000_000_000L : row),
                block("outliers of 64 bits", row -> row % 50 == 0 ? randoms[row] : row * 2),
                block("half outliers (dense exceptions)", row -> row % 2 == 0 ? randoms[row] : 77),
                block("a line, outliers below and above", row -> switch (row % 5) {
                    case 0 -> Long.MIN_VALUE + row;
                    case 1 -> Long.MAX_VALUE - row;
                    default -> 10L * row + row % 3;
                }),
                block("mostly zero, the odd long duration", row -> row % 40 == 0 ? 269_120L * (1 + row % 7) : 0));
    }

    private static Arguments block(String name, IntToLongFunction value) {
        long[] values = new long[BLOCK_ROWS * 3 + 333];
        for (int row = 0; row < values.length; row++) {
            values[row] = value.applyAsLong(row);
        }
        return Arguments.of(name, values);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("adversarialBlocks")
    void readsBackEveryValue(String name, long[] values) throws IOException {
        MappedColumn column = writeAndMap(values);

        MappedColumn.Cursor cursor = column.cursor();
        for (int row = 0; row < values.length; row++) {
            assertEquals(values[row], column.getLong(row), "getLong, row " + row);
            assertEquals(values[row], cursor.get(row), "cursor, row " + row);
        }
        MappedColumn.Cursor blocks = column.cursor();
        for (long block = PackedLayout.blocks(values.length) - 1; block >= 0; block--) {
            int from = (int) (block * BLOCK_ROWS);
            int rows = Math.min(BLOCK_ROWS, values.length - from);
            assertArrayEquals(Arrays.copyOfRange(values, from, from + rows),
                    Arrays.copyOf(blocks.block(block), rows), "block " + block);
        }
        for (int row : new Random(11).ints(2_000, 0, values.length).toArray()) {
            assertEquals(values[row], cursor.get(row), "cursor, out of order, row " + row);
        }
    }

    @Test
    void idsThatGrowByOneCostNothing() {
        BlockEncoder encoder = encode(row -> 1_000_000_000_001L + row);

        assertEquals(PackedLayout.LINEAR, encoder.encoding);
        assertEquals(0, encoder.bits);
    }

    @Test
    void ticksAreADictionary() {
        BlockEncoder encoder = encode(row -> 2_834_528_609L + 269_120L * (row / 400));

        assertEquals(PackedLayout.DICTIONARY, encoder.encoding);
        assertEquals(2, encoder.bits, "three ticks");
    }

    @Test
    void aLoopsCallerAmongItsCalleesIsAnException() {
        BlockEncoder encoder = encode(PackedLayoutTest::parentAsCallsEnd);

        assertEquals(PackedLayout.LINEAR | PackedLayout.PATCHED, encoder.encoding);
        assertTrue(encoder.length < BLOCK_ROWS / 2, "about 4 bits a row: " + encoder.length + " bytes");
    }

    @Test
    void callIdsAsCallsEndKeepOnlyTheirWobble() {
        BlockEncoder encoder = encode(PackedLayoutTest::callIdAsCallsEnd);

        assertEquals(PackedLayout.LINEAR, encoder.encoding & ~PackedLayout.PATCHED);
        assertTrue(encoder.bits <= 3, encoder.bits + " bits");
    }

    @Test
    void aFileIsItsBlocksPaddingAndDirectory() throws IOException {
        long[] values = new long[BLOCK_ROWS * 2 + 1];
        Arrays.setAll(values, row -> 5 + row);
        writeAndMap(values);

        assertEquals(2 * Long.BYTES + PackedLayout.PADDING_BYTES + PackedLayout.DIRECTORY_ENTRY_BYTES,
                Files.size(directory.resolve("column")),
                "two slopes of 0-bit lines; the last block, one row, is a frame of 0 bits, the tail, its entry after the padding");
        assertEquals(2 * PackedLayout.DIRECTORY_ENTRY_BYTES, Files.size(directory.resolve("column" + PackedLayout.DIRECTORY_SUFFIX)),
                "the two sealed blocks' entries");
    }

    /**
     * Calls of a loop {@code caller → a → (b, c)} as they end: ids are handed out at entry, rows
     * written at exit, so each {@code a} follows its two callees.
     */
    private static long callIdAsCallsEnd(int row) {
        long a = 1_000_000_000_002L + 3L * (row / 3);
        return switch (row % 3) {
            case 0 -> a + 1;
            case 1 -> a + 2;
            default -> a;
        };
    }

    private static long parentAsCallsEnd(int row) {
        return row % 3 == 2 ? 1_000_000_000_001L : 1_000_000_000_002L + 3L * (row / 3);
    }

    private static BlockEncoder encode(IntToLongFunction value) {
        long[] values = new long[BLOCK_ROWS];
        Arrays.setAll(values, value::applyAsLong);
        BlockEncoder encoder = new BlockEncoder();
        encoder.encode(values, 0, values.length);
        return encoder;
    }

    private MappedColumn writeAndMap(long[] values) throws IOException {
        Path file = directory.resolve("column");
        ColumnExtent extent;
        try (ColumnWriter writer = new ColumnWriter(file)) {
            writer.write(values, values.length);
            extent = writer.finish();
        }
        return MappedColumn.map(file, extent);
    }
}
