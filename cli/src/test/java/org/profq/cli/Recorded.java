package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.profq.cli.Forked.Outcome;

/**
 * Sample recordings made once per test JVM with {@code profq record} (the real cli and agent,
 * exact clock) and shared by the test classes that query them.
 */
final class Recorded {
    private static final Path ROOT = Path.of("target", "it-recordings");
    private static final Map<String, Path> RECORDINGS = new HashMap<>();

    /** The recording of {@code profq.samples.<sample>}, absolute. */
    static Path sample(String sample) {
        return sample(sample, List.of());
    }

    /** The recording of {@code profq.samples.<sample>} (events.BouncingBalls: in a package) made with these extra record options, absolute. */
    static synchronized Path sample(String sample, List<String> options) {
        return RECORDINGS.computeIfAbsent(sample + " " + String.join(" ", options), key -> {
            try {
                Files.createDirectories(ROOT);
                Path dir = Files.createTempDirectory(ROOT, sample).toAbsolutePath();
                List<String> all = new ArrayList<>(List.of("--clock=exact"));
                all.addAll(options);
                Outcome outcome = Forked.run(dir, Forked.record(all, sample));
                assertEquals(0, outcome.exitCode(), outcome::toString);
                return dir.resolve(sample.substring(sample.lastIndexOf('.') + 1) + ".profq"); // named after the class
            } catch (IOException e) {
                throw new IllegalStateException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
    }

    private Recorded() {
    }
}
