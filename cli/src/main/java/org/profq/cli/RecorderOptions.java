package org.profq.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.profq.cli.report.ReportCatalog;

import picocli.CommandLine.Option;

/**
 * The recorder's options, shared by {@code profq record} and {@code profq attach}: what to record
 * and how, as the agent takes them ({@link AgentArguments}), checked by the agent's own parser.
 */
final class RecorderOptions {
    @Option(names = "--include", paramLabel = "PATTERN",
            description = "Record only classes matching this AspectJ type pattern (com.example..*); repeatable.")
    List<String> include = new ArrayList<>();

    @Option(names = "--exclude", paramLabel = "PATTERN",
            description = "Do not record classes matching this AspectJ type pattern; repeatable.")
    List<String> exclude = new ArrayList<>();

    @Option(names = "--events", paramLabel = "KINDS",
            description = "Event families to record, joined with ':': calls, allocations, deaths (of every"
                    + " --track'th allocated object), exceptions, uses (field reads/writes and method calls on"
                    + " tracked objects; implies deaths) (default: calls:allocations).")
    String events;

    @Option(names = "--for", paramLabel = "REPORT", split = ",",
            description = "Record only what these reports read (their '-- Needs:' header, or the tables their SQL reads):"
                    + " heap records allocations alone, time calls alone; a report as profq reports lists it, or the path of"
                    + " its .sql file; several as heap,time. Instead of --events; profq info says what was recorded and why.")
    List<String> forReports = new ArrayList<>();

    @Option(names = "--clock", paramLabel = "tick|exact",
            description = "tick (default): a timer thread's cheap clock; exact: System.nanoTime per event.")
    String clock;

    @Option(names = "--tick", paramLabel = "MICROS",
            description = "The tick clock's period in microseconds, 10 to 1000000 (default 200).")
    Long tickMicros;

    @Option(names = "--track", paramLabel = "N",
            description = "With --events deaths: follow the first and then every Nth allocation of each allocation site"
                    + " (on each thread) to its death; the lifetime and waste views scale what they saw by each site's"
                    + " allocations (default 100; 1 = all).")
    Integer trackEvery;

    @Option(names = "--no-final-gc",
            description = "With --events deaths: skip the one full collection at exit (System.gc(), at most 2.5 s of waiting) that"
                    + " tells tracked objects unreachable at exit from those still reachable (deaths.reachable_at_exit is"
                    + " then NULL).")
    boolean noFinalGc;

    @Option(names = "--cache", paramLabel = "DIR|off",
            description = "Where woven classes are kept, so a program profiled again is not woven again"
                    + " (default ~/.cache/profq/woven, or under $XDG_CACHE_HOME); off weaves every run.")
    String cache;

    @Option(names = "--max-size", paramLabel = "SIZE",
            description = "Keep only the latest events, the recording at most SIZE (512m, 2g; 1m or more) plus the"
                    + " part being written; the dropped events are counted as lost and the run table says from when"
                    + " the recording is complete (default: keep everything).")
    String maxSize;

    @Option(names = "--max-age", paramLabel = "DURATION",
            description = "Keep only the events of the last DURATION (30s, 10m, 2h, 1d; 10s or more), dropped and"
                    + " counted as with --max-size (default: keep everything).")
    String maxAge;

    @Option(names = "--values", paramLabel = "PATTERN",
            description = "Value-profile the methods matching this glob over package.Class.method (* is any run of"
                    + " characters: *Calc.square, org.h2.command.*.update*): each call's receiver and arguments, and the"
                    + " field writes that tell whether objects changed between calls (see the value_profile view and the"
                    + " values report); repeatable. Every field write in woven code then costs a look-up (default: off).")
    List<String> values = new ArrayList<>();

    @Option(names = "--raw-strings",
            description = "With --values: keep string parameters' text (up to 4096 characters), not only their 64-bit hash.")
    boolean rawStrings;

    @Option(names = "--flush", paramLabel = "MILLIS",
            description = "Write each thread's events at least every MILLIS ms, 10 to 60000: how far behind a live"
                    + " query (profq top, \\watch) may be, and how much a killed program loses (default 1000).")
    Long flushMillis;

    @Option(names = "--aspects", paramLabel = "JAR",
            description = "Weave your own aspects too: the ones this jar's META-INF/aop.xml names (annotation-style"
                    + " @Aspect classes, compiled with javac -g), which can record events of their own with"
                    + " Profq.event(...).put(...).emit(), each name a table event_<name>; profq's --include and"
                    + " --exclude say which classes are woven; repeatable.")
    List<String> aspects = new ArrayList<>();

    /** The agent's option string with {@code out=outDirectory}; a mistake throws IllegalArgumentException with one sentence. */
    String agentOptions(String outDirectory) {
        if (rawStrings && values.isEmpty()) {
            throw new IllegalArgumentException("--raw-strings keeps the text of value-profiled string parameters; give the"
                    + " methods with --values=PATTERN.");
        }
        List<String> aspectJars = aspects.stream().map(jar -> Path.of(jar).toAbsolutePath().toString()).toList();
        if (forReports.isEmpty()) {
            return new AgentArguments(include, exclude, events, clock, tickMicros, trackEvery, !noFinalGc, cache, maxSize, maxAge, values,
                    rawStrings, flushMillis, aspectJars, List.of()).withOut(outDirectory);
        }
        ReportDemand demand = demand();
        return new AgentArguments(include.isEmpty() ? demand.classes() : include, exclude, demand.events(), clock, tickMicros,
                trackEvery, !noFinalGc, cache, maxSize, maxAge, values, rawStrings, flushMillis, aspectJars, demand.reports())
                .withOut(outDirectory);
    }

    /** What {@code --for}'s reports read; a mistake throws IllegalArgumentException with one sentence. */
    ReportDemand demand() {
        if (events != null) {
            throw new IllegalArgumentException("--for chooses the event families its reports read; give --for or --events, not both.");
        }
        ReportDemand demand = ReportDemand.of(forReports, ReportCatalog.standard());
        if (demand.values() && values.isEmpty()) {
            throw new IllegalArgumentException("--for " + String.join(",", demand.reports()) + " reads value profiles; say"
                    + " which methods to profile with --values=PATTERN.");
        }
        return demand;
    }
}
