package org.profq.weave;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.util.EnumSet;
import java.util.Set;

/**
 * Makes sure nobody but the user can have put anything into the woven-class cache: classes
 * read from it run as the program. Its directories must belong to the user and be writable by
 * nobody else; the secret its entries are sealed with ({@link WovenClassCache}) is a file
 * beside them that belongs to the user and that nobody else may read or write.
 *
 * <p>"The user" is the owner of a file this JVM has just created there, not a name looked up:
 * that holds for a uid with no passwd entry (containers) and for file systems that map owners.
 */
final class CacheOwnership {
    static final int KEY_BYTES = 32;
    private static final Set<PosixFilePermission> WRITABLE_BY_OTHERS =
            EnumSet.of(PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_WRITE);
    private static final Set<PosixFilePermission> OWNER_ONLY =
            EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

    /** Why a cache is not used although it can be read: someone else could have written into it. */
    static final class NotPrivateException extends IOException {
        NotPrivateException(String reason) {
            super(reason);
        }
    }

    private CacheOwnership() {
    }

    /**
     * The secret kept in {@code base}/key, created if absent, after checking that {@code base}
     * and {@code directories} (the cache's own directories under it) are the user's alone.
     */
    static byte[] privateKey(Path base, Path... directories) throws IOException {
        // A file made here is the user's: its owner is who the cache must belong to, and its
        // content becomes the key if there is none yet.
        Path candidate = Files.createTempFile(base, "key", ".tmp");
        try {
            UserPrincipal user = Files.getOwner(candidate);
            requireWritableByOwnerOnly(base, user);
            for (Path directory : directories) {
                requireWritableByOwnerOnly(directory, user);
            }
            Path keyFile = base.resolve("key");
            if (!Files.exists(keyFile, LinkOption.NOFOLLOW_LINKS)) {
                publishNewKey(candidate, keyFile);
            }
            return readKey(keyFile, user);
        } finally {
            Files.deleteIfExists(candidate);
        }
    }

    /** Links are followed: a link to the user's own directory (on another disk, say) is fine. */
    private static void requireWritableByOwnerOnly(Path directory, UserPrincipal user) throws IOException {
        requireOwner(directory, user);
        Set<PosixFilePermission> permissions = permissions(directory);
        if (permissions != null && permissions.stream().anyMatch(WRITABLE_BY_OTHERS::contains)) {
            throw new NotPrivateException(directory + " can be written by others ("
                    + PosixFilePermissions.toString(permissions) + ")");
        }
    }

    /** Writes a fresh key into {@code candidate} and links it in as the key file, unless another run has just done so. */
    private static void publishNewKey(Path candidate, Path keyFile) throws IOException {
        byte[] key = new byte[KEY_BYTES];
        new SecureRandom().nextBytes(key);
        Files.write(candidate, key); // a temporary file is created readable by its owner only
        try {
            Files.createLink(keyFile, candidate); // atomic and never replaces: concurrent runs agree on one key
        } catch (FileAlreadyExistsException anotherRunWasFirst) {
            // use that one
        } catch (UnsupportedOperationException | IOException noHardLinks) {
            try {
                Files.move(candidate, keyFile);
            } catch (FileAlreadyExistsException anotherRunWasFirst) {
                // use that one
            }
        }
    }

    private static byte[] readKey(Path keyFile, UserPrincipal user) throws IOException {
        if (!Files.isRegularFile(keyFile, LinkOption.NOFOLLOW_LINKS)) {
            throw new NotPrivateException("its key " + keyFile + " is not a regular file");
        }
        requireOwner(keyFile, user, LinkOption.NOFOLLOW_LINKS);
        Set<PosixFilePermission> permissions = permissions(keyFile, LinkOption.NOFOLLOW_LINKS);
        if (permissions != null && !OWNER_ONLY.containsAll(permissions)) {
            throw new NotPrivateException("its key " + keyFile + " can be read or written by others ("
                    + PosixFilePermissions.toString(permissions) + ")");
        }
        byte[] key = Files.readAllBytes(keyFile);
        if (key.length != KEY_BYTES) {
            throw new NotPrivateException("its key " + keyFile + " holds " + key.length + " bytes, not " + KEY_BYTES);
        }
        return key;
    }

    private static void requireOwner(Path path, UserPrincipal user, LinkOption... options) throws IOException {
        UserPrincipal owner = Files.getOwner(path, options);
        if (!owner.equals(user)) {
            throw new NotPrivateException(path + " belongs to " + owner.getName() + ", not to " + user.getName());
        }
    }

    /** The POSIX permissions, or null on a file system without them (its owner check is all there is). */
    private static Set<PosixFilePermission> permissions(Path path, LinkOption... options) throws IOException {
        try {
            return Files.readAttributes(path, PosixFileAttributes.class, options).permissions();
        } catch (UnsupportedOperationException notPosix) {
            return null;
        }
    }
}
