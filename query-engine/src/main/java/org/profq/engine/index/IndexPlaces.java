package org.profq.engine.index;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

import org.profq.format.BaseDirectories;
import org.profq.recording.Recording;
import org.profq.recording.RunInfo;

/**
 * Where a recording's index is kept: in the recording, {@code <recording>/index/}, or, where
 * that cannot be written (a read-only directory, a full disk), in the user's cache,
 * {@code $XDG_CACHE_HOME/profq/index/<key>} (by default {@code ~/.cache/profq/index/<key>}),
 * where later processes find it again. The key is the recording directory's name and a hash of
 * the run's identity as a manifest knows it (the recording's path, its start time and pid), so
 * two recordings never share a cached index, and a recording made again at the same path gets
 * a new one.
 */
final class IndexPlaces {
    private final Path inRecording;
    private final Path inCache;

    private IndexPlaces(Path inRecording, Path inCache) {
        this.inRecording = inRecording;
        this.inCache = inCache;
    }

    static IndexPlaces of(Recording recording) {
        return of(recording.directory(), recording.run());
    }

    /** The places of the index of the recording in {@code directory}, whose header is {@code run}. */
    static IndexPlaces of(Path directory, RunInfo run) {
        return new IndexPlaces(directory.resolve(RecordingIndex.DIRECTORY),
                BaseDirectories.cacheHome().resolve("profq").resolve(RecordingIndex.DIRECTORY).resolve(key(directory, run)));
    }

    /** {@code <recording>/index}: where an index is built when it can be. */
    Path inRecording() {
        return inRecording;
    }

    /** The recording's directory in the user's cache: where an index is built when the recording's cannot be written. */
    Path inCache() {
        return inCache;
    }

    /** Where a built table is looked for, in this order. */
    List<Path> searched() {
        return List.of(inRecording, inCache);
    }

    /**
     * Whether {@code failure}, met while writing an index, says that there is no room for it
     * there: the directory or its file system is read-only, or the disk (or the user's quota) is
     * full. Then another place may do; any other failure would follow the index there.
     */
    static boolean noRoom(IOException failure) {
        if (failure instanceof AccessDeniedException) {
            return true;
        }
        String reason = failure instanceof FileSystemException fileSystem && fileSystem.getReason() != null
                ? fileSystem.getReason() : String.valueOf(failure.getMessage());
        return reason.contains("Read-only file system") || reason.contains("No space left on device")
                || reason.contains("Disk quota exceeded");
    }

    /** Why {@code failure} left no room, in a few words: its reason, without the path. */
    static String reason(IOException failure) {
        if (failure instanceof AccessDeniedException) {
            return "permission denied";
        }
        String reason = failure instanceof FileSystemException fileSystem && fileSystem.getReason() != null
                ? fileSystem.getReason() : failure.getMessage();
        return reason == null ? failure.toString() : reason.toLowerCase(Locale.ROOT);
    }

    /**
     * Creates {@code directory} and the directories above it that do not exist yet, readable and
     * writable by the user alone where the file system has POSIX permissions: what others could
     * write there would become the user's rows.
     */
    static void createPrivately(Path directory) throws IOException {
        if (directory.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } else {
            Files.createDirectories(directory);
        }
    }


    private static String key(Path directory, RunInfo run) {
        String identity = directory.toAbsolutePath().normalize() + "\n" + run.startedAtEpochNanos() + "\n" + run.pid();
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8));
            return directory.toAbsolutePath().normalize().getFileName() + "-"
                    + HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
