package org.profq.engine.index;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The state a build of a table ended in, kept in the table's directory so that an extension can
 * go on from it instead of reading the log from its start: where the event reader stopped, with
 * the decoder's per-thread state ({@link org.profq.recording.ReaderCheckpoint}), and the table's
 * collector's state (for {@code calls}, each thread's open calls). A file per build,
 * {@code resume-<log bytes>.state}, named by the manifest with its CRC32C: the new one is written
 * before the new manifest and every other one deleted after it, so either manifest finds its own
 * and no build that died halfway leaves one behind for good.
 */
record ResumeState(byte[] checkpoint, byte[] collector) {
    private static final int MAGIC = 0x70716731; // "pqg1"

    static String fileName(long logBytes) {
        return "resume-" + logBytes + ".state";
    }

    /** Deletes every resume state in {@code directory} but {@code kept}, the one its manifest names. */
    static void deleteAllBut(Path directory, String kept) throws IOException {
        try (DirectoryStream<Path> states = Files.newDirectoryStream(directory, "resume-*.state")) {
            for (Path state : states) {
                if (!state.getFileName().toString().equals(kept)) {
                    Files.deleteIfExists(state);
                }
            }
        }
    }

    /** Writes this as {@code file}; gives its CRC32C. */
    long write(Path file) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(checkpoint.length);
            out.write(checkpoint);
            out.writeInt(collector.length);
            out.write(collector);
        }
        byte[] written = bytes.toByteArray();
        Files.write(file, written);
        CRC32C crc = new CRC32C();
        crc.update(written);
        return crc.getValue();
    }

    /** The state of the table in {@code directory} that {@code manifest} names; damaged if it does not match its checksum. */
    static ResumeState read(Path directory, IndexManifest manifest) throws IOException {
        Path file = directory.resolve(manifest.resumeFile());
        if (!manifest.resumeFile().equals(file.getFileName().toString()) || !Files.isRegularFile(file)) {
            throw new IndexDamagedException(file + " is missing");
        }
        byte[] bytes = Files.readAllBytes(file);
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        if (crc.getValue() != manifest.resumeChecksum()) {
            throw new IndexDamagedException(file + " fails its checksum");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            if (in.readInt() != MAGIC) {
                throw new IndexDamagedException(file + " is not a profq index's resume state");
            }
            byte[] checkpoint = in.readNBytes(in.readInt());
            byte[] collector = in.readNBytes(in.readInt());
            return new ResumeState(checkpoint, collector);
        }
    }

    boolean sameCheckpoint(ResumeState other) {
        return Arrays.equals(checkpoint, other.checkpoint);
    }
}
