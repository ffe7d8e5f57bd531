package org.profq.engine.table;

import org.apache.calcite.sql.type.SqlTypeName;

/**
 * One column of a profq table, as users see it in {@code \d} and in the table
 * reference: its SQL name and type, the unit of its values and what it means.
 *
 * @param unit "ns", "bytes", "id", … or "" when the value has no unit
 * @param nullable whether the column can be NULL (and when, said in {@code meaning})
 */
public record Column(String name, SqlTypeName type, String unit, boolean nullable, String meaning) {

    static Column id(String name, String meaning) {
        return new Column(name, SqlTypeName.BIGINT, "id", false, meaning);
    }

    static Column nullableId(String name, String meaning) {
        return new Column(name, SqlTypeName.BIGINT, "id", true, meaning);
    }

    static Column nanos(String name, String meaning) {
        return new Column(name, SqlTypeName.BIGINT, "ns", false, meaning);
    }

    /** Nanoseconds with a fraction: a measured cost per event. */
    static Column fractionalNanos(String name, String meaning) {
        return new Column(name, SqlTypeName.DOUBLE, "ns", false, meaning);
    }

    static Column bytes(String name, String meaning) {
        return new Column(name, SqlTypeName.BIGINT, "bytes", false, meaning);
    }

    static Column count(String name, String meaning) {
        return new Column(name, SqlTypeName.BIGINT, "", false, meaning);
    }

    static Column nullableCount(String name, String meaning) {
        return new Column(name, SqlTypeName.BIGINT, "", true, meaning);
    }

    /** A percentage, 0 to 100. */
    static Column nullablePercent(String name, String meaning) {
        return new Column(name, SqlTypeName.DOUBLE, "%", true, meaning);
    }

    static Column integer(String name, String unit, boolean nullable, String meaning) {
        return new Column(name, SqlTypeName.INTEGER, unit, nullable, meaning);
    }

    static Column text(String name, String meaning) {
        return new Column(name, SqlTypeName.VARCHAR, "", false, meaning);
    }

    static Column nullableText(String name, String meaning) {
        return new Column(name, SqlTypeName.VARCHAR, "", true, meaning);
    }

    static Column flag(String name, String meaning) {
        return new Column(name, SqlTypeName.BOOLEAN, "", false, meaning);
    }

    static Column nullableFlag(String name, String meaning) {
        return new Column(name, SqlTypeName.BOOLEAN, "", true, meaning);
    }
}
