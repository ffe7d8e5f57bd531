package org.profq.bench.real;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.profq.format.BaseDirectories;

import picocli.CommandLine.Option;

/**
 * Where a harness of real programs gets them and the JDKs it runs them on: the cache of
 * downloads, the Maven repository and the Maven that resolves dependencies, JDK 25 and the
 * JDK's sources. Shared by the harnesses as a picocli mixin.
 */
final class ProgramSourceOptions {
    @Option(names = "--cache", paramLabel = "DIR", description = "downloaded programs and inputs (default: ${DEFAULT-VALUE})")
    Path cache = BaseDirectories.cacheHome().resolve("profq-bench");

    @Option(names = "--jdk25", paramLabel = "DIR", description = "the JDK 25 home (default: ${DEFAULT-VALUE})")
    Path jdk25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    @Option(names = "--maven", paramLabel = "MVN", description = "the Maven that resolves programs' dependencies (default: the repository's wrapper)")
    Path maven;

    @Option(names = "--repository", paramLabel = "URL", description = "the Maven repository programs are fetched from (default: ${DEFAULT-VALUE})")
    String repository = MavenCentral.DEFAULT_URL;

    @Option(names = "--src-zip", paramLabel = "FILE", description = "the JDK's src.zip, for the programs that compile JDK sources")
    Path srcZip;

    Path cache() {
        return cache.toAbsolutePath();
    }

    /** JDK 25's {@code java}, or null when there is none. */
    Path jdk25Java() {
        Path java = jdk25.resolve("bin/java");
        return Files.isExecutable(java) ? java : null;
    }

    /** {@code --maven}, or the project's {@code mvnw}, found upwards from {@code from} (bench/target); Maven on the PATH otherwise. */
    Path maven(Path from) {
        if (maven != null) {
            return maven;
        }
        for (Path dir = from.toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path wrapper = dir.resolve("mvnw");
            if (Files.isExecutable(wrapper)) {
                return wrapper;
            }
        }
        return Path.of("mvn");
    }

    /** {@code --src-zip}, or the src.zip of this JVM or JDK 25. */
    Path srcZip() {
        return srcZip != null ? srcZip : JdkSources.findSrcZip(List.of(Path.of(System.getProperty("java.home")), jdk25));
    }
}
