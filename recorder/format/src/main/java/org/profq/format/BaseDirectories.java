package org.profq.format;

import java.nio.file.Path;

/**
 * Where a user's files go, as the shell and the XDG base directory specification say: the home
 * directory is {@code $HOME} (Java's {@code user.home} comes from the password database and
 * ignores it), and each {@code XDG_*_HOME} variable, when set to an absolute path, replaces its
 * default under the home directory. The agent's woven-class cache, the query engine's index
 * cache and the shell's history all ask here.
 */
public final class BaseDirectories {
    /** {@code $HOME} when set to an absolute path, else {@code user.home}. */
    public static Path home() {
        Path home = absolute(System.getenv("HOME"));
        return home != null ? home : Path.of(System.getProperty("user.home"));
    }

    /** {@code $XDG_CACHE_HOME}, or {@code ~/.cache}. */
    public static Path cacheHome() {
        Path cache = fromEnvironment("XDG_CACHE_HOME");
        return cache != null ? cache : home().resolve(".cache");
    }

    /** The directory an {@code XDG_*_HOME} variable names, or null when it is unset, empty or relative (the specification says to ignore it then). */
    public static Path fromEnvironment(String variable) {
        return absolute(System.getenv(variable));
    }

    private static Path absolute(String path) {
        if (path == null || path.isEmpty()) {
            return null;
        }
        try {
            Path directory = Path.of(path);
            return directory.isAbsolute() ? directory : null;
        } catch (RuntimeException invalid) {
            return null;
        }
    }

    private BaseDirectories() {
    }
}
