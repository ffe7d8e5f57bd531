package org.profq.cli;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.profq.agent.AgentOptions;
import org.profq.agent.AgentOptions.EventFamily;
import org.profq.recording.RecordedEvents;

/**
 * The event families a recording holds (calls, allocations, deaths, exceptions, uses), read from
 * the recorder's options in its header with the agent's own parser, and what leaving one out
 * costs: a recording without calls has no time, call-tree and flame profiles, one without
 * allocations no heap profiles. {@code profq record} says so before the program starts and
 * {@code profq info} lists the families and the reports they were chosen for ({@code --for}); a
 * query on a table of a family left out fails with one sentence in the engine
 * ({@code EventsNotRecordedException}).
 */
public final class RecordedFamilies {
    /** The families recorded under {@code agentOptions} (as the header keeps them), or empty if they cannot be read. */
    static Optional<Set<EventFamily>> recorded(String agentOptions) {
        try {
            Set<EventFamily> events = EnumSet.noneOf(EventFamily.class);
            events.addAll(AgentOptions.parse(agentOptions).events());
            return Optional.of(events);
        } catch (IllegalArgumentException unknown) {
            return Optional.empty(); // a recorder newer than this profq
        }
    }

    /**
     * {@code calls, allocations; not recorded: deaths, exceptions, uses}, and the methods whose
     * values were profiled; empty if the options cannot be read.
     */
    static Optional<String> describe(String agentOptions) {
        AgentOptions options;
        try {
            options = AgentOptions.parse(agentOptions);
        } catch (IllegalArgumentException unknown) {
            return Optional.empty();
        }
        List<String> in = new ArrayList<>();
        List<String> out = new ArrayList<>();
        for (EventFamily kind : EventFamily.values()) {
            (options.records(kind) ? in : out).add(kind.optionName());
        }
        return Optional.of(String.join(", ", in) + (out.isEmpty() ? "" : "; not recorded: " + String.join(", ", out))
                + (options.values().isEmpty() ? "" : "; values of " + String.join(", ", options.values())));
    }

    /** {@code heap, time (profq record --for: the event kinds these reports read)}, when the recording was made {@code --for} them. */
    static Optional<String> recordedFor(String agentOptions) {
        List<String> reports = RecordedEvents.of(agentOptions).forReports();
        return reports.isEmpty() ? Optional.empty()
                : Optional.of(String.join(", ", reports) + " (profq record --for: the event kinds "
                        + (reports.size() == 1 ? "this report reads" : "these reports read") + ")");
    }

    /** For {@code profq record --for}: what it records, before the program starts ("--for heap records allocations (what the report reads); not recorded: calls, ..."). */
    static String forLine(String agentOptions) {
        RecordedEvents recorded = RecordedEvents.of(agentOptions);
        List<String> left = RecordedEvents.FAMILIES.stream().filter(family -> !recorded.has(family)).toList();
        return "--for " + String.join(",", recorded.forReports()) + " records " + String.join(", ", recorded.inOrder())
                + " (what " + (recorded.forReports().size() == 1 ? "the report reads" : "the reports read") + ")"
                + (left.isEmpty() ? "" : "; not recorded: " + String.join(", ", left)) + ".";
    }

    /**
     * For {@code profq record}: what the chosen families leave out, as one sentence, when calls
     * or allocations (what the main profiles need) are not among them.
     */
    static Optional<String> leftOut(String events, String agentOptions) {
        Set<EventFamily> recorded = recorded(agentOptions).orElse(EnumSet.allOf(EventFamily.class));
        List<String> missing = new ArrayList<>();
        List<String> profiles = new ArrayList<>();
        if (!recorded.contains(EventFamily.CALLS)) {
            missing.add("calls");
            profiles.addAll(List.of("time", "call-tree", "flame"));
        }
        if (!recorded.contains(EventFamily.ALLOCATIONS)) {
            missing.add("allocations");
            profiles.add("heap");
        }
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("--events=" + events + " records no " + String.join(" and no ", missing) + ", so the "
                + inWords(profiles) + (profiles.size() == 1 ? " profile" : " profiles") + " will be empty; add "
                + String.join(" and ", missing) + " to --events to have " + (profiles.size() == 1 ? "it." : "them."));
    }

    /** "a", "a and b", "a, b and c". */
    static String inWords(List<String> words) {
        return words.size() == 1 ? words.get(0)
                : String.join(", ", words.subList(0, words.size() - 1)) + " and " + words.get(words.size() - 1);
    }

    private RecordedFamilies() {
    }
}
