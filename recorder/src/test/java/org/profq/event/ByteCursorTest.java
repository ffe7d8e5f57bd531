package org.profq.event;

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
        DocumentWriter writer = new DocumentWriter().start((byte) 0);
        for (long value : VALUES) {
            writer.putVarint(value);
        }
        ByteCursor cursor = new ByteCursor().reset(writer.bytes(), 1, writer.length());
        for (long value : VALUES) {
            assertEquals(value, cursor.readVarint());
        }
        assertEquals(writer.length(), cursor.position());
    }

    @Test
    void aVarintCutShortByTheEndIsRefused() {
        DocumentWriter writer = new DocumentWriter().start((byte) 0).putVarint(Long.MAX_VALUE);
        byte[] cut = Arrays.copyOf(writer.bytes(), writer.length() + 16); // bytes after the limit look like more of it
        Arrays.fill(cut, writer.length() - 1, cut.length, (byte) 0x80);
        ByteCursor cursor = new ByteCursor().reset(cut, 1, writer.length());
        assertThrows(ByteCursor.MalformedRecordException.class, cursor::readVarint);
    }
}
