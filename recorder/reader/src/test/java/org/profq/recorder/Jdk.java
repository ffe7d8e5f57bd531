package org.profq.recorder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A JDK to run sample programs on: the one running the tests, and JDK 25 when it is installed (in CI it must be). */
public record Jdk(String name, Path java) {
    public static List<Jdk> available() {
        List<Jdk> jdks = new ArrayList<>();
        jdks.add(current());
        String jdk25 = System.getProperty("profq.jdk25.home", "");
        Path java25 = jdk25.isBlank() ? null : Path.of(jdk25, "bin", "java");
        if (java25 != null && Files.isExecutable(java25) && Runtime.version().feature() != 25) {
            jdks.add(new Jdk("jdk25", java25));
        } else if (Runtime.version().feature() != 25 && Required.inCi()) {
            throw new AssertionError("no JDK 25 at " + java25 + " (under CI=true the recorder's tests run on JDK 25 too)");
        }
        return jdks;
    }

    /** The JDK running the tests. */
    public static Jdk current() {
        return new Jdk("jdk" + Runtime.version().feature(), Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    @Override
    public String toString() {
        return name;
    }
}
