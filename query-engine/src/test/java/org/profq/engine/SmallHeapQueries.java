package org.profq.engine;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Runs queries over one recording and prints each one's rows, one line per row with values
 * joined by {@code |}: the program {@link IndexLookupJoinIT} forks with a small heap.
 * {@code SmallHeapQueries <recording> <query>...}
 */
public final class SmallHeapQueries {

    public static void main(String[] args) throws SQLException {
        try (Connection connection = Rows.connect(args[0])) {
            for (int i = 1; i < args.length; i++) {
                for (List<Object> row : Rows.query(connection, args[i])) {
                    System.out.println(row.stream().map(String::valueOf).collect(Collectors.joining("|")));
                }
            }
        }
    }

    private SmallHeapQueries() {
    }
}
