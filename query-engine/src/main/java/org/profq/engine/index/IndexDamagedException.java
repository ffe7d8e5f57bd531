package org.profq.engine.index;

import java.io.IOException;

/** The index on disk does not match its manifest or cannot be read: it is deleted and rebuilt from events/. */
final class IndexDamagedException extends IOException {
    IndexDamagedException(String message) {
        super(message);
    }
}
