package org.profq.bench;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Where the benchmark finds what it starts JVMs with: the java command, the benchmark jar
 * itself and the two agents. A JVM that reads recordings needs no flags.
 *
 * <p>The build copies both agents into {@code agents/} beside profq-bench.jar, so nothing
 * depends on a home directory or a local Maven repository layout. The system properties
 * {@code profq.agent.jar} and {@code aspectj.weaver.jar} override them.
 */
public record BenchEnvironment(String java, Path benchJar, Path profqAgent, Path aspectjWeaver) {

    public static BenchEnvironment locate(String java) {
        Path benchJar = ownLocation();
        Path agents = benchJar.getParent().resolve("agents");
        Path profqAgent = existing("profq.agent.jar", agents.resolve("profq-agent.jar"));
        Path weaver = existing("aspectj.weaver.jar", agents.resolve("aspectjweaver.jar"));
        return new BenchEnvironment(java, benchJar, profqAgent, weaver);
    }

    /** The JVM running this one, unless {@code --jvm} named another. */
    public static String currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** A class path that holds the reader API (its own jar, in query-lib beside this one) and this module's classes. */
    String readerClassPath() {
        return readerJars().stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }

    /** {@link #readerClassPath()} as entries; the last is query-lib's wildcard. */
    public List<Path> readerJars() {
        return List.of(benchJar, benchJar.resolveSibling("query-lib").resolve("*"));
    }

    private static Path ownLocation() {
        try {
            return Path.of(BenchEnvironment.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path existing(String property, Path fallback) {
        Path path = Path.of(System.getProperty(property, fallback.toString()));
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException(path + " is missing; build it with "
                    + "./mvnw -q -pl bench -am package -DskipTests, or set -D" + property + "=<jar>.");
        }
        return path.toAbsolutePath();
    }

}
