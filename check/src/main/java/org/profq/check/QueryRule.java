package org.profq.check;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * A budget on any number a query can compute from the current run: {@code sql SELECT ... <= N},
 * the query's one row and one column at most N. It reaches what the kinds of count do not name
 * (calls whose stack passes through two methods, the objects of one type in one thread, the rows
 * of a view), and is run on the current recording, never on a baseline file.
 */
public record QueryRule(int line, String text, String sql, long amount) implements Rule {

    /** How the current run breaks the rule: one break if the query's number is above the amount; an IllegalArgumentException if the query fails or gives no single number. */
    List<CheckRule.Break> breaks(Connection current) {
        long value;
        try (Statement statement = current.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
            if (rows.getMetaData().getColumnCount() != 1 || !rows.next()) {
                throw notOneNumber();
            }
            Object number = rows.getObject(1);
            if (!(number instanceof Number) || rows.next()) {
                throw notOneNumber();
            }
            value = ((Number) number).longValue();
        } catch (SQLException e) {
            throw new IllegalArgumentException("the query at line " + line + " failed: " + e.getMessage(), e);
        }
        return value > amount ? List.of(new CheckRule.Break(this, String.format("the query gives %,d, more than %,d", value, amount)))
                : List.of();
    }

    private IllegalArgumentException notOneNumber() {
        return new IllegalArgumentException("the query at line " + line + " gives no single number (one row of one column, such as"
                + " SELECT COUNT(*) ...), which its budget needs");
    }
}
