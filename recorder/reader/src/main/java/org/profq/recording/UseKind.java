package org.profq.recording;

import static org.profq.format.RecordingFormat.EV_USE_CALL;
import static org.profq.format.RecordingFormat.EV_USE_GET;
import static org.profq.format.RecordingFormat.EV_USE_SET;

import java.util.Locale;

/** How a tracked object was used: a field read or written, or a method called. */
public enum UseKind {
    GET, SET, CALL;

    /** The lower-case name the {@code uses} table shows. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    static UseKind of(int eventKind) {
        return switch (eventKind) {
            case EV_USE_GET -> GET;
            case EV_USE_SET -> SET;
            case EV_USE_CALL -> CALL;
            default -> throw new IllegalArgumentException("not a use event kind: " + eventKind);
        };
    }
}
