package org.profq.cli.export;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The files being written, under temporary names until they are whole: a reader of the dataset
 * never sees a half-written file under a final name. A temporary name starts with a dot and
 * ends with {@code .<pid>.inprogress}, so neither a glob for {@code *.parquet} nor Spark (which
 * skips names starting with a dot) reads it. When the JVM is stopped (SIGTERM, Ctrl-C) a shutdown
 * hook deletes the temporary files, and no file is moved into place after it has run; after a
 * SIGKILL they stay, under their temporary names, until the next export into the same partition.
 */
final class InProgressFiles {
    private static final Set<Path> WRITING = new LinkedHashSet<>();
    private static boolean stopping;
    private static boolean hookAdded;

    /**
     * The temporary name for {@code finalName}, registered for deletion if the JVM stops first;
     * refused once it is stopping (a part another thread would begin then could not be deleted).
     */
    static synchronized Path temporaryFor(Path finalName) {
        if (stopping) {
            throw new UncheckedIOException(new InterruptedIOException("the export is stopping; " + finalName + " is not begun"));
        }
        if (!hookAdded) {
            Runtime.getRuntime().addShutdownHook(new Thread(InProgressFiles::deleteAll, "profq-export-cleanup"));
            hookAdded = true;
        }
        Path temporary = finalName.resolveSibling("." + finalName.getFileName() + "." + ProcessHandle.current().pid() + ".inprogress");
        WRITING.add(temporary);
        return temporary;
    }

    /** Renames the whole file {@code temporary} to {@code finalName}, replacing what is there, in one step. */
    static synchronized void moveIntoPlace(Path temporary, Path finalName) throws IOException {
        if (stopping) {
            throw new InterruptedIOException("the export is stopping; " + finalName + " was not written");
        }
        Files.move(temporary, finalName, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        WRITING.remove(temporary);
    }

    /** Deletes a temporary file that will not be completed. */
    static synchronized void abandon(Path temporary) {
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException e) {
            // left under its temporary name, which no reader takes for data
        }
        WRITING.remove(temporary);
    }

    /** Whether {@code file} is a temporary file of a process that no longer runs (killed mid-export). */
    static boolean isAbandoned(Path file) {
        String name = file.getFileName().toString();
        if (!name.startsWith(".") || !name.endsWith(".inprogress")) {
            return false;
        }
        String withoutSuffix = name.substring(0, name.length() - ".inprogress".length());
        try {
            long pid = Long.parseLong(withoutSuffix.substring(withoutSuffix.lastIndexOf('.') + 1));
            return ProcessHandle.of(pid).map(process -> !process.isAlive()).orElse(true);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static synchronized void deleteAll() {
        stopping = true;
        for (Path temporary : WRITING) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException e) {
                // nothing more can be done while the JVM stops
            }
        }
        WRITING.clear();
    }

    private InProgressFiles() {
    }
}
