package org.profq.engine.jdbc;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.SQLException;

import org.junit.jupiter.api.Test;

class ReadOnlySqlTest {

    @Test
    void theFirstKeywordSkipsBlanksCommentsAndParentheses() {
        assertEquals("SELECT", ReadOnlySql.firstKeyword("  select 1"));
        assertEquals("INSERT", ReadOnlySql.firstKeyword("-- a note\n/* another */ (insert into t values (1))"));
        assertEquals("WITH", ReadOnlySql.firstKeyword("WITH x AS (SELECT 1) SELECT * FROM x"));
        assertEquals("", ReadOnlySql.firstKeyword("-- only a comment"));
        assertEquals("", ReadOnlySql.firstKeyword(null));
    }

    @Test
    void changesAreRefusedAndQueriesPass() {
        SQLException refused = assertThrows(SQLException.class, () -> ReadOnlySql.check("drop table calls"));
        assertEquals("profq recordings are read-only: DROP is refused; query them with SELECT (or EXPLAIN PLAN FOR SELECT ...).",
                refused.getMessage());
        assertEquals("25006", refused.getSQLState());
        assertDoesNotThrow(() -> ReadOnlySql.check("SELECT * FROM calls"));
        assertDoesNotThrow(() -> ReadOnlySql.check("EXPLAIN PLAN FOR SELECT * FROM calls"));
        assertDoesNotThrow(() -> ReadOnlySql.check("VALUES 1"));
    }
}
