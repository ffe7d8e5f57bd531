package org.profq.recording;

/** A recording that cannot be read: the message names the file and what is wrong with it. */
public final class RecordingException extends RuntimeException {
    public RecordingException(String message) {
        super(message);
    }

    public RecordingException(String message, Throwable cause) {
        super(message, cause);
    }
}
