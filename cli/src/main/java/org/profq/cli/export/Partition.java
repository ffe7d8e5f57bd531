package org.profq.cli.export;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
    private final List<Path> temporaries = new ArrayList<>();
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

    /** The temporary file to write the next part to (parts are written at once by several threads). */
    synchronized Path nextPart() {
        Path part = directory.resolve(String.format(Locale.ROOT, "part-%05d.%s", finals.size(), format.extension()));
        Path temporary = InProgressFiles.temporaryFor(part);
        finals.add(part);
        temporaries.add(temporary);
        return temporary;
    }

    /** Moves every part written into place, and deletes the parts of an earlier export beyond them. */
    public synchronized void commit() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            for (Path old : files.filter(file -> PART.matcher(file.getFileName().toString()).matches() && !finals.contains(file)).toList()) {
                Files.deleteIfExists(old);
            }
        }
        for (int i = 0; i < finals.size(); i++) {
            InProgressFiles.moveIntoPlace(temporaries.get(i), finals.get(i));
        }
        temporaries.clear();
    }

    /** The part files, by their final names. */
    public List<Path> parts() {
        return List.copyOf(finals);
    }

    @Override
    public synchronized void close() {
        temporaries.forEach(InProgressFiles::abandon);
        temporaries.clear();
    }
}
