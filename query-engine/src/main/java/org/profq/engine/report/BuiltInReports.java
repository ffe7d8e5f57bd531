package org.profq.engine.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The reports that ship with the engine, as {@code org/profq/engine/reports/<name>.sql}
 * resources: a {@code summary} of the recording and one per profile.
 */
public final class BuiltInReports {

    /** Every built-in report, in the order a listing shows them. */
    public static final List<String> NAMES = List.of("summary", "heap", "lifetime", "waste", "time", "values", "compare-heap", "compare-time");

    /** The profiles a comparison report compares: the words its template's {@code ${…}} placeholders take. */
    private static final Map<String, Map<String, String>> COMPARISONS = Map.of(
            "compare-heap", Map.of("profile", "heap", "measure", "bytes allocated", "needs", "allocations",
                    "share", "bytes (heap_by_method.share) in run a"),
            "compare-time", Map.of("profile", "time", "measure", "inclusive time", "needs", "calls",
                    "share", "time (time_by_method.share: inclusive, recursion once) in run a"));

    /** All of them, parsed. */
    public static List<Report> all() {
        return NAMES.stream().map(BuiltInReports::get).toList();
    }

    /** The built-in report {@code name}. */
    public static Report get(String name) {
        Map<String, String> comparison = COMPARISONS.get(name);
        String text = comparison == null ? resource(name + ".sql") : fill(resource("compare.sql.template"), comparison);
        return Report.parse(name, text, "built-in");
    }

    private static String fill(String template, Map<String, String> words) {
        String text = template;
        for (Map.Entry<String, String> word : words.entrySet()) {
            text = text.replace("${" + word.getKey() + "}", word.getValue());
        }
        return text;
    }

    private static String resource(String file) {
        String resource = "/org/profq/engine/reports/" + file;
        try (InputStream in = BuiltInReports.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no built-in report named '" + file + "'; they are " + NAMES);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the report " + resource, e);
        }
    }

    private BuiltInReports() {
    }
}
