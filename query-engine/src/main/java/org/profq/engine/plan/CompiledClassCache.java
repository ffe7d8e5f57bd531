package org.profq.engine.plan;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

/**
 * Class files compiled from generated Java source, kept in a directory under a hash of the
 * source: one file per source, holding every class it declares. An entry that cannot be read
 * whole (another process still writing it, a damaged file) counts as missing; entries are
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
        try (InputStream file = Files.newInputStream(entry(source)); DataInputStream in = new DataInputStream(file)) {
            int count = in.readInt();
            Map<String, byte[]> classFiles = new HashMap<>();
            for (int i = 0; i < count; i++) {
                String name = in.readUTF();
                byte[] bytes = new byte[in.readInt()];
                in.readFully(bytes);
                classFiles.put(name, bytes);
            }
            return in.read() == -1 ? classFiles : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Keeps the class files compiled from {@code source}, if the directory can be written. */
    void put(String source, Map<String, byte[]> classFiles) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeInt(classFiles.size());
                for (Map.Entry<String, byte[]> classFile : classFiles.entrySet()) {
                    out.writeUTF(classFile.getKey());
                    out.writeInt(classFile.getValue().length);
                    out.write(classFile.getValue());
                }
            }
            Path entry = entry(source);
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

    private Path entry(String source) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(source.getBytes(StandardCharsets.UTF_8));
            return directory.resolve(HexFormat.of().formatHex(hash) + SUFFIX);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
