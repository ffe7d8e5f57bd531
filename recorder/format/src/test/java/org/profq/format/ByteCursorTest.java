package org.profq.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Varints read back as written, whether they lie far from the end of the document (read
 * without a check per byte) or within ten bytes of it (checked byte by byte), and a varint
 * cut short by the end is refused, not read past it.
 */
class ByteCursorTest {
    private static final List<Long> VALUES = List.of(0L, 1L, 127L, 128L, 16_383L, 16_384L, 1L << 35,
            Long.MAX_VALUE, -1L, Long.MIN_VALUE);

    @Test
    void varintsReadBackNearAndFarFromTheEnd() {
        byte[] document = new byte[1 + VALUES.size() * Varint.MAX_BYTES];
        int length = 1;
        for (long value : VALUES) {
            length = Varint.put(document, length, value);
        }
        ByteCursor cursor = new ByteCursor().reset(document, 1, length);
        for (long value : VALUES) {
            assertEquals(value, cursor.readVarint());
        }
        assertEquals(length, cursor.position());
    }

    @Test
    void aVarintCutShortByTheEndIsRefused() {
        byte[] cut = new byte[1 + Varint.MAX_BYTES + 16];
        int length = Varint.put(cut, 1, Long.MAX_VALUE);
        Arrays.fill(cut, length - 1, cut.length, (byte) 0x80); // bytes after the limit look like more of it
        ByteCursor cursor = new ByteCursor().reset(cut, 1, length);
        assertThrows(ByteCursor.MalformedRecordException.class, cursor::readVarint);
    }
}
