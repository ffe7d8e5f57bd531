package org.profq.cli.export;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

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
    /** Writes running now ({@link #writing}): the hook waits for them before it deletes, or a file created after it would stay. */
    private static final AtomicInteger RUNNING = new AtomicInteger();
    /** How long the hook waits for running writes: they stop at their next chunk of rows, in milliseconds. */
    private static final long STOP_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static volatile boolean stopping;
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
            Runtime.getRuntime().addShutdownHook(new Thread(InProgressFiles::stopAndDeleteAll, "profq-export-cleanup"));
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

    /** Runs {@code write}, which writes into temporary files, as a write the shutdown hook waits for. */
    static <T, E extends Exception> T writing(Write<T, E> write) throws E {
        RUNNING.incrementAndGet();
        try {
            return write.run();
        } finally {
            RUNNING.decrementAndGet();
        }
    }

    /** Whether the JVM is stopping: a running write stops at its next chunk of rows. */
    static boolean stopping() {
        return stopping;
    }

    /**
     * The shutdown hook: stops new writes, waits for the running ones to stop (DuckDB may create a
     * part's file after the hook would otherwise have deleted it), then deletes every temporary file.
     */
    private static void stopAndDeleteAll() {
        synchronized (InProgressFiles.class) {
            stopping = true;
        }
        long deadline = System.nanoTime() + STOP_WAIT_NANOS;
        while (RUNNING.get() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                break;
            }
        }
        deleteAll();
    }

    private static synchronized void deleteAll() {
        for (Path temporary : WRITING) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException e) {
                // nothing more can be done while the JVM stops
            }
        }
        WRITING.clear();
    }

    /** A write into temporary files. */
    @FunctionalInterface
    interface Write<T, E extends Exception> {
        T run() throws E;
    }

    private InProgressFiles() {
    }
}
