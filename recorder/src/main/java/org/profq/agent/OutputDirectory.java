package org.profq.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

import org.profq.log.RecordingLayout;

/**
 * Picks and checks the recording directory before the program starts: an explicit {@code out}
 * must be new or empty and writable, and is made readable by its owner only; without one, {@code <MainClass>.profq} in the working
 * directory, numbered ({@code Main-2.profq}) when that exists already.
 */
final class OutputDirectory {
    static Path choose(Path requested) {
        Path directory = requested != null ? requested : firstFreeDefault();
        if (Files.exists(directory) && (!Files.isDirectory(directory) || !isEmpty(directory))) {
            throw new IllegalArgumentException("the output directory " + directory.toAbsolutePath()
                    + " already exists and is not empty; remove it or choose another with out=<dir>.");
        }
        try {
            Files.createDirectories(directory);
            ownerOnly(directory);
            Path probe = Files.createTempFile(directory, ".probe", "");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new IllegalArgumentException("cannot write to the output directory " + directory.toAbsolutePath()
                    + "; choose a writable directory with out=<dir>.");
        }
        return directory;
    }

    /** A recording shows the program's code and data: only its owner may open it. */
    private static void ownerOnly(Path directory) throws IOException {
        if (Files.getFileStore(directory).supportsFileAttributeView(PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
        }
    }

    private static Path firstFreeDefault() {
        String name = RunHeader.mainClassSimpleName();
        Path candidate = Path.of(name + RecordingLayout.SUFFIX);
        for (int n = 2; Files.exists(candidate); n++) {
            candidate = Path.of(name + "-" + n + RecordingLayout.SUFFIX);
        }
        return candidate;
    }

    private static boolean isEmpty(Path directory) {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    private OutputDirectory() {
    }
}
