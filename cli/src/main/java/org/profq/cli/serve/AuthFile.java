package org.profq.cli.serve;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * {@code profq serve --auth FILE}: the users and passwords HTTP basic authentication accepts, one
 * {@code name: password} a line in Jetty's realm-properties format (the password plain, or
 * {@code MD5:}, {@code CRYPT:} or {@code OBF:} as Jetty's {@code Password} tool prints it). It holds
 * secrets, so only its owner may read it: a file anyone else can read or write is refused.
 */
public final class AuthFile {
    private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE);

    private AuthFile() {
    }

    /** The file, checked; an IllegalArgumentException with one sentence if it is missing, shared or empty. */
    public static Path checked(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("there is no file at " + file + "; give --auth a file of name: password lines.");
        }
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
            if (!OWNER_ONLY.containsAll(permissions)) {
                throw new IllegalArgumentException(file + " holds passwords but others may read or change it (mode "
                        + PosixFilePermissions.toString(permissions) + "); make it the owner's only with chmod 600 " + file + ".");
            }
            boolean users = Files.readAllLines(file).stream().map(String::strip)
                    .anyMatch(line -> !line.isEmpty() && !line.startsWith("#") && line.indexOf(':') > 0);
            if (!users) {
                throw new IllegalArgumentException(file + " names no user; write one name: password a line.");
            }
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalArgumentException("cannot read " + file + " (" + e.getMessage() + "); give --auth a file you can read.");
        }
        return file.toAbsolutePath();
    }
}
