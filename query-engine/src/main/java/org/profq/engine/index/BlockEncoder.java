package org.profq.engine.index;

import static org.profq.engine.index.PackedLayout.*;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Encodes one block of a column in the {@link PackedLayout} encoding that makes it smallest:
 * its minimum and differences ({@code FRAME}), a line and the wobble around it ({@code LINEAR}),
 * a handful of distinct values ({@code DICTIONARY}), or either of the first two with the rows that
 * would widen it set apart ({@code PATCHED}). Candidates are sized on a sample of the block's rows
 * and only the best exactly, with no sorting of the block: a block costs a few microseconds on the
 * writing thread. One per column writer,
 * reused for every block; after {@link #encode}, its fields are the block's directory entry and data.
 */
final class BlockEncoder {
    private static final VarHandle LITTLE_ENDIAN_LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LITTLE_ENDIAN_SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    /** Rows sampled to find the value most rows sit near, for {@code PATCHED}. */
    private static final int SAMPLES = 9;
    /** The centres {@link #center} gives: the samples' median, and the middle of their closest half. */
    private static final boolean[] CENTERS = {false, true};
    /** Stretches of rows whose slopes give a block's typical slope. */
    private static final int STRETCHES = 16;
    /**
     * The narrowest line worth looking for exceptions in: below it they save a bit or two of
     * a narrow column (depths, method ids) for more time on the writing thread than that is worth.
     */
    private static final int MIN_PATCHED_BITS = 5;
    /**
     * Every how many rows a block's lines and exceptions are first estimated from: odd, so that
     * rows which take turns (a caller's id, then its own parent, as calls end) are all sampled.
     */
    private static final int SAMPLE_STEP = 7;
    /** The widest block: a slope, 64-bit values, and every row an exception of 64 bits. */
    static final int MAX_BLOCK_BYTES = Long.BYTES + BLOCK_ROWS * Long.BYTES + EXCEPTION_HEADER_BYTES + BITMAP_BYTES
            + BLOCK_ROWS * Long.BYTES;

    /** The directory entry's base, encoding and bits; the block's data is {@code data[0, length)}. */
    long base;
    int encoding;
    int bits;
    int length;
    /** The block's data, and room for the whole words the packing stores past its end. */
    final byte[] data = new byte[MAX_BLOCK_BYTES + Long.BYTES];

    private final long[] residuals = new long[BLOCK_ROWS];
    private final byte[] widths = new byte[BLOCK_ROWS];
    private final long[] exceptions = new long[BLOCK_ROWS];
    private final long[] dictionary = new long[MAX_DICTIONARY];
    private final long[] samples = new long[SAMPLES];
    private final long[] slopes = new long[STRETCHES];
    private final long[] candidates = new long[3];
    private final int[] widthCounts = new int[Long.SIZE + 1];
    private final long[] widthMinimum = new long[Long.SIZE + 1];
    private final long[] widthMaximum = new long[Long.SIZE + 1];

    /** The residuals' minimum that {@link #lineBits} found last. */
    private long lineMinimum;
    /** The cost in bits of the exceptions' width that {@link #patchedWidth} found last. */
    private long lastPatchedCost;

    /** Encodes the {@code rows} values at {@code values[from]} (1 to {@link PackedLayout#BLOCK_ROWS}). */
    void encode(long[] values, int from, int rows) {
        long min = values[from];
        long max = values[from];
        for (int row = from + 1; row < from + rows; row++) {
            // branches rather than Math.min/max: ids and times mostly rise, so they predict well
            long value = values[row];
            if (value > max) {
                max = value;
            } else if (value < min) {
                min = value;
            }
        }
        int frameBits = bitsFor(max - min);
        if (frameBits <= 1 || rows < 3) {
            writeLine(values, from, rows, 0, min, frameBits);
            return;
        }

        // A line: the slope from end to end, or the typical slope (which rows that stray, such as
        // parents among their children, do not move), or that rounded to a whole step a row.
        long slope = 0;
        long lineMin = min;
        int lineBits = frameBits;
        long ends = slopeOver(values[from + rows - 1] - values[from], rows - 1);
        long typical = typicalSlope(values, from, rows);
        long whole = (typical + (1L << (SLOPE_FRACTION_BITS - 1))) & -(1L << SLOPE_FRACTION_BITS);
        candidates[0] = ends;
        candidates[1] = typical;
        candidates[2] = whole;
        // each sized on every SAMPLE_STEP-th row, the best then exactly
        int sampledBits = frameBits;
        for (long candidate : candidates) {
            if (candidate != 0) {
                int candidateBits = lineBits(values, from, rows, candidate, SAMPLE_STEP);
                if (candidateBits < sampledBits) {
                    slope = candidate;
                    sampledBits = candidateBits;
                }
            }
        }
        if (slope != 0) {
            lineBits = lineBits(values, from, rows, slope, 1);
            lineMin = lineMinimum;
            if (lineBits >= frameBits) {
                slope = 0;
                lineBits = frameBits;
                lineMin = min;
            }
        }
        long lineCost = (long) rows * lineBits + (slope == 0 ? 0 : Long.SIZE);

        // a dictionary of 2^(lineBits - 1) values or more saves nothing
        int distinct = lineBits > 1 ? distinctValues(values, from, rows, lineBits > 4 ? MAX_DICTIONARY : 1 << (lineBits - 1)) : 0;
        long dictionaryCost = distinct == 0 ? Long.MAX_VALUE
                : Byte.SIZE + (long) distinct * Long.SIZE + (long) rows * bitsFor(distinct - 1);

        // Exceptions around a constant (when the typical slope is only the drift of values that
        // come and go, such as depths), the typical line or the whole one: whichever costs less.
        // Each is first sized on every SAMPLE_STEP-th row, then the best sized exactly if it may pay.
        long patchedCost = Long.MAX_VALUE;
        long patchedSlope = 0;
        long patchedCenter = 0;
        int exceptionWidth = 0;
        if (lineBits >= MIN_PATCHED_BITS) {
            candidates[0] = 0;
            // per centre, the slope whose sample costs least is sized exactly: a sample misjudges
            // one centre against the other more than one slope against another
            for (boolean closestHalf : CENTERS) {
                long estimate = Long.MAX_VALUE;
                long bestSlope = 0;
                long bestCenter = 0;
                for (long candidate : candidates) {
                    sampleResiduals(values, from, rows, candidate, closestHalf);
                    long center = center(closestHalf);
                    patchedWidth(values, from, rows, candidate, center, SAMPLE_STEP);
                    if (lastPatchedCost < estimate) {
                        estimate = lastPatchedCost;
                        bestSlope = candidate;
                        bestCenter = center;
                    }
                }
                // no exception among the sampled rows: a constant with a few rows apart (a column that is mostly 0) is
                // sized exactly too, since the sample cannot tell it from one with none
                if (estimate == Long.MAX_VALUE || estimate < lineCost && estimate < dictionaryCost) {
                    if (estimate == Long.MAX_VALUE) {
                        sampleResiduals(values, from, rows, bestSlope, closestHalf);
                        bestCenter = center(closestHalf);
                    }
                    int width = patchedWidth(values, from, rows, bestSlope, bestCenter, 1);
                    if (lastPatchedCost < patchedCost) {
                        patchedCost = lastPatchedCost;
                        patchedSlope = bestSlope;
                        patchedCenter = bestCenter;
                        exceptionWidth = width;
                    }
                }
            }
            if (patchedCost < lineCost) {
                patchedWidth(values, from, rows, patchedSlope, patchedCenter, 1); // the rows' widths, for writePatched
            }
        }

        if (dictionaryCost < lineCost && dictionaryCost <= patchedCost) {
            writeDictionary(values, from, rows, distinct);
        } else if (patchedCost < lineCost) {
            writePatched(values, from, rows, patchedSlope, exceptionWidth);
        } else {
            writeLine(values, from, rows, slope, lineMin, lineBits);
        }
    }

    /**
     * The median of the slopes over {@link #STRETCHES} stretches of half the block each, that
     * begin spread over its first half (0 when the block is short): a stretch that begins or ends
     * at a stray row gives a slope far off to one side or the other, so the median is a typical
     * one, and half a block is long enough that the wobble of the rows in between hardly moves it.
     */
    private long typicalSlope(long[] values, int from, int rows) {
        if (rows < 2 * STRETCHES) {
            return 0;
        }
        int length = rows / 2;
        int spacing = length / STRETCHES;
        for (int stretch = 0; stretch < STRETCHES; stretch++) {
            int start = from + stretch * spacing;
            slopes[stretch] = slopeOver(values[start + length] - values[start], length);
        }
        Arrays.sort(slopes);
        return slopes[STRETCHES / 2];
    }

    /** The slope, in 1/2^{@link PackedLayout#SLOPE_FRACTION_BITS} steps, of a rise of {@code difference} over {@code rows} rows. */
    private static long slopeOver(long difference, int rows) {
        return (difference / rows << SLOPE_FRACTION_BITS) + (difference % rows << SLOPE_FRACTION_BITS) / rows;
    }

    /**
     * The bits of the residuals of the values from the line through 0 of {@code slope}, of every
     * {@code step}-th row; their minimum in {@link #lineMinimum}.
     */
    private int lineBits(long[] values, int from, int rows, long slope, int step) {
        long min = values[from];
        long max = min;
        long line = 0;
        for (int row = from + step; row < from + rows; row += step) {
            line += slope * step;
            long residual = values[row] - (line >> SLOPE_FRACTION_BITS);
            if (residual > max) {
                max = residual;
            } else if (residual < min) {
                min = residual;
            }
        }
        lineMinimum = min;
        return bitsFor(max - min);
    }

    /** How many distinct values the block holds, into {@link #dictionary}; 0 when more than {@code limit}. */
    private int distinctValues(long[] values, int from, int rows, int limit) {
        int distinct = 0;
        long last = values[from];
        dictionary[distinct++] = last;
        for (int row = from + 1; row < from + rows; row++) {
            long value = values[row];
            if (value == last) {
                continue;
            }
            last = value;
            if (indexOf(value, distinct) < 0) {
                if (distinct == limit) {
                    return 0;
                }
                dictionary[distinct++] = value;
            }
        }
        return distinct;
    }

    private int indexOf(long value, int distinct) {
        for (int entry = 0; entry < distinct; entry++) {
            if (dictionary[entry] == value) {
                return entry;
            }
        }
        return -1;
    }

    /**
     * The width (in bits of the zigzag distance from the value most rows sit near) beyond which
     * a row is best made an exception, for the line of {@code slope}; its cost in bits in
     * {@link #lastPatchedCost} ({@code Long.MAX_VALUE} when no width pays). Leaves each row's
     * residual and width in {@link #residuals} and {@link #widths}. With a {@code step} over 1,
     * an estimate from every {@code step}-th row alone.
     */
    private int patchedWidth(long[] values, int from, int rows, long slope, long center, int step) {
        Arrays.fill(widthCounts, 0);
        Arrays.fill(widthMinimum, Long.MAX_VALUE);
        Arrays.fill(widthMaximum, Long.MIN_VALUE);
        long line = 0;
        for (int row = 0; row < rows; row += step, line += slope * step) {
            long value = values[from + row];
            long residual = value - (line >> SLOPE_FRACTION_BITS);
            residuals[row] = residual;
            long distance = residual - center;
            int width = Long.SIZE - Long.numberOfLeadingZeros(distance << 1 ^ distance >> 63);
            widths[row] = (byte) width;
            widthCounts[width] += step;
            widthMinimum[width] = Math.min(widthMinimum[width], value);
            widthMaximum[width] = Math.max(widthMaximum[width], value);
        }
        lastPatchedCost = Long.MAX_VALUE;
        int best = 0;
        int count = 0;
        long exceptionMin = Long.MAX_VALUE;
        long exceptionMax = Long.MIN_VALUE;
        for (int width = Long.SIZE - 1; width >= 0; width--) {
            count += widthCounts[width + 1];
            exceptionMin = Math.min(exceptionMin, widthMinimum[width + 1]);
            exceptionMax = Math.max(exceptionMax, widthMaximum[width + 1]);
            if (count == 0) {
                continue;
            }
            long cost = (long) rows * bitsFor(width == 0 ? 0 : -1L >>> (Long.SIZE - width))
                    + (slope == 0 ? 0 : Long.SIZE)
                    + Byte.SIZE * (EXCEPTION_HEADER_BYTES + exceptionRowBytes(count))
                    + (long) count * bitsFor(exceptionMax - exceptionMin);
            if (cost < lastPatchedCost) {
                lastPatchedCost = cost;
                best = width;
            }
        }
        return best;
    }

    /**
     * Samples {@link #SAMPLES} rows' residuals from the line of {@code slope}, sorted, for
     * {@link #center}. The samples are an odd number of rows apart, so rows that take turns
     * (a caller's id, then its own parent, as calls end) are both sampled.
     */
    private void sampleResiduals(long[] values, int from, int rows, long slope, boolean oddSpacing) {
        int spacing = Math.max(1, ((rows - 1) / (SAMPLES - 1) - 1) | 1);
        for (int sample = 0; sample < SAMPLES; sample++) {
            int row = oddSpacing ? Math.min(rows - 1, sample * spacing) : (int) ((long) sample * (rows - 1) / (SAMPLES - 1));
            samples[sample] = values[from + row] - lineAt(slope, row);
        }
        Arrays.sort(samples);
    }

    /**
     * The residual most rows sit near, of the sampled ones: their median, or the middle of their
     * closest half. The median falls among rows spread far apart when they are half the block and
     * rows on the line the other half; the closest half, among rows that merely wobble together
     * when the others are a few values spread wide. Both are tried.
     */
    private long center(boolean closestHalf) {
        int half = SAMPLES / 2;
        if (!closestHalf) {
            return samples[half];
        }
        int closest = 0;
        for (int first = 1; first + half < SAMPLES; first++) {
            // sorted, so the difference is the distance even when it wraps past Long.MAX_VALUE
            if (Long.compareUnsigned(samples[first + half] - samples[first], samples[closest + half] - samples[closest]) < 0) {
                closest = first;
            }
        }
        return samples[closest + half / 2];
    }

    /** {@code FRAME} (slope 0) or {@code LINEAR}, whose residuals' minimum and bits are known. */
    private void writeLine(long[] values, int from, int rows, long slope, long min, int lineBits) {
        base = min;
        bits = lineBits;
        int at = 0;
        if (slope == 0) {
            encoding = FRAME;
            at = pack(values, from, rows, min, 0, lineBits, at);
        } else {
            encoding = LINEAR;
            LITTLE_ENDIAN_LONGS.set(data, 0, slope);
            at = pack(values, from, rows, min, slope, lineBits, Long.BYTES);
        }
        length = at;
    }

    private void writeDictionary(long[] values, int from, int rows, int distinct) {
        encoding = DICTIONARY;
        base = 0;
        bits = bitsFor(distinct - 1);
        data[0] = (byte) distinct;
        for (int entry = 0; entry < distinct; entry++) {
            LITTLE_ENDIAN_LONGS.set(data, 1 + entry * Long.BYTES, dictionary[entry]);
        }
        long last = dictionary[0];
        int lastEntry = 0;
        for (int row = 0; row < rows; row++) {
            long value = values[from + row];
            if (value != last) {
                last = value;
                lastEntry = indexOf(value, distinct);
            }
            residuals[row] = lastEntry;
        }
        length = pack(residuals, 0, rows, 0, 0, bits, 1 + distinct * Long.BYTES);
    }

    /** {@code PATCHED}: rows whose {@link #widths} exceed {@code width} are exceptions; the others' residuals are packed. */
    private void writePatched(long[] values, int from, int rows, long slope, int width) {
        encoding = (slope == 0 ? FRAME : LINEAR) | PATCHED;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long exceptionMin = Long.MAX_VALUE;
        long exceptionMax = Long.MIN_VALUE;
        int count = 0;
        for (int row = 0; row < rows; row++) {
            if (widths[row] > width) {
                long value = values[from + row];
                exceptions[count++] = value;
                exceptionMin = Math.min(exceptionMin, value);
                exceptionMax = Math.max(exceptionMax, value);
            } else {
                min = Math.min(min, residuals[row]);
                max = Math.max(max, residuals[row]);
            }
        }
        base = min;
        bits = bitsFor(max - min);
        for (int row = 0; row < rows; row++) {
            if (widths[row] > width) {
                residuals[row] = min; // nothing: the row is read from the exceptions
            }
        }
        int at = 0;
        if (slope != 0) {
            LITTLE_ENDIAN_LONGS.set(data, 0, slope);
            at = Long.BYTES;
        }
        at = pack(residuals, 0, rows, min, 0, bits, at);
        LITTLE_ENDIAN_SHORTS.set(data, at, (short) count);
        at += Short.BYTES;
        if (count <= MAX_LISTED_EXCEPTIONS) {
            for (int row = 0; row < rows; row++) {
                if (widths[row] > width) {
                    LITTLE_ENDIAN_SHORTS.set(data, at, (short) row);
                    at += Short.BYTES;
                }
            }
        } else {
            Arrays.fill(data, at, at + BITMAP_BYTES, (byte) 0);
            for (int row = 0; row < rows; row++) {
                if (widths[row] > width) {
                    data[at + (row >>> 3)] |= (byte) (1 << (row & 7));
                }
            }
            at += BITMAP_BYTES;
        }
        int exceptionBits = bitsFor(exceptionMax - exceptionMin);
        LITTLE_ENDIAN_LONGS.set(data, at, exceptionMin);
        data[at + Long.BYTES] = (byte) exceptionBits;
        at += Long.BYTES + 1;
        length = pack(exceptions, 0, count, exceptionMin, 0, exceptionBits, at);
    }

    /**
     * Packs the {@code rows} values at {@code values[from]}, less {@code min} and less the
     * line of {@code slope} at their row, in {@code bits} bits each into {@link #data} at {@code at};
     * gives the end. Values are gathered into a 64-bit word, stored whole when full
     * (little-endian, so the same bytes as value after value, least significant bit first).
     */
    private int pack(long[] values, int from, int rows, long min, long slope, int bits, int at) {
        int end = at + (int) blockBytes(bits, rows);
        if (bits == Long.SIZE) {
            for (int row = 0; row < rows; row++) {
                LITTLE_ENDIAN_LONGS.set(data, at + (row << 3), values[from + row] - min - lineAt(slope, row));
            }
        } else if (bits > 0) {
            long word = 0;
            int used = 0;
            long line = 0;
            for (int row = from; row < from + rows; row++, line += slope) {
                long value = values[row] - min - (line >> SLOPE_FRACTION_BITS);
                word |= value << used;
                used += bits;
                if (used >= Long.SIZE) {
                    LITTLE_ENDIAN_LONGS.set(data, at, word);
                    at += Long.BYTES;
                    used -= Long.SIZE;
                    word = used == 0 ? 0 : value >>> (bits - used); // the bits that did not fit
                }
            }
            LITTLE_ENDIAN_LONGS.set(data, at, word); // the rest, of which the block keeps (used + 7) / 8 bytes
        }
        return end;
    }
}
