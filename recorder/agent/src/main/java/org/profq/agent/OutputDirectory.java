package org.profq.agent;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

import org.profq.format.RecordingLayout;

/**
 * Picks and claims this JVM's recording directory before the program starts.
 *
 * <p>Without {@code out}, {@code <MainClass>.profq} in the working directory, numbered
 * ({@code Main-2.profq}) when taken. With {@code out=DIR}, every JVM of a program records
 * there, because a program that starts JVMs (a benchmark harness forking with its own JVM
 * options, a build running JVMs one after another) hands each the same agent option, and
 * refusing the second one would break the program:
 * <ul>
 * <li>the first JVM records into {@code DIR} itself, so a one-JVM recording is as it always was;
 * <li>a later JVM (the first still running or long gone) records into the next free
 *     {@code DIR/jvms/jvm<n>.profq}, {@code n} = 2, 3, ... in the order the JVMs started;
 * <li>{@code DIR} holding anything but a recording is refused, as is one that cannot be written.
 * </ul>
 * Every claim is one {@link Files#createDirectory}, which fails for all but one JVM, so JVMs
 * starting at the same moment never share a log: creating {@code DIR/events} makes a JVM the
 * first, creating {@code jvm<n>.profq} gives it that number. Everything created is made
 * readable by its owner only.
 */
final class OutputDirectory {
    static Path choose(Path requested) {
        try {
            return requested == null ? claimDefault() : claimShared(requested);
        } catch (IOException | SecurityException e) {
            Path shown = requested != null ? requested : Path.of(RunHeader.mainClassSimpleName() + RecordingLayout.SUFFIX);
            throw new IllegalArgumentException("cannot write to the output directory " + shown.toAbsolutePath()
                    + "; choose a writable directory with out=<dir>.");
        }
    }

    /** {@code <MainClass>.profq}, or the first free numbered one: always a new directory. */
    private static Path claimDefault() throws IOException {
        String name = RunHeader.mainClassSimpleName();
        for (int n = 1; ; n++) {
            Path candidate = Path.of(name + (n == 1 ? "" : "-" + n) + RecordingLayout.SUFFIX);
            if (createdNew(candidate)) {
                ownerOnly(candidate);
                return candidate;
            }
        }
    }

    /** {@code directory} for the first JVM that records there, else its next free sub-recording. */
    private static Path claimShared(Path directory) throws IOException {
        if (Files.exists(directory) && !isEmptyOrARecording(directory)) {
            throw new IllegalArgumentException("the output directory " + directory.toAbsolutePath()
                    + " already exists and holds files that are not a profq recording; remove them or choose another with out=<dir>.");
        }
        Files.createDirectories(directory);
        ownerOnly(directory);
        return createdNew(RecordingLayout.eventsDirectory(directory)) ? directory : claimNextJvm(directory);
    }

    private static Path claimNextJvm(Path group) throws IOException {
        Path jvms = Files.createDirectories(RecordingLayout.jvmsDirectory(group));
        ownerOnly(jvms);
        for (int number = 2; ; number++) {
            Path candidate = RecordingLayout.jvmRecording(group, number);
            if (createdNew(candidate)) {
                ownerOnly(candidate);
                return candidate;
            }
        }
    }

    /** True if this call created {@code directory}; false if it was there already. */
    private static boolean createdNew(Path directory) throws IOException {
        try {
            Files.createDirectory(directory);
            return true;
        } catch (FileAlreadyExistsException taken) {
            return false;
        }
    }

    /**
     * An empty directory, or one holding only a recording's entries (anything else belongs to
     * someone else). Checked before claiming, because a JVM starting at the same moment may
     * already have added {@code events/} or {@code jvms/}.
     */
    private static boolean isEmptyOrARecording(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return false;
        }
        Path events = RecordingLayout.eventsDirectory(directory);
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.allMatch(entry -> RecordingLayout.isRecordingEntry(entry.getFileName().toString()))
                    && (Files.notExists(events) || Files.isDirectory(events));
        }
    }

    /** A recording shows the program's code and data: only its owner may open it. */
    private static void ownerOnly(Path directory) throws IOException {
        if (Files.getFileStore(directory).supportsFileAttributeView(PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
        }
    }

    private OutputDirectory() {
    }
}
