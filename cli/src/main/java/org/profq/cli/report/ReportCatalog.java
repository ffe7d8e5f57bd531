package org.profq.cli.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.profq.engine.report.BuiltInReports;
import org.profq.engine.report.Report;
import org.profq.format.BaseDirectories;
import org.profq.lang.Suggestions;

/**
 * The reports a user can run: the engine's built-in ones, then the {@code .sql} files in
 * {@code ./reports} and {@code ~/.profq/reports}. A user's report with a built-in's name
 * replaces it (the listing shows where each comes from); a file whose header is not a
 * report's is a failure that names the file.
 */
public final class ReportCatalog {
    private final List<Path> directories;

    public ReportCatalog(List<Path> directories) {
        this.directories = List.copyOf(directories);
    }

    /** ./reports, then ~/.profq/reports ({@code $HOME}'s). */
    public static ReportCatalog standard() {
        return new ReportCatalog(List.of(Path.of("reports"), BaseDirectories.home().resolve(".profq").resolve("reports")));
    }

    /** Where the REPL's \\save writes: the last directory searched (~/.profq/reports for the standard catalog). */
    public Path userDirectory() {
        return directories.get(directories.size() - 1);
    }

    /** Every report, by name: built-ins first, each replaced by a user's report of the same name. */
    public List<Report> all() {
        Map<String, Report> reports = new LinkedHashMap<>();
        for (Report builtIn : BuiltInReports.all()) {
            reports.put(builtIn.name(), builtIn);
        }
        // The first directory wins, so ./reports shadows ~/.profq/reports.
        List<Path> searched = new ArrayList<>(directories);
        java.util.Collections.reverse(searched);
        for (Path directory : searched) {
            for (Path file : sqlFiles(directory)) {
                Report report = read(file);
                reports.put(report.name(), report);
            }
        }
        return List.copyOf(reports.values());
    }

    public Optional<Report> find(String name) {
        return all().stream().filter(report -> report.name().equals(name)).findFirst();
    }

    public List<String> names() {
        return all().stream().map(Report::name).toList();
    }

    /**
     * Why {@code name} is not found, with the nearest report's name when one is near, and the
     * reports there are: "there is no report named 'heapp'; did you mean 'heap'? The reports are
     * ... (see profq reports)".
     */
    public String noReportNamed(String name) {
        List<String> names = names();
        return "there is no report named '" + name + "'" + Suggestions.nearest(name, names)
                .map(nearest -> "; did you mean '" + nearest + "'? The reports are ").orElse("; the reports are ")
                + String.join(", ", names) + " (see profq reports)";
    }

    /** {@code report}'s parameters with their defaults, as the listings show them: {@code top=20 kind=all}; a choice lists its values, the default first ({@code by='cpu'|'wall'}). */
    public static String parameterDefaults(Report report) {
        return report.parameters().stream()
                .map(parameter -> parameter.name() + "=" + (parameter.choices().isEmpty() ? parameter.defaultText() : parameter.choicesText()))
                .collect(Collectors.joining(" "));
    }

    private static List<Path> sqlFiles(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".sql")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list the reports in " + directory + " (" + e.getMessage() + ")", e);
        }
    }

    /** The report in {@code file}, named after it; IllegalArgumentException if its header is not a report's. */
    public static Report read(Path file) {
        String fileName = file.getFileName().toString();
        String name = fileName.substring(0, fileName.length() - ".sql".length());
        try {
            return Report.parse(name, Files.readString(file, StandardCharsets.UTF_8), file.toString());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the report " + file + " (" + e.getMessage() + ")", e);
        }
    }
}
