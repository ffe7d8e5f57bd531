package org.profq.agent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.CRC32C;

/**
 * Woven classes kept between runs: a program profiled again with the same options is not woven
 * again. On short programs weaving is most of profq's cost: AspectJ's weaver runs interpreted at
 * first, and the JIT then compiles thousands of its methods beside the program's (Lucene's
 * SearchFiles: 7.0–7.6 s woven every time, 3.4–4.0 s from the cache, 0.8 s unprofiled).
 *
 * <p>One directory per weaving configuration (the aspects, patterns and weaver options, the
 * agent jar, the JDK's version), one file per class, named by the SHA-256 of the class's name
 * and original bytes, so a changed class is never served another's weaving. A file holds what
 * the weaver made of the class: its woven bytes (with their CRC32C, checked on every read), or
 * that the weaver left it as it was, or the reason it could not weave it, which is said again
 * on every run. Files are written to a temporary name and renamed, so concurrent runs never
 * read half a file; a damaged or unreadable one is deleted and the class woven again. The
 * directories are readable by their owner only: they hold the program's classes.
 */
final class WovenClassCache {
    private static final int MAGIC = 0x50515731; // "PQW1"
    private static final byte WOVEN = 1;
    private static final byte UNCHANGED = 2;
    private static final byte LEFT_UNWOVEN = 3;

    /** What the cache holds for a class: its woven bytes (null: as it was), or why it was left unwoven. */
    record Entry(byte[] woven, String leftUnwoven) {
    }

    private final Path directory;

    private WovenClassCache(Path directory) {
        this.directory = directory;
    }

    /** The cache for one configuration under {@code base}; null if it cannot be made (then every class is woven). */
    static WovenClassCache open(Path base, String configuration) {
        try {
            Path directory = base.resolve(hex(sha256(configuration.getBytes(StandardCharsets.UTF_8))).substring(0, 24));
            createPrivateDirectories(directory);
            return Files.isWritable(directory) ? new WovenClassCache(directory) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** What the weaver made of this class before; null if this class, with these bytes, was never seen. */
    Entry find(String className, byte[] original) {
        Path file = fileFor(className, original);
        try {
            if (!Files.exists(file)) {
                return null;
            }
            ByteBuffer content = ByteBuffer.wrap(Files.readAllBytes(file));
            if (content.remaining() < 5 || content.getInt() != MAGIC) {
                throw new IOException("not a cache entry");
            }
            byte kind = content.get();
            if (kind == UNCHANGED && !content.hasRemaining()) {
                return new Entry(null, null);
            }
            if (kind == LEFT_UNWOVEN) {
                return new Entry(null, StandardCharsets.UTF_8.decode(content).toString());
            }
            if (kind == WOVEN && content.remaining() >= Long.BYTES) {
                long checksum = content.getLong();
                byte[] woven = new byte[content.remaining()];
                content.get(woven);
                if (crc(woven) == checksum) {
                    return new Entry(woven, null);
                }
            }
            throw new IOException("damaged");
        } catch (IOException | RuntimeException damaged) {
            delete(file);
            return null;
        }
    }

    /** Keeps the weaver's result for this class: its woven bytes, or null when it left the class as it was. */
    void keepWoven(String className, byte[] original, byte[] woven) {
        if (woven == null) {
            write(className, original, UNCHANGED, new byte[0]);
        } else {
            write(className, original, WOVEN, ByteBuffer.allocate(Long.BYTES + woven.length).putLong(crc(woven)).put(woven).array());
        }
    }

    /** Keeps why the weaver could not weave this class, to be said again when it is loaded next time. */
    void keepLeftUnwoven(String className, byte[] original, String reason) {
        write(className, original, LEFT_UNWOVEN, reason.getBytes(StandardCharsets.UTF_8));
    }

    private void write(String className, byte[] original, byte kind, byte[] body) {
        Path file = fileFor(className, original);
        Path temporary = null;
        try {
            temporary = Files.createTempFile(directory, "entry", ".tmp");
            Files.write(temporary, ByteBuffer.allocate(5 + body.length).putInt(MAGIC).put(kind).put(body).array());
            try {
                Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            if (temporary != null) {
                delete(temporary); // a full disk, say: the class is woven again next time
            }
        }
    }

    private Path fileFor(String className, byte[] original) {
        MessageDigest digest = newDigest();
        digest.update(className.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(original);
        return directory.resolve(hex(digest.digest()));
    }

    private static void createPrivateDirectories(Path directory) throws IOException {
        if (Files.isDirectory(directory)) {
            return;
        }
        try {
            Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException notPosix) {
            Files.createDirectories(directory);
        }
    }

    private static long crc(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return crc.getValue();
    }

    private static byte[] sha256(byte[] bytes) {
        return newDigest().digest(bytes);
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // another run may be writing it; the entry is simply not used
        }
    }
}
