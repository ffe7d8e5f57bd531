package org.profq.cli.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.profq.cli.output.ResultTable;
import org.profq.engine.api.Relations;
import org.profq.lang.ProfqLanguage;
import org.profq.lang.ThreadFilter;

/**
 * Why a statement of the language with a thread filter ({@code where thread = 'worker'}) gave
 * no rows, when the reason is that no thread of the recording has such a name: said, so that
 * an empty answer does not read as "the worker did nothing".
 */
public final class NoThreadMatched {
    private static final int NAMES_LISTED = 10;

    /**
     * The note for {@code statement}'s empty {@code result}; empty when it has rows, no thread
     * filter, a thread matched, or the threads could not be read (the answer stands without it).
     */
    public static Optional<String> note(Connection connection, String statement, ResultTable result) {
        try {
            return noteOrFail(connection, statement, result);
        } catch (SQLException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> noteOrFail(Connection connection, String statement, ResultTable result) throws SQLException {
        if (!result.rows().isEmpty() || !ProfqLanguage.isStatement(statement)) {
            return Optional.empty();
        }
        Optional<ThreadFilter> filter = ProfqLanguage.threadFilter(statement, Relations.languageCatalog(List.of()));
        if (filter.isEmpty()) {
            return Optional.empty();
        }
        List<String> names = new ArrayList<>();
        try (Statement query = connection.createStatement()) {
            try (ResultSet matched = query.executeQuery("SELECT COUNT(*) FROM threads WHERE " + filter.get().condition())) {
                if (matched.next() && matched.getLong(1) > 0) {
                    return Optional.empty();
                }
            }
            try (ResultSet threads = query.executeQuery("SELECT DISTINCT name FROM threads ORDER BY name")) {
                while (threads.next()) {
                    names.add("'" + threads.getString(1) + "'");
                }
            }
        }
        String listed = names.size() <= NAMES_LISTED ? String.join(", ", names)
                : String.join(", ", names.subList(0, NAMES_LISTED)) + " and " + (names.size() - NAMES_LISTED) + " more";
        return Optional.of("no thread matched " + filter.get().text() + "; the recording's threads are " + listed
                + " (SELECT name FROM threads lists them).");
    }

    private NoThreadMatched() {
    }
}
