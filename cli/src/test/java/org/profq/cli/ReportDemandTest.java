package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.report.ReportCatalog;

/** What {@code profq record --for} asks the agent for, from the reports' headers and SQL. */
class ReportDemandTest {
    @TempDir
    Path reports;

    @Test
    void theFamiliesAreWhatTheReportsRead() {
        ReportDemand demand = ReportDemand.of(List.of("heap", "lifetime"), catalog());

        assertEquals(new ReportDemand(List.of("heap", "lifetime"), List.of("allocations", "deaths"), false, List.of()), demand);
        assertEquals("allocations:deaths", demand.events());
    }

    @Test
    void valueProfilesRecordCalls() {
        ReportDemand demand = ReportDemand.of(List.of("values"), catalog());

        assertEquals(List.of(), demand.families());
        assertEquals(true, demand.values());
        assertEquals("calls", demand.events());
    }

    /** Only the classes the reports look at are woven, when every one of them says which. */
    @Test
    void classesAreNarrowedWhenEveryReportNamesThem() throws Exception {
        write("game.sql", "-- game: the game's allocations\n--\n-- Needs: allocations\n-- Classes: com.example.game..*\nSELECT 1 FROM allocations\n");
        write("ui.sql", "-- ui: the ui's calls\n--\n-- Classes: com.example.ui..*\nSELECT 1 FROM calls\n");

        assertEquals(new ReportDemand(List.of("game", "ui"), List.of("calls", "allocations"), false,
                List.of("com.example.game..*", "com.example.ui..*")), ReportDemand.of(List.of("game", "ui"), catalog()));
        assertEquals(List.of(), ReportDemand.of(List.of("game", "heap"), catalog()).classes(), "heap looks at every class");
    }

    @Test
    void aReportByPathIsReadFromItsFile() throws Exception {
        Path file = write("mine.sql", "-- mine: long-lived objects\n--\n-- Columns:\n--   site_id  BIGINT  the site\nSELECT site_id FROM lifetimes\n");

        assertEquals(new ReportDemand(List.of(file.toString()), List.of("allocations", "deaths"), false, List.of()),
                ReportDemand.of(List.of(file.toString()), new ReportCatalog(List.of())));
    }

    @Test
    void whatCannotBeFoundIsOneSentence() {
        assertEquals("there is no report named 'nosuch'; the reports are summary, heap, lifetime, waste, time, values, compare-heap,"
                + " compare-time (see profq reports), or give a report's path.",
                assertThrows(IllegalArgumentException.class, () -> ReportDemand.of(List.of("nosuch"), catalog())).getMessage());
        assertEquals("there is no report named 'heapp'; did you mean 'heap'? The reports are summary, heap, lifetime, waste,"
                + " time, values, compare-heap, compare-time (see profq reports), or give a report's path.",
                assertThrows(IllegalArgumentException.class, () -> ReportDemand.of(List.of("heapp"), catalog())).getMessage());
        String missing = reports.resolve("gone.sql").toString();
        assertEquals("there is no report file " + missing + "; give a report's name (see profq reports) or the path of its .sql file.",
                assertThrows(IllegalArgumentException.class, () -> ReportDemand.of(List.of(missing), catalog())).getMessage());
    }

    private ReportCatalog catalog() {
        return new ReportCatalog(List.of(reports));
    }

    private Path write(String name, String text) throws Exception {
        return Files.writeString(reports.resolve(name), text);
    }
}
