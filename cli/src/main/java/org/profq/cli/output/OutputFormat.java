package org.profq.cli.output;

import java.util.Locale;

/**
 * The ways profq prints a result: an aligned table for people (the default), CSV, JSON and
 * Markdown for other programs and documents, and a self-contained HTML page for reports.
 */
public enum OutputFormat {
    TABLE, CSV, JSON, MARKDOWN, HTML;

    /** The format named {@code name} (any case), or an IllegalArgumentException naming the choices. */
    public static OutputFormat named(String name) {
        for (OutputFormat format : values()) {
            if (format.name().equalsIgnoreCase(name.strip())) {
                return format;
            }
        }
        throw new IllegalArgumentException("unknown format '" + name + "'; use table, csv, json, markdown or html.");
    }

    /** As {@link #named}, for printing lines (a query's result, a listing): any format but html. */
    public static OutputFormat lineFormat(String name) {
        OutputFormat format = named(name);
        if (format == HTML) {
            throw new IllegalArgumentException("html is for profq report; use table, csv, json or markdown.");
        }
        return format;
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
