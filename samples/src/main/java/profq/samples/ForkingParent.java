package profq.samples;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A program that starts JVMs, as a benchmark harness forks: two {@link ForkedChild} JVMs at
 * once, {@code ForkedChild 10 0} and {@code ForkedChild 20 3}, each with this JVM's own JVM
 * options (so a {@code -javaagent} option is inherited) and class path. Their stderr is this
 * JVM's; it prints each child's stdout line and exit code in child order, then exits with 0.
 * Calls in this JVM: 1 main, 2 start, 2 finish.
 */
public final class ForkingParent {
    public static void main(String[] args) throws IOException, InterruptedException {
        Process first = start(10, 0);
        Process second = start(20, 3);
        System.out.println(finish(first));
        System.out.println(finish(second));
    }

    static Process start(int n, int exitCode) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(ForkedChild.class.getName());
        command.add(Integer.toString(n));
        command.add(Integer.toString(exitCode));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    static String finish(Process child) throws IOException, InterruptedException {
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return output + " (exit code " + child.waitFor() + ")";
    }
}
