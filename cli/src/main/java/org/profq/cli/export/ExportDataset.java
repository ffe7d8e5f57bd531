package org.profq.cli.export;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The directory an export writes into: one dataset, in the Hive layout that DuckDB, Spark and
 * most engines read as a partitioned table, {@code <table>/recording=<id>/part-00000.parquet}.
 * Many recordings, exported at different times, append into it; a recording exported again
 * replaces its own partitions.
 *
 * <p>The first export writes the marker {@value #MARKER} (its layout version and file format).
 * A later export writes only where the marker is the same: a directory that holds files but no
 * marker, or a marker of another layout or format, is another dataset and is refused, so an
 * export never mixes its files into someone else's.
 */
public final class ExportDataset {
    /** The marker file at the dataset's root; its leading underscore keeps Spark and Hive from reading it as data. */
    public static final String MARKER = "_profq_dataset";
    /** The layout this profq writes: the directory structure, the recording id's form and the tables' columns. */
    public static final int LAYOUT_VERSION = 1;

    private final Path root;
    private final ExportFormat format;

    private ExportDataset(Path root, ExportFormat format) {
        this.root = root;
        this.format = format;
    }

    /**
     * The dataset at {@code root} for files of {@code format}: created (with its marker) when
     * {@code root} is new or empty; a {@link Refused} saying why when it holds another dataset.
     */
    public static ExportDataset open(Path root, ExportFormat format) throws Refused {
        String choose = "; give a new or empty directory, or one that profq export wrote, with -o.";
        if (Files.exists(root) && !Files.isDirectory(root)) {
            throw new Refused(root + " exists and is not a directory" + choose);
        }
        Path marker = root.resolve(MARKER);
        try {
            if (Files.isRegularFile(marker)) {
                checkMarker(root, read(marker), format);
                return new ExportDataset(root, format);
            }
            if (Files.isDirectory(root) && !isEmpty(root)) {
                throw new Refused(root + " holds files that are not a profq export (it has no " + MARKER + " file)" + choose);
            }
            Files.createDirectories(root);
            ExportDataset dataset = new ExportDataset(root, format);
            dataset.writeMarker();
            return dataset;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to " + root, e);
        }
    }

    /** Where {@code table}'s rows of the recording {@code recordingId} go. */
    public Partition partition(String table, String recordingId) throws IOException {
        return Partition.open(root.resolve(table).resolve("recording=" + recordingId), format);
    }

    public Path root() {
        return root;
    }

    public ExportFormat format() {
        return format;
    }

    private static void checkMarker(Path root, Properties marker, ExportFormat format) throws Refused {
        String layout = marker.getProperty("layout", "?");
        String written = marker.getProperty("format", "?");
        if (!"profq".equals(marker.getProperty("dataset")) || !String.valueOf(LAYOUT_VERSION).equals(layout)) {
            throw new Refused(root + " holds a profq export of layout " + layout + ", which this profq (layout " + LAYOUT_VERSION
                    + ") does not write; choose another directory with -o.");
        }
        if (!format.extension().equals(written)) {
            throw new Refused(root + " holds a " + written + " export; add --format " + written + " to add to it, or choose another"
                    + " directory with -o.");
        }
    }

    private void writeMarker() throws IOException {
        String text = "# A profq export: <table>/recording=<id>/part-NNNNN." + format.extension()
                + ". profq export adds recordings here only when this file matches.\n"
                + "dataset=profq\nlayout=" + LAYOUT_VERSION + "\nformat=" + format.extension() + "\n";
        Path marker = root.resolve(MARKER);
        Path temporary = InProgressFiles.temporaryFor(marker);
        Files.writeString(temporary, text, StandardCharsets.UTF_8);
        InProgressFiles.moveIntoPlace(temporary, marker);
    }

    private static Properties read(Path marker) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(marker, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IllegalArgumentException malformed) {
            // read as no dataset of ours: refused by checkMarker
        }
        return properties;
    }

    private static boolean isEmpty(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        }
    }

    /** The directory holds another dataset; the message is the one sentence to show. */
    public static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }
}
