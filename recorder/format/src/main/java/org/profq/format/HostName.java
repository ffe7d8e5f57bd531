package org.profq.format;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The name of the machine a recording is written on, as its header keeps it: read locally
 * (environment, {@code /etc/hostname}), never by a DNS look-up. A reader names its own machine
 * the same way, to tell whether the process that wrote a recording is one it can see.
 */
public final class HostName {
    /** This machine's name; "" when neither source gives one. */
    public static String local() {
        String fromEnvironment = System.getenv("HOSTNAME");
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return fromEnvironment.trim();
        }
        try {
            return Files.readString(Path.of("/etc/hostname")).trim();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private HostName() {
    }
}
