package org.profq.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code profq demo}: the tour. Records the bundled Allocations sample (its classes ship in
 * the cli jar) with the agent, prints the summary report and the top rows of the heap and
 * time profiles through the same commands a user runs, and says what to try next.
 */
@Command(name = "demo",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        header = "Records a bundled sample program and shows what profq tells about it.",
        description = {"%nThe recording is written to profq-demo.profq in the working directory (numbered if taken).%n"})
public final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine profq = spec.root().commandLine();
        String command = launcher();
        RecordingDirectory directory = RecordingDirectory.firstFree("profq-demo");
        String recording = directory.path().toString();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

        Path classes = BundledSample.copyClasses();
        step(command + " record --out " + recording + " -- java -cp <the sample's classes> " + BundledSample.MAIN_CLASS);
        int recorded = profq.execute("record", "--out", recording, "--", java, "-cp", classes.toString(), BundledSample.MAIN_CLASS);
        BundledSample.deleteTree(classes);
        if (recorded != 0) {
            throw new CommandFailure("recording the sample failed (exit code " + recorded + "); see the messages above.");
        }
        for (String[] report : new String[][] {
                {"report", "summary", recording},
                {"report", "heap", recording, "--param", "top=5"},
                {"report", "time", recording, "--param", "top=5"}}) {
            step(command + " " + String.join(" ", report));
            if (profq.execute(report) != 0) {
                throw new CommandFailure("the demo's " + report[1] + " report failed; see the message above.");
            }
        }
        System.out.println();
        System.out.println("Next, try:");
        System.out.println("  " + command + " sql " + recording + "                       the SQL shell (\\help, \\d, \\reports)");
        System.out.println("  " + command + " flame " + recording + " -o flame.html      a flame graph to open in a browser");
        System.out.println("  " + command + " report heap " + recording + " --format html -o heap.html");
        System.out.println("  " + command + " record -- java -cp app.jar com.example.Main    your own program");
        return 0;
    }

    /**
     * profq's command as the user can type it: what the launcher was called as ({@code ./profq},
     * or {@code profq} when PATH finds it), which the launcher passes in {@code profq.launcher};
     * {@code profq} without a launcher.
     */
    private static String launcher() {
        String launcher = System.getProperty("profq.launcher");
        return launcher == null || launcher.isBlank() ? "profq" : launcher;
    }

    private static void step(String command) {
        System.out.println();
        System.out.println("$ " + command);
        System.out.flush();
    }
}
