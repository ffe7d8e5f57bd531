package org.profq.recording;

import static org.profq.format.RecordingFormat.EV_DEATH;
import static org.profq.format.RecordingFormat.EV_DEATH_AT_EXIT;
import static org.profq.format.RecordingFormat.EV_DEATH_REACHABLE_AT_EXIT;
import static org.profq.format.RecordingFormat.EV_DEATH_UNREACHABLE_AT_EXIT;

/**
 * How the recorder learnt a tracked object's end: found dead during the run, or still followed
 * when the recording ended, and then what the final collection at exit told of it.
 */
public enum DeathKind {
    /** Found dead during the run: its time is when the reaper saw it reclaimed. */
    DIED(null),
    /** Still followed at the end, with no final collection: whether it was reachable is unknown. */
    AT_EXIT(null),
    /** Found unreachable at the end by the final collection: it died at some time before the end. */
    UNREACHABLE_AT_EXIT(Boolean.FALSE),
    /** Still reachable after the final collection at the end. */
    REACHABLE_AT_EXIT(Boolean.TRUE);

    private final Boolean reachableAtExit;

    DeathKind(Boolean reachableAtExit) {
        this.reachableAtExit = reachableAtExit;
    }

    /** Whether its death was not seen before the end: its time is then the recording's end, an upper bound. */
    public boolean atExit() {
        return this != DIED;
    }

    /**
     * Whether it was still reachable at the end: false for an object found dead (during the run
     * or by the final collection), null when no final collection told.
     */
    public Boolean reachableAtExit() {
        return this == DIED ? Boolean.FALSE : reachableAtExit;
    }

    static DeathKind of(int eventKind) {
        return switch (eventKind) {
            case EV_DEATH -> DIED;
            case EV_DEATH_AT_EXIT -> AT_EXIT;
            case EV_DEATH_UNREACHABLE_AT_EXIT -> UNREACHABLE_AT_EXIT;
            case EV_DEATH_REACHABLE_AT_EXIT -> REACHABLE_AT_EXIT;
            default -> throw new IllegalArgumentException("not a death event kind: " + eventKind);
        };
    }
}
