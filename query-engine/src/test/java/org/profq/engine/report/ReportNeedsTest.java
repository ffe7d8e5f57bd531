package org.profq.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code profq record --for} records what a report declares it needs ({@code -- Needs:}); the
 * declaration of every built-in report names exactly what its SQL reads, through the views it
 * reads down to the tables, so a report whose SQL changes cannot silently lose its events.
 */
class ReportNeedsTest {

    @ParameterizedTest
    @MethodSource("org.profq.engine.report.BuiltInReports#all")
    void aBuiltInReportDeclaresWhatItsSqlReads(Report report) {
        Optional<Set<String>> declared = report.declaredNeeds();

        assertTrue(declared.isPresent(), report.name() + " has no '-- Needs:' line");
        assertEquals(List.copyOf(ReportNeeds.derived(report)), List.copyOf(declared.get()), report.name());
    }

    @Test
    void theBuiltInReportsNeedTheseFamilies() {
        assertEquals(Set.of("allocations"), ReportNeeds.of(BuiltInReports.get("heap")));
        assertEquals(Set.of("calls"), ReportNeeds.of(BuiltInReports.get("time")));
        assertEquals(Set.of("allocations", "deaths"), ReportNeeds.of(BuiltInReports.get("lifetime")));
        assertEquals(Set.of("allocations", "deaths", "uses"), ReportNeeds.of(BuiltInReports.get("waste")));
        assertEquals(Set.of("calls", "allocations"), ReportNeeds.of(BuiltInReports.get("summary")));
    }

    /** A user's report without a declaration is recorded for what it reads: tables, views, functions, other schemas. */
    @Test
    void anUndeclaredReportNeedsWhatItsSqlReads() {
        Report report = Report.parse("mine", """
                -- mine: slow callers of big allocators
                --
                -- Columns:
                --   signature  VARCHAR  a method
                WITH big (site_id, bytes) AS (SELECT site_id, bytes FROM a.heap_by_site),
                     deep AS (SELECT * FROM TABLE(descendants(1)))
                SELECT m.signature FROM big JOIN "sites" AS s ON s.site_id = big.site_id
                JOIN methods AS m ON m.method_id = s.method_id, deep
                -- FROM uses: a comment is not read
                """, "mine.sql");

        assertEquals(Optional.empty(), report.declaredNeeds());
        assertEquals(List.of("calls", "allocations"), List.copyOf(ReportNeeds.of(report)));
    }

    @Test
    void aDeclarationNamesFamiliesOrValues() {
        String text = """
                -- mine: what
                --
                -- Needs: calls, heap.
                SELECT 1 FROM run
                """;

        assertEquals("the report mine.sql says it needs 'heap'; a report needs calls, allocations, deaths, exceptions, uses or"
                + " values, several as '-- Needs: calls, allocations'.",
                assertThrows(IllegalArgumentException.class, () -> Report.parse("mine", text, "mine.sql")).getMessage());
    }

    @Test
    void aReportCanSayWhichClassesItLooksAt() {
        Report report = Report.parse("mine", """
                -- mine: the game's allocations
                --
                -- A description.
                --
                -- Needs: allocations
                -- Classes: profq.samples..*, com.example.Game
                SELECT 1 FROM allocations
                """, "mine.sql");

        assertEquals(List.of("profq.samples..*", "com.example.Game"), report.classes());
        assertEquals("A description.", report.description());
        assertEquals(List.of(), BuiltInReports.get("heap").classes());
    }
}
