package org.profq.bench.real;

import java.util.List;
import java.util.stream.Collectors;

/**
 * What a run of a program observably did, normalised by the program's rules: exit code,
 * standard output, standard error, the report file it wrote, and any after-run check.
 *
 * <p>The agent's own lines on standard error ({@code profq: ...}) are set apart in
 * {@link #agentLines}: they are profq speaking, not the program. Everything else on standard
 * error must be identical, so an AspectJ weaver complaint counts as a difference.
 * {@code afterRun} is null when the after-run check was not made for this run.
 */
record Behaviour(int exitCode, String stdout, String stderr, String report, String afterRun, List<String> agentLines) {

    /** Each run gets its own directory, which a program may print (Lucene names its index): that path becomes {@code <run>}. */
    static Behaviour of(Program program, JvmRun.Result run, String report, String afterRun) {
        String runDirectory = run.directory().toString();
        List<String> stderrLines = run.stderrText().replace(runDirectory, "<run>").lines().toList();
        List<String> agent = stderrLines.stream().filter(line -> line.startsWith("profq:")).toList();
        String stderr = stderrLines.stream().filter(line -> !line.startsWith("profq:")).collect(Collectors.joining("\n"));
        return new Behaviour(run.exitCode(), program.normalisation().stdout().apply(run.stdoutText().replace(runDirectory, "<run>")), stderr,
                report == null ? "" : program.normalisation().report().apply(report.replace(runDirectory, "<run>")),
                afterRun == null ? null : afterRun.replace(runDirectory, "<run>"),
                agent);
    }

    /** An empty string when identical to {@code expected}, else where they first differ. */
    String differenceFrom(Behaviour expected) {
        if (exitCode != expected.exitCode) {
            return "exit code " + exitCode + " instead of " + expected.exitCode;
        }
        String difference = firstDifference("stdout", stdout, expected.stdout);
        if (difference.isEmpty()) {
            difference = firstDifference("stderr", stderr, expected.stderr);
        }
        if (difference.isEmpty()) {
            difference = firstDifference("report", report, expected.report);
        }
        if (difference.isEmpty() && afterRun != null && expected.afterRun != null) {
            difference = firstDifference("after-run check", afterRun, expected.afterRun);
        }
        return difference;
    }

    /** "" if equal, else the first line where {@code actual} differs from {@code expected}, for a report. */
    static String firstDifference(String what, String actual, String expected) {
        if (actual.equals(expected)) {
            return "";
        }
        List<String> a = actual.lines().toList();
        List<String> e = expected.lines().toList();
        for (int i = 0; i < Math.max(a.size(), e.size()); i++) {
            String got = i < a.size() ? a.get(i) : "<end>";
            String want = i < e.size() ? e.get(i) : "<end>";
            if (!got.equals(want)) {
                return what + " line " + (i + 1) + ": `" + clip(got) + "` instead of `" + clip(want) + "` ("
                        + a.size() + " lines instead of " + e.size() + ")";
            }
        }
        return what + " differs in line endings";
    }

    static String clip(String line) {
        return line.length() > 160 ? line.substring(0, 160) + "…" : line;
    }
}
