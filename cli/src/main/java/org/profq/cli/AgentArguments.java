package org.profq.cli;

import java.util.ArrayList;
import java.util.List;

import org.profq.agent.AgentOptions;

/**
 * {@code profq record}'s options as the agent's option string ({@code key=value,...}, list
 * items joined with {@code :}), checked by the agent's own parser so that what profq accepts
 * the agent accepts too, and a mistake is found before the program starts.
 */
record AgentArguments(List<String> include, List<String> exclude, String events, String clock, Long tickMicros,
                      Integer trackEvery, boolean finalGc, String cache, String maxSize, String maxAge, List<String> values,
                      boolean rawStrings, Long flushMillis, List<String> aspects, List<String> forReports) {
    AgentArguments {
        forReports = List.copyOf(forReports);
        include = List.copyOf(include);
        aspects = List.copyOf(aspects);
        exclude = List.copyOf(exclude);
        values = List.copyOf(values);
    }

    /** The option string with {@code out=outDirectory} (none when null); a mistake throws with one sentence. */
    String withOut(String outDirectory) {
        List<String> options = new ArrayList<>();
        add(options, "include", include.isEmpty() ? null : String.join(":", include));
        add(options, "exclude", exclude.isEmpty() ? null : String.join(":", exclude));
        add(options, "events", events);
        add(options, "out", outDirectory);
        add(options, "clock", clock);
        add(options, "tick", tickMicros == null ? null : tickMicros.toString());
        add(options, "track", trackEvery == null ? null : trackEvery.toString());
        add(options, "finalgc", finalGc ? null : "false");
        add(options, "cache", cache);
        add(options, "maxsize", maxSize);
        add(options, "maxage", maxAge);
        add(options, "values", values.isEmpty() ? null : String.join(":", values));
        add(options, "rawstrings", rawStrings ? "true" : null);
        add(options, "flush", flushMillis == null ? null : flushMillis.toString());
        add(options, "aspects", aspects.isEmpty() ? null : String.join(":", aspects));
        add(options, "for", forReports.isEmpty() ? null : String.join(":", forReports));
        String joined = String.join(",", options);
        AgentOptions.parse(joined);
        return joined;
    }

    private static void add(List<String> options, String key, String value) {
        if (value == null) {
            return;
        }
        if (value.contains(",")) {
            // The agent's option string separates options with commas and has no escape for one.
            throw new IllegalArgumentException("--" + key + " " + value + " has a comma, which cannot reach the agent; "
                    + (key.equals("out") ? "choose another with --out." : "give one value per --" + key + " or separate them with ':'."));
        }
        options.add(key + "=" + value);
    }
}
