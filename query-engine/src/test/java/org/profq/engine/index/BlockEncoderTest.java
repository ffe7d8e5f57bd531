package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A block that is one value but for a few rows (a column that is mostly 0, such as the calls'
 * compensation corrections) is encoded as that value with the few rows apart, even when the rows
 * the encoder samples to size its candidates hold none of them. A block whose rows take turns
 * between a rising line and one value (the parents of calls that each make one call, written as
 * the calls end: the caller's id, rising, then the caller's own parent) is the line with the other
 * rows apart, even when every sampled row is on the line.
 */
class BlockEncoderTest {
    @Test
    void aConstantWithAFewRowsApartIsPatchedEvenWhenTheSampleMissesThem() {
        BlockEncoder encoder = new BlockEncoder();
        for (long[] apart : new long[][] {{-35}, {-35, -120}, {-35, -120, 3000, -7}}) {
            long[] values = new long[PackedLayout.BLOCK_ROWS];
            for (int k = 0; k < apart.length; k++) {
                values[100 + 97 * k] = apart[k]; // none of them on a sampled row
            }
            encoder.encode(values, 0, values.length);
            assertEquals(PackedLayout.FRAME | PackedLayout.PATCHED, encoder.encoding, apart.length + " rows apart");
            assertTrue(encoder.length < 16 + 10 * apart.length, apart.length + " rows apart: " + encoder.length + " bytes");
        }
    }

    @Test
    void rowsTakingTurnsBetweenALineAndOneValueArePatchedEvenWhenTheSampleSeesOnlyTheLine() {
        BlockEncoder encoder = new BlockEncoder();
        long[] values = new long[PackedLayout.BLOCK_ROWS];
        long grandparent = 7L << 32;
        for (int row = 0; row < values.length; row++) {
            values[row] = row % 2 == 0 ? grandparent + 10_001 + row : grandparent;
        }
        encoder.encode(values, 0, values.length);
        assertEquals(PackedLayout.LINEAR | PackedLayout.PATCHED, encoder.encoding);
        assertTrue(encoder.length < 200, "a line, a bitmap and one value repeated: " + encoder.length + " bytes");
    }
}
