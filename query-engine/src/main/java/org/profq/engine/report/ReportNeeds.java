package org.profq.engine.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.profq.engine.ProfileViews;
import org.profq.engine.function.CallTreeFunctions;
import org.profq.recording.RecordedEvents;

/**
 * What a report reads, in the terms {@code profq record --for} records by: the event families
 * ({@link RecordedEvents#FAMILIES}) and {@link #VALUES}. A report declares it in its header
 * ({@code -- Needs: allocations}); it can also be worked out from the tables its SQL reads,
 * following each profile view to the tables it builds on (the views' {@code Builds on:} headers,
 * which {@code ProfileViewsTest} checks against their SQL). A built-in report's declaration must
 * agree with its SQL; a user's report without one is recorded for what its SQL reads.
 */
public final class ReportNeeds {
    /** Value profiles: the tables {@code --values=PATTERN} fills, which name no family of their own. */
    public static final String VALUES = "values";

    /** The family (or {@link #VALUES}) whose events make each table; tables not here are dictionaries, always recorded. */
    private static final Map<String, String> TABLE_NEEDS = Map.ofEntries(
            Map.entry("calls", "calls"), Map.entry("_call_times", "calls"), Map.entry("allocations", "allocations"),
            Map.entry("deaths", "deaths"), Map.entry("exceptions", "exceptions"), Map.entry("uses", "uses"),
            Map.entry("params", VALUES), Map.entry("followed_objects", VALUES), Map.entry("field_writes", VALUES),
            Map.entry("reference_fields", VALUES), Map.entry("value_tuples", VALUES));
    private static final Pattern NEEDS = Pattern.compile("--\\s*Needs:\\s*(.*?)\\.?\\s*");
    private static final Pattern COMMENT = Pattern.compile("--[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL);
    /** {@code FROM name}, {@code JOIN schema.name}, {@code TABLE(descendants(...))}; quoted names too. */
    private static final Pattern READ = Pattern.compile(
            "(?i)\\b(?:FROM|JOIN)\\s+(?:TABLE\\s*\\(\\s*)?(?:\"?\\w+\"?\\s*\\.\\s*)?\"?(\\w+)\"?");
    /** {@code WITH name AS (}, {@code , name (a, b) AS (}: the statement's own names, not tables. */
    private static final Pattern COMMON_TABLE = Pattern.compile("(?i)(?:\\bWITH|,)\\s*(\\w+)\\s*(?:\\([^)]*\\))?\\s+AS\\s*\\(");

    /** The family (or {@link #VALUES}) whose events fill {@code table}; empty for a dictionary, always recorded. */
    public static Optional<String> ofTable(String table) {
        return Optional.ofNullable(TABLE_NEEDS.get(table.toLowerCase(Locale.ROOT)));
    }

    /**
     * Why a recording made with the recorder options {@code options} cannot answer what needs
     * {@code need} (a family or {@link #VALUES}): the sentence a query of its table fails with;
     * empty when it was recorded.
     */
    public static Optional<String> notRecorded(String need, String options) {
        if (need.equals(VALUES)) {
            return RecordedEvents.valueProfiled(options) ? Optional.empty()
                    : Optional.of(RecordedEvents.noValueProfiles());
        }
        RecordedEvents recorded = RecordedEvents.of(options);
        return recorded.has(need) ? Optional.empty() : Optional.of(recorded.notRecorded(need));
    }

    /** What {@code report} needs: its declaration, or what its SQL reads when it declares nothing. */
    public static Set<String> of(Report report) {
        return report.declaredNeeds().orElseGet(() -> derived(report));
    }

    /** What {@code report}'s SQL reads, through the views it reads, in {@link #order} order. */
    public static Set<String> derived(Report report) {
        String sql = COMMENT.matcher(report.compiledSql()).replaceAll(" ");
        Set<String> ownNames = new TreeSet<>();
        for (Matcher common = COMMON_TABLE.matcher(sql); common.find(); ) {
            ownNames.add(common.group(1).toLowerCase(Locale.ROOT));
        }
        List<String> read = new ArrayList<>();
        for (Matcher names = READ.matcher(sql); names.find(); ) {
            String name = names.group(1).toLowerCase(Locale.ROOT);
            if (!ownNames.contains(name)) {
                read.add(name);
            }
        }
        return readBy(read);
    }

    /** What the tables, views and call-tree functions {@code names} read; names of none of these need nothing. */
    public static Set<String> readBy(Collection<String> names) {
        Deque<String> toRead = new ArrayDeque<>(names);
        Set<String> needs = new LinkedHashSet<>();
        Set<String> seen = new TreeSet<>();
        while (!toRead.isEmpty()) {
            String name = toRead.pop();
            if (!seen.add(name)) {
                continue;
            }
            if (TABLE_NEEDS.containsKey(name)) {
                needs.add(TABLE_NEEDS.get(name));
            } else if (CallTreeFunctions.NAMES.contains(name)) {
                needs.add("calls");
            } else if (ProfileViews.has(name)) {
                toRead.addAll(ProfileViews.doc(name).buildsOn());
            }
        }
        return order(needs);
    }

    /** The needs a {@code -- Needs:} header line names; IllegalArgumentException with a sentence for an unknown one. */
    static Set<String> declared(String line, String source) {
        Matcher matcher = NEEDS.matcher(line);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("not a Needs line: " + line);
        }
        Set<String> needs = new LinkedHashSet<>();
        for (String need : matcher.group(1).split("\\s*,\\s*")) {
            String name = need.strip().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            if (!RecordedEvents.FAMILIES.contains(name) && !name.equals(VALUES)) {
                throw new IllegalArgumentException("the report " + source + " says it needs '" + need.strip() + "'; a report needs "
                        + String.join(", ", RecordedEvents.FAMILIES) + " or " + VALUES + ", several as '-- Needs: calls, allocations'.");
            }
            needs.add(name);
        }
        return order(needs);
    }

    /** {@code needs} in the order of {@link RecordedEvents#FAMILIES}, then values. */
    private static Set<String> order(Set<String> needs) {
        Set<String> ordered = new LinkedHashSet<>();
        for (String family : List.of("calls", "allocations", "deaths", "exceptions", "uses", VALUES)) {
            if (needs.contains(family)) {
                ordered.add(family);
            }
        }
        return ordered;
    }

    private ReportNeeds() {
    }
}
