package org.profq.difftest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The wrong answers profq is known to give today ({@code known-failures.txt}): the minimised
 * SQL of each, one a line, under a comment saying what is wrong. The tests let these fail
 * and fail on any other; an entry that no longer fails must be taken out (the test says so).
 */
final class KnownFailures {
    private KnownFailures() {
    }

    static Set<String> read() throws IOException {
        Set<String> known = new LinkedHashSet<>();
        try (InputStream in = KnownFailures.class.getResourceAsStream("known-failures.txt")) {
            if (in == null) {
                return known;
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    known.add(line.strip());
                }
            }
        }
        return known;
    }
}
