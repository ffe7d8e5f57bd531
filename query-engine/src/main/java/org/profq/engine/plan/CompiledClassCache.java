package org.profq.engine.plan;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * Class files compiled from generated Java source, kept in a directory: one file per source,
 * named by a checksum of it and holding the source itself (so a checksum shared by two sources
 * is a miss, not a wrong class) and every class it declares. An entry that cannot be read whole (another process still writing it, a damaged file) counts as missing; entries are
 * written to a temporary file and moved into place, and a directory that cannot be written
 * (read-only checkout, full disk) is left as it is: the cache only ever saves time.
 */
final class CompiledClassCache {
    private static final String SUFFIX = ".classes";

    private final Path directory;

    CompiledClassCache(Path directory) {
        this.directory = directory;
    }

    /** The class files kept for {@code source}, by class name, or null when there are none. */
    Map<String, byte[]> get(String source) {
        byte[] text = source.getBytes(StandardCharsets.UTF_8);
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(Files.readAllBytes(entry(text))))) {
            if (!Arrays.equals(readBytes(in), text)) {
                return null;
            }
            int count = in.readInt();
            Map<String, byte[]> classFiles = new HashMap<>();
            for (int i = 0; i < count; i++) {
                String name = in.readUTF();
                classFiles.put(name, readBytes(in));
            }
            return in.available() == 0 ? classFiles : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** A length and that many bytes; an EOFException when the entry is shorter than its lengths say. */
    private static byte[] readBytes(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new EOFException("a damaged entry");
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }

    /** Keeps the class files compiled from {@code source}, if the directory can be written. */
    void put(String source, Map<String, byte[]> classFiles) {
        try {
            byte[] text = source.getBytes(StandardCharsets.UTF_8);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeInt(text.length);
                out.write(text);
                out.writeInt(classFiles.size());
                for (Map.Entry<String, byte[]> classFile : classFiles.entrySet()) {
                    out.writeUTF(classFile.getKey());
                    out.writeInt(classFile.getValue().length);
                    out.write(classFile.getValue());
                }
            }
            Path entry = entry(text);
            Files.createDirectories(directory);
            Path partial = Files.createTempFile(directory, entry.getFileName().toString(), ".partial");
            try {
                Files.write(partial, bytes.toByteArray());
                try {
                    Files.move(partial, entry, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(partial, entry, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(partial);
            }
        } catch (IOException | RuntimeException e) {
            // see the class comment
        }
    }

    /** The entry's file: CRC32C and length of the source (SHA-256 would cost a new JVM its security providers' start). */
    private Path entry(byte[] text) {
        CRC32C checksum = new CRC32C();
        checksum.update(text);
        return directory.resolve(Long.toHexString(checksum.getValue()) + "-" + Integer.toHexString(text.length) + SUFFIX);
    }
}
