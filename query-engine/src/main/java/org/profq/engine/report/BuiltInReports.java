package org.profq.engine.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The reports that ship with the engine, as {@code org/profq/engine/reports/<name>.sql}
 * resources: a {@code summary} of the recording and one per profile.
 */
public final class BuiltInReports {

    /** Every built-in report, in the order a listing shows them. */
    public static final List<String> NAMES = List.of("summary", "heap", "lifetime", "waste", "time", "values", "compare-heap", "compare-time");

    /** All of them, parsed. */
    public static List<Report> all() {
        return NAMES.stream().map(BuiltInReports::get).toList();
    }

    /** The built-in report {@code name}. */
    public static Report get(String name) {
        String resource = "/org/profq/engine/reports/" + name + ".sql";
        try (InputStream in = BuiltInReports.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no built-in report named '" + name + "'; they are " + NAMES);
            }
            return Report.parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8), "built-in");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the report " + resource, e);
        }
    }

    private BuiltInReports() {
    }
}
