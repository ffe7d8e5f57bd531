package org.profq.recording;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Where an {@link EventReader} stopped and what it knew there, so that a later reader of the
 * same, grown, recording can go on from that point instead of from the start
 * ({@link Recording#newEventReader(ReaderCheckpoint)}): the queue file and byte offset of the
 * next document, the documents and events read, the events counted by kind
 * ({@link #eventCounts}), and the decoder's per-thread state (each thread's open calls and batch
 * sequence). A consumer that keeps derived data, such as an index,
 * stores it ({@link #toBytes}) beside that data; the bytes are opaque to it.
 */
public final class ReaderCheckpoint {
    /** 2: the decoder's state holds the events counted by kind ({@link #eventCounts}). */
    private static final int VERSION = 2;

    /** The queue file of the next document ("" before the first), and the offset in it. */
    final String fileName;
    final long position;
    final long documentsRead;
    /** The decoder's state ({@link EventDecoder#saveState}). */
    final byte[] decoderState;

    ReaderCheckpoint(String fileName, long position, long documentsRead, byte[] decoderState) {
        this.fileName = fileName;
        this.position = position;
        this.documentsRead = documentsRead;
        this.decoderState = decoderState;
    }

    /**
     * The events of each kind from the log's start up to here: what a reader that read every one of
     * them counted, whether it began at the start or went on from another checkpoint.
     */
    public EventCounts eventCounts() {
        try {
            return EventDecoder.countsIn(decoderState);
        } catch (IOException e) {
            throw new RecordingException("a damaged reader checkpoint: " + e.getMessage(), e);
        }
    }

    /** The documents of {@code events/} read up to here, header and names included. */
    public long documentsRead() {
        return documentsRead;
    }

    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(VERSION);
            out.writeUTF(fileName);
            out.writeLong(position);
            out.writeLong(documentsRead);
            out.writeInt(decoderState.length);
            out.write(decoderState);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** A checkpoint {@link #toBytes} gave; throws {@link RecordingException} for anything else. */
    public static ReaderCheckpoint fromBytes(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            int version = in.readInt();
            if (version != VERSION) {
                throw new RecordingException("a reader checkpoint of version " + version + " (this reader writes " + VERSION + ")");
            }
            String fileName = in.readUTF();
            long position = in.readLong();
            long documents = in.readLong();
            int length = in.readInt();
            if (position < 0 || documents < 0 || length < 0 || length > bytes.length) {
                throw new RecordingException("a damaged reader checkpoint");
            }
            byte[] decoder = in.readNBytes(length);
            if (decoder.length != length || in.read() != -1) {
                throw new RecordingException("a damaged reader checkpoint");
            }
            ReaderCheckpoint checkpoint = new ReaderCheckpoint(fileName, position, documents, decoder);
            checkpoint.eventCounts(); // a state too short for its counts is damaged
            return checkpoint;
        } catch (IOException e) {
            throw new RecordingException("a damaged reader checkpoint: " + e.getMessage(), e);
        }
    }
}
