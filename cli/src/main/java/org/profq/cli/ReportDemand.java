package org.profq.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.profq.cli.report.ReportCatalog;
import org.profq.engine.report.Report;
import org.profq.engine.report.ReportNeeds;
import org.profq.recording.RecordedEvents;

/**
 * What {@code profq record --for REPORT,...} records: the event families those reports read
 * ({@link ReportNeeds}: each report's {@code -- Needs:} header, or what its SQL reads), and, when
 * every one of them says which classes it looks at ({@code -- Classes:}), only those classes. A
 * report is named as {@code profq reports} lists it, or given by the path of its file.
 *
 * @param reports  how the recording names the reports: their names, or the paths given
 * @param families the event families to record, in {@link RecordedEvents#FAMILIES} order
 * @param values   whether a report reads value profiles (which {@code --values=PATTERN} records)
 * @param classes  the class patterns to weave; empty for every class
 */
record ReportDemand(List<String> reports, List<String> families, boolean values, List<String> classes) {

    /** The demand of {@code names}; IllegalArgumentException with one sentence for a report that cannot be found or read. */
    static ReportDemand of(List<String> names, ReportCatalog catalog) {
        List<String> reports = new ArrayList<>();
        Set<String> needs = new LinkedHashSet<>();
        Set<String> classes = new LinkedHashSet<>();
        boolean everyReportNamesClasses = true;
        for (String name : names) {
            String given = name.strip();
            Report report = find(given, catalog);
            if (given.contains(":")) {
                throw new IllegalArgumentException("the report path " + given + " has a ':', which the recording's options"
                        + " cannot keep; copy the report to a path without one.");
            }
            reports.add(given);
            needs.addAll(ReportNeeds.of(report));
            classes.addAll(report.classes());
            everyReportNamesClasses &= !report.classes().isEmpty();
        }
        List<String> families = RecordedEvents.FAMILIES.stream().filter(needs::contains).toList();
        boolean values = needs.contains(ReportNeeds.VALUES);
        if (families.isEmpty() && !values) {
            throw new IllegalArgumentException("--for " + String.join(",", reports) + " reads no events (only the run and"
                    + " its names); record --for a report that reads calls, allocations, deaths, exceptions or uses.");
        }
        return new ReportDemand(reports, families, values, everyReportNamesClasses ? List.copyOf(classes) : List.of());
    }

    /** {@code events=}'s value: the families, or calls alone for value profiles (which belong to their calls). */
    String events() {
        return families.isEmpty() ? "calls" : String.join(":", families);
    }

    private static Report find(String given, ReportCatalog catalog) {
        boolean isPath = given.contains("/") || given.endsWith(".sql");
        if (!isPath) {
            try {
                return catalog.find(given).orElseThrow(() -> new IllegalArgumentException(catalog.noReportNamed(given)
                        + ", or give a report's path."));
            } catch (IllegalStateException unreadable) {
                throw new IllegalArgumentException(unreadable.getMessage() + "; fix or remove it.", unreadable);
            }
        }
        Path file = Path.of(given);
        if (!given.endsWith(".sql")) {
            throw new IllegalArgumentException("the report file " + given + " is not a .sql file; give a report's name (see"
                    + " profq reports) or the path of its .sql file.");
        }
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("there is no report file " + given + "; give a report's name (see profq reports)"
                    + " or the path of its .sql file.");
        }
        try {
            return ReportCatalog.read(file);
        } catch (IllegalStateException unreadable) {
            throw new IllegalArgumentException(unreadable.getMessage() + ".", unreadable);
        }
    }
}
