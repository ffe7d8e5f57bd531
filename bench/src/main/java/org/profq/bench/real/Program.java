package org.profq.bench.real;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A real program as the harness runs it: its class path and main class, its arguments for a
 * run directory, which packages are its own (for the accuracy comparison), the narrow include
 * pattern of configuration (c), and what makes up its observable behaviour.
 *
 * @param name            the row's name in the table
 * @param input           a few words about the input, for the table's notes
 * @param jvmOptions      options the program itself needs (system properties)
 * @param arguments       the program's arguments, given the run directory (outputs go there)
 * @param ownPackages     package prefixes of the program's own code, e.g. {@code org.h2.}
 * @param narrowInclude   an AspectJ type pattern for configuration (c), e.g. {@code org.h2.command..*}
 * @param reportFile      a file the program writes into its run directory, part of its behaviour; null for none
 * @param normalisation   turns output into what must be identical between runs (see {@link Behaviour})
 * @param afterRun        extra behaviour read after the run from what it left in the run directory
 *                        (e.g. search results over the index it built); null for none
 */
record Program(String name, String input, List<Path> classPath, String mainClass, List<String> jvmOptions,
               Function<Path, List<String>> arguments, List<String> ownPackages, String narrowInclude,
               String reportFile, Normalisation normalisation, Function<Path, String> afterRun) {

    /** How outputs are made comparable: only what is run-dependent by nature is touched. */
    record Normalisation(String description, UnaryOperator<String> stdout, UnaryOperator<String> report) {
        static final Normalisation NONE = new Normalisation("none", UnaryOperator.identity(), UnaryOperator.identity());
    }

    /** The narrow include pattern as a class-name prefix: {@code org.h2.command..*} → {@code org.h2.command.}. */
    String narrowPrefix() {
        return narrowInclude.replace("..*", ".").replace(".*", ".");
    }

    boolean isOwn(String className) {
        for (String prefix : ownPackages) {
            if (className.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
