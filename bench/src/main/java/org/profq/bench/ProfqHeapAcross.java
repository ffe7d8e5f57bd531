package org.profq.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * profq's own answer for the export check, in a JVM with the query engine: the recordings
 * opened as the schemas r1, r2, ... of one {@code jdbc:profq:} connection, their
 * {@code heap_by_method} summed by signature. {@code ProfqHeapAcross <recording>...}; prints
 * {@link HeapAcrossRecordings#line} per method.
 */
public final class ProfqHeapAcross {
    public static void main(String[] args) throws Exception {
        StringBuilder url = new StringBuilder("jdbc:profq:");
        for (int i = 0; i < args.length; i++) {
            url.append(i == 0 ? "" : ",").append("r").append(i + 1).append("=").append(args[i]);
        }
        try (Connection connection = DriverManager.getConnection(url.toString());
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(HeapAcrossRecordings.overSchemas(args.length))) {
            while (rows.next()) {
                System.out.println(HeapAcrossRecordings.line(rows.getString(1), rows.getLong(2), rows.getLong(3)));
            }
        }
    }

    private ProfqHeapAcross() {
    }
}
