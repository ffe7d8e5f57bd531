package org.profq.engine.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;

/**
 * A {@code long} bound to an INTEGER parameter ({@code LIMIT ?}, {@code OFFSET ?}, an INTEGER
 * column such as {@code line}) is bound as an {@code int} when it fits. Clients bind every whole
 * number as a long (Python through JPype, most query tools), and Calcite would fail the
 * statement with a ClassCastException from its generated code.
 */
final class IntegerParameters {
    private IntegerParameters() {
    }

    /** The value to bind at {@code position}: {@code value} itself, or an Integer where the parameter is INTEGER. */
    static Object narrowed(PreparedStatement statement, int position, Object value) throws SQLException {
        if (value instanceof Long number && number == number.intValue()
                && statement.getParameterMetaData().getParameterType(position) == Types.INTEGER) {
            return number.intValue();
        }
        return value;
    }
}
