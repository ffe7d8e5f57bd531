package org.profq.engine.jdbc;

import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What the recordings of a connection have to tell its user, such as where their index is kept
 * when it cannot be in the recording: the connection's SQL warnings ({@code getWarnings()},
 * until {@code clearWarnings()}), or, with the connection property {@code notices=stderr}
 * (which the profq command sets), one line each on stderr as they happen.
 */
final class ConnectionNotices implements Consumer<String> {
    /** The connection property that chooses where notices go: {@code warnings} (the default) or {@code stderr}. */
    static final String PROPERTY = "notices";

    private final boolean toStderr;
    private final List<String> pending = new ArrayList<>();

    private ConnectionNotices(boolean toStderr) {
        this.toStderr = toStderr;
    }

    /** The notices as the connection property {@link #PROPERTY}'s {@code value} (null: the default) says. */
    static ConnectionNotices of(String value) {
        if (value == null || value.equals("warnings")) {
            return new ConnectionNotices(false);
        }
        if (value.equals("stderr")) {
            return new ConnectionNotices(true);
        }
        throw new IllegalArgumentException("the connection property notices is warnings or stderr, not " + value);
    }

    @Override
    public void accept(String notice) {
        if (toStderr) {
            System.err.println(notice);
        } else {
            synchronized (pending) {
                pending.add(notice);
            }
        }
    }

    /** The notices not yet cleared, as a chain of SQL warnings, followed by {@code others}; null when there are none. */
    SQLWarning warnings(SQLWarning others) {
        SQLWarning first = null;
        SQLWarning last = null;
        synchronized (pending) {
            for (String notice : pending) {
                SQLWarning warning = new SQLWarning(notice, "01000");
                if (first == null) {
                    first = warning;
                } else {
                    last.setNextWarning(warning);
                }
                last = warning;
            }
        }
        if (first == null) {
            return others;
        }
        last.setNextWarning(others);
        return first;
    }

    void clear() {
        synchronized (pending) {
            pending.clear();
        }
    }
}
