package profq.bench.compat;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A program that forks JVMs, for profq's compatibility suite: the parent starts {@code children}
 * JVMs one after another, each with the parent's own JVM input arguments (so a
 * {@code -javaagent} the parent was started with is inherited, as a forking build or benchmark
 * harness does) and class path, relays their output and checks their exit codes. Each child
 * does a little deterministic work (primes, a word histogram). Outside {@code org.profq}, so
 * the agent weaves it.
 */
public final class Forker {
    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("child")) {
            child(Integer.parseInt(args[1]));
            return;
        }
        int children = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        int failed = 0;
        for (int i = 1; i <= children; i++) {
            List<String> command = new ArrayList<>();
            command.add(java);
            command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add(Forker.class.getName());
            command.add("child");
            command.add(Integer.toString(i));
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    System.out.println("child " + i + ": " + line);
                }
            }
            int exit = process.waitFor();
            System.out.println("child " + i + " exited with " + exit);
            if (exit != 0) {
                failed++;
            }
        }
        System.out.println(children + " children, " + failed + " failed");
        System.exit(failed == 0 ? 0 : 1);
    }

    private static void child(int number) {
        int limit = 200_000 * number;
        boolean[] composite = new boolean[limit + 1];
        int count = 0;
        long sum = 0;
        for (int p = 2; p <= limit; p++) {
            if (!composite[p]) {
                count++;
                sum += p;
                for (long m = (long) p * p; m <= limit; m += p) {
                    composite[(int) m] = true;
                }
            }
        }
        System.out.println("primes up to " + limit + ": " + count + ", sum " + sum);
        TreeMap<String, Integer> histogram = new TreeMap<>();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 50_000; i++) {
            String word = Integer.toString(i * 7919 % 1013, 36);
            histogram.merge(word.substring(0, 1), 1, Integer::sum);
            text.append(word).append(' ');
        }
        System.out.println("histogram " + histogram);
        System.out.println("text length " + text.length() + ", hash " + text.toString().hashCode());
    }

    private Forker() {
    }
}
