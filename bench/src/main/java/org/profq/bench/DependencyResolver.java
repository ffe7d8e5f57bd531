package org.profq.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A program's runtime class path with its transitive dependencies (PMD 7 has about twenty
 * jars): Maven itself resolves them, running {@code dependency:copy-dependencies} with strict
 * checksums ({@code -C}) on a throwaway pom written into the cache, so dependency management,
 * parent poms and exclusions are handled exactly as a Maven build would. The result is cached
 * per program ({@code resolved/<name>/lib/}); a {@code complete} marker says it finished.
 */
public final class DependencyResolver {
    private static final String COPY_GOAL = "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies";

    private final Path cache;
    private final Path maven;

    public DependencyResolver(Path cache, Path maven) {
        this.cache = cache;
        this.maven = maven;
    }

    /** The jars of {@code group:artifact:version[:classifier]} coordinates and all their runtime dependencies. */
    public List<Path> resolve(String name, List<String> coordinates) {
        Path root = cache.resolve("resolved").resolve(name);
        Path lib = root.resolve("lib");
        Path complete = root.resolve("complete");
        try {
            String pom = pom(name, coordinates);
            Path pomFile = root.resolve("pom.xml");
            if (!Files.exists(complete) || !Files.readString(pomFile).equals(pom)) {
                Files.createDirectories(root);
                Files.deleteIfExists(complete);
                deleteJars(lib); // those of other coordinates would stay beside the new ones
                Files.writeString(pomFile, pom);
                System.err.println("resolving " + coordinates + " with " + maven);
                Process process = new ProcessBuilder(maven.toString(), "-B", "-q", "-C", "-f", pomFile.toString(), COPY_GOAL,
                        "-DincludeScope=runtime", "-DoutputDirectory=" + lib).redirectErrorStream(true)
                        .redirectOutput(root.resolve("maven.log").toFile()).start();
                if (!process.waitFor(20, TimeUnit.MINUTES) || process.exitValue() != 0) {
                    process.destroyForcibly();
                    throw new IllegalStateException("Maven could not resolve " + coordinates + "; see " + root.resolve("maven.log"));
                }
                Files.writeString(complete, "");
            }
            try (Stream<Path> jars = Files.list(lib)) {
                return new ArrayList<>(jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void deleteJars(Path lib) throws IOException {
        if (Files.isDirectory(lib)) {
            try (Stream<Path> jars = Files.list(lib)) {
                for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).toList()) {
                    Files.delete(jar);
                }
            }
        }
    }

    private static String pom(String name, List<String> coordinates) {
        StringBuilder pom = new StringBuilder("""
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>profq-bench.resolve</groupId>
                  <artifactId>%s</artifactId>
                  <version>1</version>
                  <packaging>pom</packaging>
                  <dependencies>
                """.formatted(name));
        for (String coordinate : coordinates) {
            String[] parts = coordinate.split(":");
            pom.append("    <dependency><groupId>").append(parts[0]).append("</groupId><artifactId>").append(parts[1])
                    .append("</artifactId><version>").append(parts[2]).append("</version>")
                    .append(parts.length > 3 ? "<classifier>" + parts[3] + "</classifier>" : "").append("</dependency>\n");
        }
        return pom.append("  </dependencies>\n</project>\n").toString();
    }
}
