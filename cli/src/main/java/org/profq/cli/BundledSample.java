package org.profq.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The sample program that ships inside profq's own jar, {@code profq.samples.Allocations}
 * (1,000 points, 100 int arrays and 10 long matrices, all allocated in one method): what
 * {@code profq demo} and the start-up training ({@link StartupTraining}) record.
 */
final class BundledSample {
    static final String MAIN_CLASS = "profq.samples.Allocations";
    private static final String[] CLASS_FILES = {"Allocations.class", "Allocations$Point.class"};

    /**
     * The sample's class files, copied out of profq's jar into a new temporary directory (delete
     * it with {@link #deleteTree}): the program must not run with profq's jar on its class path,
     * whose copy of the recorder would shadow the agent's.
     */
    static Path copyClasses() {
        try {
            Path classes = Files.createTempDirectory("profq-sample-classes");
            Path packageDirectory = Files.createDirectories(classes.resolve("profq/samples"));
            for (String name : CLASS_FILES) {
                try (InputStream in = BundledSample.class.getResourceAsStream("/profq/samples/" + name)) {
                    if (in == null) {
                        throw new CommandFailure("the sample " + name + " is not in profq's jar; rebuild with ./mvnw -q install -DskipTests.");
                    }
                    Files.copy(in, packageDirectory.resolve(name));
                }
            }
            return classes;
        } catch (IOException e) {
            throw new CommandFailure("cannot unpack the bundled sample program (" + e.getMessage() + ").", e);
        }
    }

    /** Deletes a directory and what it holds; one left behind in the temporary directory is harmless. */
    static void deleteTree(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // see above
        }
    }

    private BundledSample() {
    }
}
