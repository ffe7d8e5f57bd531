package org.profq.bench.real;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of the {@link CompatibilitySuite}. Its defaults depend on {@code --corpus}: the
 * suite's own programs record every event family and may run 30 minutes; the corpus runs profq
 * with its default options, 10 minutes a run. A repeated option takes its last value (the
 * suite's relaunch from a snapshot of the jars appends the directories it settled on).
 */
@Command(name = "CompatibilitySuite", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs real programs plainly and under profq's agent, and tabulates how they differed.")
final class SuiteOptions {
    @Option(names = "--corpus", paramLabel = "all|ci", description = "run the compatibility corpus (or its CI rows) instead of the suite's programs")
    String corpus;

    @Option(names = "--programs", split = ",", paramLabel = "NAME", description = "the programs to run (default: all of the suite or the corpus)")
    List<String> programs;

    @Option(names = "--jdk25-programs", split = ",", paramLabel = "NAME", description = "the programs also run on JDK 25 (none: none)")
    List<String> jdk25Programs;

    @Option(names = "--jdk17", paramLabel = "yes|no", description = "no: only the JDK 25 rows (default: ${DEFAULT-VALUE})")
    String jdk17 = "yes";

    @Option(names = "--tiny", description = "the suite's programs on tiny inputs")
    boolean tiny;

    @Option(names = "--events", paramLabel = "default|FAMILIES", description = "the event families profq records (default: every family for the suite, profq's default for the corpus)")
    String events;

    @Option(names = "--agent-options", paramLabel = "KEY=VALUE,...", description = "agent options added to the profq runs'")
    String agentOptions = "";

    @Option(names = "--timeout-minutes", paramLabel = "N", description = "a run's time limit (default: 30 for the suite, 10 for the corpus)")
    Long timeoutMinutes;

    @Option(names = "--work", paramLabel = "DIR", description = "where runs and results.md go (default: bench/target/compatibility)")
    Path work;

    @Mixin
    ProgramSourceOptions sources = new ProgramSourceOptions();

    /** The programs of the corpus this run takes, or none when it runs the suite's own. */
    List<String> corpusNames() {
        return corpus == null ? List.of() : corpus.equals("ci") ? CorpusPrograms.CI : CorpusPrograms.NAMES;
    }

    List<String> programs(List<String> suitePrograms) {
        return trimmed(programs != null ? programs : corpus == null ? suitePrograms : corpusNames());
    }

    List<String> jdk25Programs() {
        if (jdk25Programs != null) {
            return trimmed(jdk25Programs);
        }
        return corpus == null ? List.of("saxon", "kotlin", "forker", "lucene-search")
                : corpusNames().stream().filter(name -> CorpusPrograms.entry(name).jdk25()).toList();
    }

    boolean jdk17() {
        return !jdk17.equals("no");
    }

    Duration timeout() {
        return Duration.ofMinutes(timeoutMinutes != null ? timeoutMinutes : corpus == null ? 30 : 10);
    }

    String events() {
        return events != null ? events : corpus == null ? CompatibilitySuite.EVENTS : "default";
    }

    private static List<String> trimmed(List<String> names) {
        return names.stream().map(String::trim).filter(name -> !name.isEmpty()).toList();
    }
}
