package org.profq.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

import org.profq.engine.api.Relations;
import picocli.CommandLine;

/**
 * The training run behind the launcher's class-data sharing archive: the {@code ./profq}
 * script starts it in a JVM with {@code -XX:ArchiveClassesAtExit} (when the build packages
 * profq, and when the archive is missing or older than the cli jar or the JDK), and that JVM
 * archives every class it loaded. So it does what users do first: records the bundled sample,
 * runs every profile view with {@code profq sql -e}, a statement of the profiling language, and
 * {@code profq info}, a report and a flame graph on the recording. Exit code 0 when every
 * command succeeded.
 */
public final class StartupTraining {
    public static void main(String[] args) throws IOException {
        Path work = Files.createTempDirectory("profq-training");
        boolean trained;
        try {
            trained = train(work);
        } finally {
            // before exiting: System.exit inside the try would skip this and leave the directory behind
            BundledSample.deleteTree(work);
        }
        System.exit(trained ? 0 : 1);
    }

    private static boolean train(Path work) {
        CommandLine profq = ProfqCommand.commandLine();
        String recording = work.resolve("training.profq").toString();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path classes = BundledSample.copyClasses();
        boolean recorded;
        try {
            // every family, so every view below reads what it needs (a view over events not recorded refuses to run)
            recorded = profq.execute("record", "--out", recording, "--events", "calls:allocations:deaths:exceptions:uses", "--",
                    java, "-cp", classes.toString(),
                    BundledSample.MAIN_CLASS) == 0;
        } finally {
            BundledSample.deleteTree(classes);
        }
        String everyView = Relations.viewNames().stream().map(view -> "SELECT * FROM " + view).collect(Collectors.joining("; "));
        return recorded
                & profq.execute("sql", recording, "-e", everyView) == 0
                & profq.execute("sql", recording, "-e", "heap by method top 10") == 0
                & profq.execute("info", recording) == 0
                & profq.execute("report", "summary", recording) == 0
                & profq.execute("flame", recording, "-o", work.resolve("flame.html").toString()) == 0;
    }

    private StartupTraining() {
    }
}
