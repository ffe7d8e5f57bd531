package org.profq.cli.export;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One table's rows of one recording, {@code <table>/recording=<id>/}: part files written under
 * temporary names ({@link InProgressFiles}) and moved into place together by {@link #commit()},
 * which also deletes the parts an earlier export of the same recording left beyond the new
 * ones. Closing a partition that was not committed deletes what it wrote.
 */
public final class Partition implements AutoCloseable {
    private static final Pattern PART = Pattern.compile("part-\\d{5,}\\.[a-z]+");

    private final Path directory;
    private final ExportFormat format;
    /** The parts written, by their place in the table's rows: parts written at once end in row order. */
    private final SortedMap<Long, Path> temporaries = new TreeMap<>();
    private final List<Path> finals = new ArrayList<>();

    private Partition(Path directory, ExportFormat format) {
        this.directory = directory;
        this.format = format;
    }

    static Partition open(Path directory, ExportFormat format) throws IOException {
        Files.createDirectories(directory);
        try (Stream<Path> files = Files.list(directory)) {
            for (Path stale : files.filter(InProgressFiles::isAbandoned).toList()) {
                Files.deleteIfExists(stale); // a killed export's
            }
        }
        return new Partition(directory, format);
    }

    /**
     * The temporary file to write part {@code part} of the table's row range {@code range} to:
     * ranges are written at once by several threads, in any order, and {@link #commit()} numbers
     * the parts in row order, so an export gives the same files every time.
     */
    synchronized Path nextPart(int range, int part) {
        long place = ((long) range << 32) | part;
        Path temporary = InProgressFiles.temporaryFor(directory.resolve(
                String.format(Locale.ROOT, "part-r%05d-%d.%s", range, part, format.extension())));
        if (temporaries.putIfAbsent(place, temporary) != null) {
            throw new IllegalArgumentException("part " + part + " of range " + range + " twice");
        }
        return temporary;
    }

    /** Moves every part written into place, numbered in row order, and deletes the parts of an earlier export beyond them. */
    public synchronized void commit() throws IOException {
        for (int i = finals.size(); i < temporaries.size(); i++) {
            finals.add(directory.resolve(String.format(Locale.ROOT, "part-%05d.%s", i, format.extension())));
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path old : files.filter(file -> PART.matcher(file.getFileName().toString()).matches() && !finals.contains(file)).toList()) {
                Files.deleteIfExists(old);
            }
        }
        int i = 0;
        for (Path temporary : temporaries.values()) {
            InProgressFiles.moveIntoPlace(temporary, finals.get(i++));
        }
        temporaries.clear();
    }

    /** The part files, by their final names (after {@link #commit()}). */
    public List<Path> parts() {
        return List.copyOf(finals);
    }

    @Override
    public synchronized void close() {
        temporaries.values().forEach(InProgressFiles::abandon);
        temporaries.clear();
    }
}
