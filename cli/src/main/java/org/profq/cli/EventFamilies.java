package org.profq.cli;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import org.profq.agent.AgentOptions;
import org.profq.agent.AgentOptions.EventKind;

/**
 * The event families a recording holds (calls, allocations, deaths, exceptions, uses), read from
 * the recorder's options in its header with the agent's own parser, and what leaving one out
 * costs: a recording without calls has empty time, call-tree and flame profiles, one without
 * allocations empty heap profiles. {@code profq record} says so before the program starts,
 * {@code profq info} lists the families, and a query that comes back empty for that reason says
 * why instead of printing nothing.
 */
public final class EventFamilies {
    /** What reads calls: the table and its views in SQL, and the language's profiles over them. */
    private static final Pattern READS_CALLS = Pattern.compile(
            "(?is)\\b(calls|time_by_method|call_tree|flame)\\b|^\\s*(time\\s+by|tree\\b|calls\\s+of)");
    private static final Pattern READS_ALLOCATIONS = Pattern.compile(
            "(?is)\\b(allocations|heap_by_method|heap_by_site|heap_by_class|lifetimes|lifetime_by_site|waste|waste_by_site)\\b"
                    + "|^\\s*(heap|lifetime|waste)\\s+by");

    /** The families recorded under {@code agentOptions} (as the header keeps them), or empty if they cannot be read. */
    static Optional<Set<EventKind>> recorded(String agentOptions) {
        try {
            Set<EventKind> events = EnumSet.noneOf(EventKind.class);
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
        for (EventKind kind : EventKind.values()) {
            (options.records(kind) ? in : out).add(kind.optionName());
        }
        return Optional.of(String.join(", ", in) + (out.isEmpty() ? "" : "; not recorded: " + String.join(", ", out))
                + (options.values().isEmpty() ? "" : "; values of " + String.join(", ", options.values())));
    }

    /**
     * For {@code profq record}: what the chosen families leave out, as one sentence, when calls
     * or allocations (what the main profiles need) are not among them.
     */
    static Optional<String> leftOut(String events, String agentOptions) {
        Set<EventKind> recorded = recorded(agentOptions).orElse(EnumSet.allOf(EventKind.class));
        List<String> missing = new ArrayList<>();
        List<String> profiles = new ArrayList<>();
        if (!recorded.contains(EventKind.CALLS)) {
            missing.add("calls");
            profiles.addAll(List.of("time", "call-tree", "flame"));
        }
        if (!recorded.contains(EventKind.ALLOCATIONS)) {
            missing.add("allocations");
            profiles.add("heap");
        }
        if (missing.isEmpty()) {
            return Optional.empty();
        }
        String last = profiles.remove(profiles.size() - 1);
        return Optional.of("--events=" + events + " records no " + String.join(" and no ", missing) + ", so the "
                + String.join(", ", profiles) + " and " + last + " profiles will be empty; add " + String.join(" and ", missing)
                + " to --events to have them.");
    }

    /**
     * Why {@code statement} came back without rows, when it reads calls or allocations and the
     * recording open as the connection's default schema was made without them; empty otherwise.
     */
    public static Optional<String> whyEmpty(Connection connection, String statement) {
        if (statement == null) {
            return Optional.empty();
        }
        boolean readsCalls = READS_CALLS.matcher(statement).find();
        boolean readsAllocations = READS_ALLOCATIONS.matcher(statement).find();
        if (!readsCalls && !readsAllocations) {
            return Optional.empty();
        }
        String options;
        try (Statement query = connection.createStatement(); ResultSet run = query.executeQuery("SELECT options FROM run")) {
            if (!run.next()) {
                return Optional.empty();
            }
            options = run.getString(1);
        } catch (SQLException cannotTell) {
            return Optional.empty();
        }
        Set<EventKind> recorded = recorded(options == null ? "" : options).orElse(EnumSet.allOf(EventKind.class));
        String missing = readsCalls && !recorded.contains(EventKind.CALLS) ? "calls"
                : readsAllocations && !recorded.contains(EventKind.ALLOCATIONS) ? "allocations" : null;
        if (missing == null) {
            return Optional.empty();
        }
        return Optional.of("no rows, because the recording has no " + missing + ": it was recorded with events="
                + String.join(":", recorded.stream().map(EventKind::optionName).toList())
                + "; record again with " + missing + " in --events.");
    }

    private EventFamilies() {
    }
}
