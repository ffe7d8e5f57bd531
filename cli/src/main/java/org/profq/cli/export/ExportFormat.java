package org.profq.cli.export;

import java.util.Locale;

/**
 * The file formats an export writes, each with the options of DuckDB's {@code COPY … TO} that
 * make it: Parquet with ZSTD and row groups of a million rows (big enough that a scan reads long
 * runs of a column, small enough that DuckDB writes them in parallel), or CSV with a header.
 */
public enum ExportFormat {
    PARQUET("parquet", "FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE " + ExportFormat.ROW_GROUP_ROWS),
    CSV("csv", "FORMAT csv, HEADER true");

    /** Rows per Parquet row group. */
    static final int ROW_GROUP_ROWS = 1 << 20;

    private final String extension;
    private final String copyOptions;

    ExportFormat(String extension, String copyOptions) {
        this.extension = extension;
        this.copyOptions = copyOptions;
    }

    /** The format named {@code name} (any case); an IllegalArgumentException naming the choices. */
    public static ExportFormat named(String name) {
        for (ExportFormat format : values()) {
            if (format.extension.equalsIgnoreCase(name.strip())) {
                return format;
            }
        }
        throw new IllegalArgumentException("unknown format '" + name + "'; use parquet or csv.");
    }

    /** The part files' extension, without the dot. */
    public String extension() {
        return extension;
    }

    /** What goes between the parentheses of {@code COPY … TO 'file' (…)}. */
    String copyOptions() {
        return copyOptions;
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
