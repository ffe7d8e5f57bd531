package org.profq.weave;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Woven classes kept between runs: a program profiled again with the same options is not woven
 * again. On short programs weaving is most of profq's cost: AspectJ's weaver runs interpreted at
 * first, and the JIT then compiles thousands of its methods beside the program's (Lucene's
 * SearchFiles: 7.0–7.6 s woven every time, 3.4–4.0 s from the cache, 0.8 s unprofiled).
 *
 * <p>One directory per weaving configuration (the aspects, patterns and weaver options, the
 * agent jar, the JDK's version), one file per class, named by the SHA-256 of the class's name
 * and original bytes, so a changed class is never served another's weaving. A file holds what
 * the weaver made of the class: its woven bytes (and the methods in them given their original
 * code back), or that the weaver left it as it was, or the reason it could not weave it; what
 * was left unwoven is said again on every run. Files are written to a
 * temporary name and renamed, so concurrent runs never read half a file.
 *
 * <p>Classes read from the cache run as the program, so the cache must not be a way to put
 * code into it. It is used only when its directories are the user's and nobody else can write
 * to them ({@link CacheOwnership}; otherwise every class is woven, with one warning), and each
 * file is sealed with an HMAC-SHA256, keyed by a secret only the user can read, over the name
 * of the file (the class and its original bytes) and everything the file says. A file that
 * does not match its seal (damaged, planted, or copied from another class's) is deleted and
 * the class woven again; the first such file of a run is named in a warning.
 */
final class WovenClassCache {
    private static final int MAGIC = 0x50515732; // "PQW2": sealed entries; older ones are refused and rewritten
    private static final byte WOVEN = 1;
    private static final byte UNCHANGED = 2;
    private static final byte LEFT_UNWOVEN = 3;
    /** Woven, with some methods given their original code back: a u4 length, the methods' problems (UTF-8, one a line), the bytes. */
    private static final byte WOVEN_IN_PART = 4;
    private static final String MAC_ALGORITHM = "HmacSHA256";
    private static final int MAC_BYTES = 32;
    private static final int HEADER_BYTES = Integer.BYTES + 1 + MAC_BYTES;

    /**
     * What the cache holds for a class: its woven bytes (null: as it was), or why it was left
     * unwoven; and the methods left unwoven in the woven bytes, each with its problem, to be said again.
     */
    record Entry(byte[] woven, String leftUnwoven, List<String> methodsLeftUnwoven) {
    }

    private final Path directory;
    private final Mac sealPrototype;
    /** A Mac is not thread-safe, and classes load on many threads: one per thread, cloned from the prototype. */
    private final ThreadLocal<Mac> seals;
    private final Consumer<String> warnings;
    private final AtomicBoolean refusedEntrySaid = new AtomicBoolean();

    private WovenClassCache(Path directory, Mac sealPrototype, Consumer<String> warnings) {
        this.directory = directory;
        this.sealPrototype = sealPrototype;
        this.seals = ThreadLocal.withInitial(this::newSeal);
        this.warnings = warnings;
    }

    /**
     * The cache for one configuration under {@code base}; null if it cannot be used, after
     * telling {@code warnings} why (then every class is woven).
     */
    static WovenClassCache open(Path base, String configuration, Consumer<String> warnings) {
        try {
            Path directory = base.resolve(hex(sha256(configuration.getBytes(StandardCharsets.UTF_8))).substring(0, 24));
            createPrivateDirectories(directory);
            byte[] key = CacheOwnership.privateKey(base, directory);
            Mac seal = Mac.getInstance(MAC_ALGORITHM);
            seal.init(new SecretKeySpec(key, MAC_ALGORITHM));
            return new WovenClassCache(directory, seal, warnings);
        } catch (CacheOwnership.NotPrivateException e) {
            warnings.accept("the woven-class cache in " + base + " is not used, as others could have put classes into it: "
                    + e.getMessage() + "; every class is woven (make it the user's alone, e.g. chmod go-w, or choose"
                    + " another with cache=<dir>)");
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            warnings.accept("the woven-class cache in " + base + " cannot be used (" + e + "); every class is woven");
        }
        return null;
    }

    /** What the weaver made of this class before; null if this class, with these bytes, was never seen. */
    Entry find(String className, byte[] original) {
        byte[] name = entryName(className, original);
        Path file = directory.resolve(hex(name));
        try {
            if (!Files.exists(file)) {
                return null;
            }
            ByteBuffer content = ByteBuffer.wrap(Files.readAllBytes(file));
            if (content.remaining() < HEADER_BYTES || content.getInt() != MAGIC) {
                throw new IOException("not a cache entry");
            }
            byte kind = content.get();
            byte[] seal = new byte[MAC_BYTES];
            content.get(seal);
            byte[] body = new byte[content.remaining()];
            content.get(body);
            if (!MessageDigest.isEqual(seal, seal(name, kind, body))) {
                refused(className);
                throw new IOException("seal does not match");
            }
            return switch (kind) {
                case WOVEN -> new Entry(body, null, List.of());
                case UNCHANGED -> new Entry(null, null, List.of());
                case LEFT_UNWOVEN -> new Entry(null, new String(body, StandardCharsets.UTF_8), List.of());
                case WOVEN_IN_PART -> {
                    ByteBuffer parts = ByteBuffer.wrap(body);
                    byte[] problems = new byte[parts.getInt()];
                    parts.get(problems);
                    byte[] woven = new byte[parts.remaining()];
                    parts.get(woven);
                    yield new Entry(woven, null, List.of(new String(problems, StandardCharsets.UTF_8).split("\n")));
                }
                default -> throw new IOException("unknown kind " + kind);
            };
        } catch (IOException | RuntimeException damaged) {
            delete(file);
            return null;
        }
    }

    /**
     * Keeps the weaver's result for this class: its woven bytes, or null when it left the class as
     * it was; and the methods given their original code back in them (each with its problem, on one line).
     */
    void keepWoven(String className, byte[] original, byte[] woven, List<String> methodsLeftUnwoven) {
        if (woven == null) {
            write(className, original, UNCHANGED, new byte[0]);
        } else if (methodsLeftUnwoven.isEmpty()) {
            write(className, original, WOVEN, woven);
        } else {
            byte[] problems = String.join("\n", methodsLeftUnwoven).getBytes(StandardCharsets.UTF_8);
            write(className, original, WOVEN_IN_PART, ByteBuffer.allocate(Integer.BYTES + problems.length + woven.length)
                    .putInt(problems.length).put(problems).put(woven).array());
        }
    }

    /** Keeps why the weaver could not weave this class, to be said again when it is loaded next time. */
    void keepLeftUnwoven(String className, byte[] original, String reason) {
        write(className, original, LEFT_UNWOVEN, reason.getBytes(StandardCharsets.UTF_8));
    }

    private void write(String className, byte[] original, byte kind, byte[] body) {
        byte[] name = entryName(className, original);
        Path file = directory.resolve(hex(name));
        Path temporary = null;
        try {
            temporary = Files.createTempFile(directory, "entry", ".tmp");
            Files.write(temporary, ByteBuffer.allocate(HEADER_BYTES + body.length)
                    .putInt(MAGIC).put(kind).put(seal(name, kind, body)).put(body).array());
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

    /** The SHA-256 of the class's name and original bytes: the entry's file name, and what its seal is bound to. */
    private static byte[] entryName(String className, byte[] original) {
        MessageDigest digest = newDigest();
        digest.update(className.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(original);
        return digest.digest();
    }

    private byte[] seal(byte[] entryName, byte kind, byte[] body) {
        Mac mac = seals.get();
        mac.update(entryName);
        mac.update(kind);
        mac.update(body);
        return mac.doFinal();
    }

    private Mac newSeal() {
        synchronized (sealPrototype) {
            try {
                return (Mac) sealPrototype.clone();
            } catch (CloneNotSupportedException e) {
                throw new IllegalStateException("the JDK's " + MAC_ALGORITHM + " can be cloned", e);
            }
        }
    }

    /** Says once per run that an entry failed its seal: a damaged file, or one that profq did not write for this user. */
    private void refused(String className) {
        if (refusedEntrySaid.compareAndSet(false, true)) {
            warnings.accept("the woven-class cache entry for " + className.replace('/', '.') + " in " + directory
                    + " does not match its seal (damaged, or not written by profq for this user): it was deleted and"
                    + " the class woven again (said for the first such entry of a run only)");
        }
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
