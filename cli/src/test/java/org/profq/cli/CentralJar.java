package org.profq.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** A released jar from Maven Central, fetched once and kept under target/, for tests that run real clients. */
final class CentralJar {
    private CentralJar() {
    }

    /** {@code group:artifact:version} with an optional classifier, e.g. sqlline's {@code jar-with-dependencies}. */
    static synchronized Path of(String group, String artifact, String version, String classifier) throws IOException {
        String name = artifact + "-" + version + (classifier == null ? "" : "-" + classifier) + ".jar";
        Path jar = Path.of("target", "central", name).toAbsolutePath();
        if (!Files.exists(jar)) {
            Files.createDirectories(jar.getParent());
            URI central = URI.create("https://repo1.maven.org/maven2/" + group.replace('.', '/') + "/" + artifact + "/" + version
                    + "/" + name);
            Path partial = Files.createTempFile(jar.getParent(), artifact, ".part");
            try (InputStream in = central.toURL().openStream()) {
                Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            }
            Files.move(partial, jar, StandardCopyOption.ATOMIC_MOVE);
        }
        return jar;
    }

    /**
     * sqlline with its dependencies, and Avatica's remote JDBC driver (its shaded jar, which wants
     * SLF4J beside it): a client that knows nothing of profq.
     */
    static String sqllineWithAvatica() throws IOException {
        String slf4j = Forked.property("slf4j.version");
        return of("sqlline", "sqlline", Forked.property("sqlline.version"), "jar-with-dependencies") + ":"
                + of("org.apache.calcite.avatica", "avatica", Forked.property("avatica.version"), null) + ":"
                + of("org.slf4j", "slf4j-api", slf4j, null) + ":" + of("org.slf4j", "slf4j-nop", slf4j, null);
    }
}
