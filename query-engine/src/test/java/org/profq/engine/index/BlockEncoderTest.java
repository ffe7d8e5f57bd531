package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A block that is one value but for a few rows (a column that is mostly 0, such as the calls'
 * compensation corrections) is encoded as that value with the few rows apart, even when the rows
 * the encoder samples to size its candidates hold none of them.
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
}
