package org.profq.cli.export;

import java.sql.Types;

import org.duckdb.DuckDBColumnType;

/**
 * One column of an exported table: its name and the type its values are written as, Parquet's
 * natural one for its SQL type (INT64, INT32, BOOLEAN, DOUBLE, UTF8 strings).
 */
record ExportColumn(String name, Kind kind) {

    /** How a SQL type is written. */
    enum Kind {
        LONG(DuckDBColumnType.BIGINT), INT(DuckDBColumnType.INTEGER), BOOLEAN(DuckDBColumnType.BOOLEAN),
        DOUBLE(DuckDBColumnType.DOUBLE), TEXT(DuckDBColumnType.VARCHAR);

        final DuckDBColumnType duckType;

        Kind(DuckDBColumnType duckType) {
            this.duckType = duckType;
        }

        /** The kind of a JDBC column of type {@code sqlType} ({@link Types}); anything else is written as its text. */
        static Kind ofJdbc(int sqlType) {
            return switch (sqlType) {
                case Types.BIGINT -> LONG;
                case Types.INTEGER, Types.SMALLINT, Types.TINYINT -> INT;
                case Types.BOOLEAN, Types.BIT -> BOOLEAN;
                case Types.DOUBLE, Types.FLOAT, Types.REAL, Types.DECIMAL, Types.NUMERIC -> DOUBLE;
                default -> TEXT;
            };
        }
    }
}
