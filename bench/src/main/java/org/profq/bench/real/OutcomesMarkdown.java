package org.profq.bench.real;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The harness's markdown: one row per program (behaviour, overhead per configuration, the
 * peers' overhead, accuracy), a table of the recordings' size, then notes with everything
 * a cell cannot hold (differences, failures, normalisations, the largest methods per profile).
 */
final class OutcomesMarkdown {
    private OutcomesMarkdown() {
    }

    static String render(List<ProgramMeasurement.Outcome> outcomes, String header) {
        StringBuilder out = new StringBuilder(header).append("\n\n");
        out.append("| program | baseline (s) | identical with profq | profq (a) calls+allocations | (a) round 1, empty cache "
                + "| empty advice, (a)'s join points | profq (b) everything | profq (c) narrow | profq (d) --for heap "
                + "| JFR method timing (c's classes, JDK 25) | async-profiler cpu | async-profiler wall | async-profiler alloc "
                + "| heap overlap | time overlap, cpu / wall | time overlap, cpu, both rounds merged "
                + "| async-profiler cpu, round 1 / round 2 |\n");
        out.append("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (ProgramMeasurement.Outcome o : outcomes) {
            out.append("| ").append(o.program.name())
                    .append(" | ").append(format("%.2f", ProgramMeasurement.median(o.plainSeconds)))
                    .append(" | ").append(identical(o))
                    .append(" | ").append(ratio(o, "a"))
                    .append(" | ").append(firstRound(o, "a"))
                    .append(" | ").append(ratio(o, "empty"))
                    .append(" | ").append(ratio(o, "b"))
                    .append(" | ").append(ratio(o, "c"))
                    .append(" | ").append(ratio(o, "d"))
                    .append(" | ").append(ratio(o, "jfr"))
                    .append(" | ").append(ratio(o, "async-cpu"))
                    .append(" | ").append(ratio(o, "async-wall"))
                    .append(" | ").append(ratio(o, "async-alloc"))
                    .append(" | ").append(overlap(o.profqHeap, o.asyncAlloc, o))
                    .append(o.profqHeap != null && o.asyncAllocExclusive != null
                            ? " (" + overlap(o.profqHeap, o.asyncAllocExclusive, o) + " excl.)" : "")
                    .append(" | ").append(overlaps(o.profqSelfCpu, o.asyncCpu, o.asyncCpuExclusive, o))
                    .append(" / ").append(overlaps(o.profqSelf, o.asyncWall, o.asyncWallExclusive, o))
                    .append(" | ").append(overlaps(o.profqSelfCpu, MethodProfile.merged(o.asyncCpu, o.asyncCpuOtherRound),
                            MethodProfile.merged(o.asyncCpuExclusive, o.asyncCpuOtherRoundExclusive), o))
                    .append(" | ").append(overlaps(o.asyncCpuOtherRound, o.asyncCpu, null, o))
                    .append(o.asyncCpuOtherRoundExclusive != null
                            ? " (" + overlap(o.asyncCpuOtherRoundExclusive, o.asyncCpuExclusive, o) + " excl.)" : "")
                    .append(" |\n");
        }
        out.append("\n| program | profq configuration | events | lost | events/s | bytes/event | recording on disk |\n");
        out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: |\n");
        for (ProgramMeasurement.Outcome o : outcomes) {
            for (Map.Entry<String, ProgramMeasurement.RecordingFacts> entry : o.recordings.entrySet()) {
                ProgramMeasurement.RecordingFacts r = entry.getValue();
                out.append("| ").append(o.program.name()).append(" | ").append(o.setups.get(entry.getKey()).label())
                        .append(" | ").append(format("%,d", r.events()))
                        .append(" | ").append(format("%,d", r.lost()))
                        .append(" | ").append(format("%,.0f", r.events() / r.seconds()))
                        .append(" | ").append(r.events() == 0 ? "—" : format("%.2f", (double) r.logBytes() / r.events()))
                        .append(" | ").append(format("%.1f MB", r.diskBytes() / 1e6))
                        .append(" |\n");
            }
        }
        out.append("\nNotes:\n\n");
        for (ProgramMeasurement.Outcome o : outcomes) {
            out.append("- **").append(o.program.name()).append("**: ").append(o.program.input())
                    .append(". Normalised before comparing: ").append(o.program.normalisation().description()).append(".\n");
            o.behaviourDifferences.forEach((key, differences) -> differences.forEach(d ->
                    out.append("  - ").append(o.setups.get(key).label()).append(" changed the behaviour: ").append(indent(d))
                            .append("\n")));
            o.plainDifferences.forEach(d -> out.append("  - runs without any profiler differ among themselves: ").append(d).append("\n"));
            o.failures.forEach((key, failure) -> out.append("  - ").append(o.setups.get(key.replace("-reading", "")).label()).append(": ")
                    .append(indent(failure)).append("\n"));
            o.agentLines.stream().limit(10).forEach(line -> out.append("  - agent said: `").append(line).append("`\n"));
            if (o.agentLines.size() > 10) {
                out.append("  - … and ").append(o.agentLines.size() - 10).append(" more agent lines\n");
            }
            top(out, "profq heap_by_method", o.profqHeap, o);
            top(out, "async-profiler alloc", o.asyncAlloc, o);
            top(out, "profq self time", o.profqSelf, o);
            top(out, "profq self CPU time", o.profqSelfCpu, o);
            top(out, "async-profiler cpu", o.asyncCpu, o);
            top(out, "async-profiler wall", o.asyncWall, o);
        }
        return out.toString();
    }

    private static void top(StringBuilder out, String what, MethodProfile profile, ProgramMeasurement.Outcome o) {
        if (profile != null) {
            out.append("  - largest in ").append(what).append(": ").append(profile.normalisedOver(o.program).top(5)).append("\n");
        }
    }

    private static String identical(ProgramMeasurement.Outcome o) {
        if (o.expected == null) {
            return "not run";
        }
        StringBuilder cell = new StringBuilder();
        for (String key : List.of("a", "b", "c", "d")) {
            if (!o.setups.containsKey(key)) {
                continue;
            }
            boolean failed = o.failures.containsKey(key) && !o.pairs.containsKey(key);
            boolean differs = o.behaviourDifferences.containsKey(key);
            cell.append(cell.length() == 0 ? "" : ", ").append(key).append(": ")
                    .append(differs ? "**no**" : failed ? "failed" : "yes");
        }
        return cell.toString();
    }

    private static String ratio(ProgramMeasurement.Outcome o, String key) {
        if (!o.setups.containsKey(key)) {
            return "—";
        }
        List<ProgramMeasurement.Pair> pairs = o.pairs.get(key);
        if (pairs == null || pairs.isEmpty()) {
            return "failed";
        }
        List<Double> ratios = pairs.stream().map(ProgramMeasurement.Pair::ratio).toList();
        double median = ProgramMeasurement.median(ratios);
        if (ratios.size() == 1) {
            return format("%.2f×", median);
        }
        double min = ratios.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = ratios.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return format("%.2f× (%.2f–%.2f)", median, min, max);
    }

    /** The ratio of round 1 alone: the run that wove every class, its cache still empty. */
    private static String firstRound(ProgramMeasurement.Outcome o, String key) {
        List<ProgramMeasurement.Pair> pairs = o.pairs.get(key);
        return pairs == null || pairs.isEmpty() ? "—" : format("%.2f×", pairs.get(0).ratio());
    }

    /** The overlap with {@code peer}, and in brackets with {@code peerExclusive} when there is one. */
    private static String overlaps(MethodProfile profq, MethodProfile peer, MethodProfile peerExclusive, ProgramMeasurement.Outcome o) {
        String both = overlap(profq, peer, o);
        return profq != null && peerExclusive != null ? both + " (" + overlap(profq, peerExclusive, o) + " excl.)" : both;
    }

    private static String overlap(MethodProfile profq, MethodProfile peer, ProgramMeasurement.Outcome o) {
        if (profq == null || peer == null) {
            return "—";
        }
        return format("%.1f%%", MethodProfile.overlapPercent(profq.normalisedOver(o.program), peer.normalisedOver(o.program)));
    }

    private static String indent(String text) {
        return text.replace("\n", "\n    ");
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
