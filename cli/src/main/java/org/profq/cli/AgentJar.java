package org.profq.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Finds {@code profq-agent.jar}, the Java agent that {@code profq record} puts on the program's
 * command line: the system property {@value #PROPERTY} (the launcher script sets it), else a jar
 * of that name beside the cli jar (an installed layout), else the build's own
 * {@code recorder/agent/target/profq-agent.jar} in the repository the cli jar was built in.
 */
final class AgentJar {
    static final String PROPERTY = "profq.agent.jar";
    private static final String NAME = "profq-agent.jar";

    static Path locate() {
        String configured = System.getProperty(PROPERTY);
        if (configured != null && !configured.isBlank()) {
            Path jar = Path.of(configured);
            if (Files.isRegularFile(jar)) {
                return jar.toAbsolutePath();
            }
            throw new CommandFailure("the agent jar " + jar + " named by -D" + PROPERTY
                    + " does not exist; build it with ./mvnw -q install -DskipTests or correct the path.");
        }
        List<Path> candidates = candidatesBeside(cliLocation());
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate)) {
                return candidate.toAbsolutePath();
            }
        }
        throw new CommandFailure("cannot find " + NAME + " (looked for "
                + candidates.stream().map(Path::toString).collect(Collectors.joining(" and "))
                + "); build it with ./mvnw -q install -DskipTests or name it with -D" + PROPERTY + "=<path>.");
    }

    /** Where the agent may be, given the cli jar (or, run from an IDE, its classes directory). */
    static List<Path> candidatesBeside(Path cliLocation) {
        List<Path> candidates = new ArrayList<>();
        if (cliLocation == null) {
            return candidates;
        }
        Path directory = cliLocation.toAbsolutePath().getParent(); // cli/target for both layouts
        if (directory == null) {
            return candidates;
        }
        candidates.add(directory.resolve(NAME));
        Path cliModule = directory.getParent();
        Path repository = cliModule == null ? null : cliModule.getParent();
        if (repository != null) {
            candidates.add(repository.resolve("recorder").resolve("agent").resolve("target").resolve(NAME));
        }
        return candidates;
    }

    private static Path cliLocation() {
        CodeSource source = AgentJar.class.getProtectionDomain().getCodeSource();
        try {
            return source == null ? null : Path.of(source.getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            return null; // then only the property can name the agent
        }
    }

    private AgentJar() {
    }
}
