package org.profq.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.profq.format.RecordingLayout;

/**
 * The directory a recording goes to, chosen and checked before the program starts, so that a
 * run is never wasted on a recording that cannot be written. It must be new or empty and
 * writable; a new one is created here, which also reserves a default name against a second
 * {@code profq record} started in the same directory.
 */
final class RecordingDirectory {
    private final Path path;
    private final boolean created;

    private RecordingDirectory(Path path, boolean created) {
        this.path = path;
        this.created = created;
    }

    /** The directory the user asked for with {@code --out}. */
    static RecordingDirectory requested(Path out) {
        if (Files.exists(out)) {
            if (!Files.isDirectory(out)) {
                throw problem(out + " exists and is not a directory");
            }
            if (!isEmpty(out)) {
                throw new IllegalArgumentException("the output directory " + out
                        + " already exists and is not empty; remove it or choose another with --out.");
            }
            return checkedWritable(new RecordingDirectory(out, false));
        }
        try {
            Files.createDirectories(out);
        } catch (IOException | SecurityException e) {
            throw problem("cannot create the output directory " + out + " (" + reason(e) + ")");
        }
        return checkedWritable(new RecordingDirectory(out, true));
    }

    /** {@code <name>.profq} in the working directory, or {@code <name>-2.profq} and so on when taken. */
    static RecordingDirectory firstFree(String name) {
        for (int n = 1; ; n++) {
            Path candidate = Path.of(name + (n == 1 ? "" : "-" + n) + RecordingLayout.SUFFIX);
            try {
                Files.createDirectory(candidate);
                return checkedWritable(new RecordingDirectory(candidate, true));
            } catch (FileAlreadyExistsException taken) {
                // numbered like the agent's own default: the next free one
            } catch (IOException | SecurityException e) {
                throw problem("cannot create " + candidate + " in the working directory (" + reason(e) + ")");
            }
        }
    }

    Path path() {
        return path;
    }

    /** True while nothing has been written into the directory. */
    boolean holdsNothing() {
        return isEmpty(path);
    }

    /** Removes the directory if profq created it and nothing was recorded into it. */
    boolean removeIfUnused() {
        if (created && holdsNothing()) {
            try {
                Files.delete(path);
                return true;
            } catch (IOException e) {
                return false; // an empty directory left behind is harmless
            }
        }
        return false;
    }

    /**
     * Deletes what was recorded into the directory, and the directory too if profq created it:
     * for a recording that holds no event, which nobody needs.
     */
    void removeRecording() {
        try (Stream<Path> files = Files.walk(path)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                if (created || !file.equals(path)) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            // what could not be deleted stays; the summary still says the recording is empty
        }
    }

    @Override
    public String toString() {
        return path.toString();
    }

    private static RecordingDirectory checkedWritable(RecordingDirectory directory) {
        try {
            // Asking the file system is the only reliable test (ACLs, read-only mounts, root).
            Files.delete(Files.createTempFile(directory.path, ".profq-probe", ""));
            return directory;
        } catch (IOException | SecurityException e) {
            directory.removeIfUnused();
            throw problem("cannot write to the output directory " + directory.path + " (" + reason(e) + ")");
        }
    }

    private static boolean isEmpty(Path directory) {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    private static IllegalArgumentException problem(String what) {
        return new IllegalArgumentException(what + "; choose another with --out.");
    }

    private static String reason(Exception e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof FileAlreadyExistsException exists) {
            return exists.getFile() + " is in the way and is not a directory";
        }
        if (e instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
            return fileSystem.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
