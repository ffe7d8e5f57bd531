package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * What a test needs of the machine beyond the JDK: a tool (tmux, Chromium, strace, JDK 25) or a
 * privilege (mounting a file system). Where it is missing the test is skipped on a developer's
 * machine, but under {@code CI=true} the run fails: CI installs every tool (.ci/run), so a
 * missing one there is a broken set-up, not a reason to pass without testing.
 */
public final class Required {
    private Required() {
    }

    /** Goes on when {@code present}; else skips the test, or fails it under {@code CI=true}, saying what is {@code missing}. */
    public static void that(boolean present, String missing) {
        if (present) {
            return;
        }
        if (inCi()) {
            fail(missing + " (under CI=true a test whose tool is missing fails)");
        }
        Assumptions.abort(missing);
    }

    /** Whether the tests run in CI ({@code CI=true}, as CI services set it). */
    public static boolean inCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }
}
