package org.profq.recording;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which event families a recording holds, and why: read from the recorder's options as its header
 * keeps them ({@code events=}, {@code values=}, {@code for=}), with the agent's own implications
 * (values imply calls, uses imply deaths, deaths imply allocations; without {@code events=}, calls
 * and allocations). The query side has no agent, so it reads the options here; the agent's tests
 * check that both agree. A table over a family the recording left out refuses to be read with
 * {@link #notRecorded} instead of coming back empty.
 *
 * @param families   the families recorded, in {@link #FAMILIES} order
 * @param forReports the reports the recording was made for ({@code profq record --for}); empty when it was not
 */
public record RecordedEvents(Set<String> families, List<String> forReports) {
    /** Every family the recorder knows, by the names {@code --events} takes. */
    public static final List<String> FAMILIES = List.of("calls", "allocations", "deaths", "exceptions", "uses");

    public RecordedEvents {
        families = Set.copyOf(families);
        forReports = List.copyOf(forReports);
    }

    /** What the recorder options {@code options} (as the header keeps them) recorded. */
    public static RecordedEvents of(String options) {
        Set<String> chosen = new LinkedHashSet<>(List.of("calls", "allocations"));
        boolean values = false;
        List<String> reports = new ArrayList<>();
        for (String option : options == null ? new String[0] : options.split(",")) {
            int equals = option.indexOf('=');
            String key = equals < 0 ? option.strip() : option.substring(0, equals).strip();
            String value = equals < 0 ? "" : option.substring(equals + 1).strip();
            switch (key) {
                case "events" -> chosen = items(value.toLowerCase(Locale.ROOT));
                case "values" -> values = true;
                case "for" -> reports.addAll(items(value));
                default -> {
                    // the other options choose how, not what
                }
            }
        }
        if (values) {
            chosen.add("calls");
        }
        if (chosen.contains("uses")) {
            chosen.add("deaths");
        }
        if (chosen.contains("deaths")) {
            chosen.add("allocations");
        }
        Set<String> families = new LinkedHashSet<>();
        FAMILIES.stream().filter(chosen::contains).forEach(families::add);
        return new RecordedEvents(families, reports);
    }

    public boolean has(String family) {
        return families.contains(family);
    }

    /** The families recorded, in {@link #FAMILIES} order. */
    public List<String> inOrder() {
        return FAMILIES.stream().filter(families::contains).toList();
    }

    /** Why the recording holds what it does: "it was recorded --for heap,time" or "it was recorded with --events=calls:allocations". */
    public String reason() {
        return forReports.isEmpty() ? "it was recorded with --events=" + String.join(":", inOrder())
                : "it was recorded --for " + String.join(",", forReports);
    }

    /**
     * The one sentence a query on {@code family}'s table gets when the recording left it out:
     * "this recording has no call events: it was recorded --for heap; ...".
     */
    public String notRecorded(String family) {
        String singular = family.substring(0, family.length() - 1);
        return "this recording has no " + singular + " events: " + reason() + "; "
                + (forReports.isEmpty() ? "record again with " + family + " in --events."
                        : "record again --for a report that reads them, or without --for.");
    }

    /** Whether the recorder options {@code options} value-profiled methods ({@code values=}), filling the value tables. */
    public static boolean valueProfiled(String options) {
        for (String option : options == null ? new String[0] : options.split(",")) {
            if (option.strip().startsWith("values=")) {
                return true;
            }
        }
        return false;
    }

    /** The one sentence for what reads value profiles of a recording made without {@code --values}. */
    public static String noValueProfiles() {
        return "this recording has no value profiles: it was recorded without --values; record again with"
                + " --values=PATTERN (the methods to profile, as package.Class.method globs).";
    }

    private static Set<String> items(String list) {
        Set<String> items = new LinkedHashSet<>();
        for (String item : list.split(":")) {
            if (!item.isBlank()) {
                items.add(item.strip());
            }
        }
        return items;
    }
}
