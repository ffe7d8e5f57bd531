package org.profq.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

/**
 * A batch header reads back as the recorder wrote it, the events begin where the reader says,
 * and a flipped byte anywhere in the header fields or the events breaks the checksum.
 */
class BatchHeaderTest {
    private static final byte[] EVENTS = {RecordingFormat.EV_ENTER, 7, RecordingFormat.EV_EXIT};

    @Test
    void aHeaderReadsBackAsWritten() {
        byte[] document = batch(new BatchHeader().write(3, 41, 1_000_000_000L, 12, 300, 2, 1_000_000_500L, EVENTS, EVENTS.length));
        BatchHeader read = new BatchHeader().read(document, document.length);
        assertEquals(3, read.threadId());
        assertEquals(41, read.sequence());
        assertEquals(1_000_000_000L, read.baseNanos());
        assertEquals(12, read.firstCallSequence());
        assertEquals(300, read.firstObjectSequence());
        assertEquals(2, read.eventCount());
        assertEquals(1_000_000_500L, read.lastNanos());
        assertEquals(RecordingFormat.DOC_BATCH, document[0]);
        assertEquals(Arrays.toString(EVENTS), Arrays.toString(Arrays.copyOfRange(document, read.eventsOffset(), document.length)));
        assertTrue(read.checksumMatches(document, document.length));
    }

    @Test
    void everyByteButTheKindIsCoveredByTheChecksum() {
        byte[] document = batch(new BatchHeader().write(1, 0, 5, 0, 0, 2, 9, EVENTS, EVENTS.length));
        BatchHeader header = new BatchHeader();
        for (int at = 1; at < document.length; at++) {
            byte[] flipped = document.clone();
            flipped[at] ^= 0x01;
            try {
                assertFalse(header.read(flipped, flipped.length).checksumMatches(flipped, flipped.length), "byte " + at);
            } catch (ByteCursor.MalformedRecordException unreadable) {
                // a flipped varint continuation bit can run the header past the document: refused as well
            }
        }
    }

    @Test
    void aBatchCutInsideItsChecksumDoesNotMatch() {
        byte[] document = batch(new BatchHeader().write(1, 0, 5, 0, 0, 2, 9, EVENTS, EVENTS.length));
        BatchHeader header = new BatchHeader().read(document, document.length);
        int cut = header.eventsOffset() - 1;
        assertFalse(new BatchHeader().read(document, cut).checksumMatches(document, cut));
    }

    private static byte[] batch(BatchHeader header) {
        byte[] document = Arrays.copyOf(header.bytes(), header.length() + EVENTS.length);
        System.arraycopy(EVENTS, 0, document, header.length(), EVENTS.length);
        return document;
    }
}
