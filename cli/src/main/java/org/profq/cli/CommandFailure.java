package org.profq.cli;

/**
 * A failure the user cannot fix on the command line (exit 1), such as a missing agent jar.
 * Its message is one sentence that says what to do.
 */
final class CommandFailure extends RuntimeException {
    CommandFailure(String message) {
        super(message);
    }

    CommandFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
