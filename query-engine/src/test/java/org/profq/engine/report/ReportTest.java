package org.profq.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.profq.engine.ViewDoc.ColumnDoc;

/** A saved report's header and the binding of its parameters: typed values, never SQL text. */
class ReportTest {
    private static final String TEXT = """
            -- slow: which calls took longer than a threshold?
            --
            -- Calls of methods whose name matches a pattern,
            -- slower than min_ns.
            --
            -- Parameters:
            --   min_ns   BIGINT   1000     the threshold in ns
            --   pattern  VARCHAR  'it''s%'  a LIKE pattern on the method's name
            --   ratio    DOUBLE   0.5
            --
            -- Columns:
            --   call_id  BIGINT  the call
            --
            -- Chart: duration_ns by call_id
            SELECT call_id, ':min_ns' AS literal -- :pattern in a comment
            FROM calls JOIN methods USING (method_id)
            WHERE duration_ns > :min_ns AND name LIKE :pattern AND :min_ns > 0
            """;

    @Test
    void readsTheHeader() {
        Report report = Report.parse("slow", TEXT, "test");

        assertEquals("which calls took longer than a threshold?", report.summary());
        assertEquals("Calls of methods whose name matches a pattern, slower than min_ns.", report.description());
        assertEquals(List.of(
                new ReportParameter("min_ns", ReportParameter.Type.BIGINT, 1000L, "the threshold in ns"),
                new ReportParameter("pattern", ReportParameter.Type.VARCHAR, "it's%", "a LIKE pattern on the method's name"),
                new ReportParameter("ratio", ReportParameter.Type.DOUBLE, 0.5, "")), report.parameters());
        assertEquals(List.of(new ColumnDoc("call_id", "BIGINT", "the call")), report.columns());
        assertEquals(Optional.of(new Report.Chart("duration_ns", "call_id")), report.chart());
    }

    @Test
    void bindsTypedValuesAsJdbcParametersOutsideLiteralsAndComments() {
        Report.BoundQuery bound = Report.parse("slow", TEXT, "test").bind(Map.of("pattern", "x' OR '1'='1"));

        assertEquals(List.of(1000L, "x' OR '1'='1", 1000L), bound.values());
        assertEquals("""
                WHERE duration_ns > ? AND name LIKE ? AND ? > 0
                """, bound.sql().substring(bound.sql().indexOf("WHERE")));
        assertEquals(true, bound.sql().contains("SELECT call_id, ':min_ns' AS literal -- :pattern in a comment"));
    }

    @Test
    void refusesValuesOfTheWrongTypeAndUnknownParameters() {
        Report report = Report.parse("slow", TEXT, "test");

        assertEquals("the parameter min_ns is a BIGINT, and '1; DROP TABLE calls' is not one.",
                assertThrows(IllegalArgumentException.class, () -> report.bind(Map.of("min_ns", "1; DROP TABLE calls"))).getMessage());
        assertEquals("the report slow has no parameter 'limit'; its parameters are [min_ns, pattern, ratio].",
                assertThrows(IllegalArgumentException.class, () -> report.bind(Map.of("limit", "3"))).getMessage());
    }

    @Test
    void aChoiceTakesOnlyItsValuesTheFirstByDefault() {
        Report report = Report.parse("hot", """
                -- hot: which methods are hottest?
                --
                -- Parameters:
                --   by  VARCHAR  'cpu'|'wall'|'it''s'  what to rank by
                --
                -- Columns:
                --   signature  VARCHAR  the method
                SELECT signature FROM time_by_method WHERE :by IS NOT NULL
                """, "test");

        assertEquals(List.of(new ReportParameter("by", ReportParameter.Type.VARCHAR, "cpu", "what to rank by",
                List.of("cpu", "wall", "it's"))), report.parameters());
        assertEquals(List.of("cpu"), report.bind(Map.of()).values());
        assertEquals(List.of("it's"), report.bind(Map.of("by", "it's")).values());
        assertEquals("the parameter by takes 'cpu', 'wall' or 'it''s', and 'CPU' is not one of them.",
                assertThrows(IllegalArgumentException.class, () -> report.bind(Map.of("by", "CPU"))).getMessage());
        assertEquals("the report test gives the BIGINT parameter top a choice of values; only a VARCHAR parameter can be a"
                + " choice ('a'|'b').", assertThrows(IllegalArgumentException.class, () -> Report.parse("top", """
                -- top: which?
                --
                -- Parameters:
                --   top  BIGINT  '1'|'2'  how many
                SELECT 1
                """, "test")).getMessage());
    }

    @Test
    void everyBuiltInReportIsDocumented() {
        for (Report report : BuiltInReports.all()) {
            assertEquals(false, report.summary().isEmpty(), report.name());
            assertEquals(false, report.columns().isEmpty(), report.name());
        }
        assertEquals(List.of(10L), BuiltInReports.get("heap").bind(Map.of()).values());
    }
}
