package org.profq.check;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * A run's exact counts, by kind and subject: calls per method (its signature), calls per calling
 * context (the signatures from a thread's outermost recorded call down to the method, joined by
 * ';'), objects and bytes per allocation site and throws per throw site ({@code signature:line
 * type}), read from the profile views of a recording or from a baseline file. Sites with the same
 * method, line and type count as one, as a reader of the source sees them. Only the kinds the
 * recording recorded are there: a kind left out is not a count of zero.
 */
public final class ExactCounts {
    /** The subject of a site outside any recorded call. */
    public static final String OUTSIDE_CALLS = "(outside recorded calls)";
    /** How a calling context joins its signatures, outermost first (calls.stack, call_tree.path, collapsed stacks). */
    public static final String CONTEXT_SEPARATOR = ";";
    /** The start of profq's own frames (<profq: weaving>): not the program's, left out of a context. */
    private static final String PROFQ_FRAME = "<profq: ";

    private final Map<CountKind, SortedMap<String, Long>> counts;

    ExactCounts(Map<CountKind, SortedMap<String, Long>> counts) {
        this.counts = counts;
    }

    /** Counts by kind and subject, as counted elsewhere (a window of a recording): the kinds given were counted, with these values. */
    public static ExactCounts of(Map<CountKind, ? extends Map<String, Long>> counts) {
        Map<CountKind, SortedMap<String, Long>> copy = new EnumMap<>(CountKind.class);
        counts.forEach((kind, values) -> copy.put(kind, new TreeMap<>(values)));
        return new ExactCounts(copy);
    }

    /**
     * The counts of the recording open on {@code connection}, of the kinds in {@code recorded}
     * (the event families it holds decide which: calls for calls and contexts, allocations for
     * objects and bytes, exceptions).
     */
    public static ExactCounts read(Connection connection, Set<CountKind> recorded) throws SQLException {
        Map<CountKind, SortedMap<String, Long>> counts = new EnumMap<>(CountKind.class);
        for (CountKind kind : recorded) {
            counts.put(kind, new TreeMap<>());
        }
        try (Statement statement = connection.createStatement()) {
            if (recorded.contains(CountKind.CALLS)) {
                try (ResultSet rows = statement.executeQuery("SELECT signature, calls FROM time_by_method WHERE NOT is_profq")) {
                    while (rows.next()) {
                        counts.get(CountKind.CALLS).merge(subject(rows.getString(1)), rows.getLong(2), Long::sum);
                    }
                }
            }
            if (recorded.contains(CountKind.CONTEXTS)) {
                try (ResultSet rows = statement.executeQuery("SELECT stack, COUNT(*) FROM calls GROUP BY stack")) {
                    while (rows.next()) {
                        String context = context(rows.getString(1));
                        if (context != null) {
                            counts.get(CountKind.CONTEXTS).merge(context, rows.getLong(2), Long::sum);
                        }
                    }
                }
            }
            if (recorded.contains(CountKind.OBJECTS)) {
                try (ResultSet rows = statement.executeQuery("SELECT signature, line, type_name, objects, bytes FROM heap_by_site")) {
                    while (rows.next()) {
                        String site = site(rows.getString(1), rows.getInt(2), rows.getString(3));
                        counts.get(CountKind.OBJECTS).merge(site, rows.getLong(4), Long::sum);
                        counts.get(CountKind.BYTES).merge(site, rows.getLong(5), Long::sum);
                    }
                }
            }
            if (recorded.contains(CountKind.THROWS)) {
                try (ResultSet rows = statement.executeQuery("SELECT signature, line, type_name, throws FROM exceptions_by_site")) {
                    while (rows.next()) {
                        counts.get(CountKind.THROWS).merge(site(rows.getString(1), rows.getInt(2), rows.getString(3)), rows.getLong(4),
                                Long::sum);
                    }
                }
            }
        }
        return new ExactCounts(counts);
    }

    /**
     * A calling context's subject: the stack's signatures without profq's own frames (a class
     * woven on this run and read from the cache on the next is the same program); null for a stack
     * that ends in one of profq's frames, which is no call of the program.
     */
    public static String context(String stack) {
        String[] frames = stack.split(CONTEXT_SEPARATOR, -1);
        if (frames[frames.length - 1].startsWith(PROFQ_FRAME)) {
            return null;
        }
        if (!stack.contains(PROFQ_FRAME)) {
            return stack;
        }
        StringJoiner context = new StringJoiner(CONTEXT_SEPARATOR);
        for (String frame : frames) {
            if (!frame.startsWith(PROFQ_FRAME)) {
                context.add(frame);
            }
        }
        return context.toString();
    }

    /**
     * The calls of the methods {@code callee} names made while a call of a method {@code caller}
     * names was open on their thread (the caller's callee, or deeper); an IllegalStateException if
     * the calling contexts were not counted (a recording without calls, or an older baseline file).
     */
    public long callsInside(SubjectGlob callee, SubjectGlob caller) {
        SortedMap<String, Long> contexts = counts.get(CountKind.CONTEXTS);
        if (contexts == null) {
            throw new IllegalStateException("the calls by calling context were not counted");
        }
        long total = 0;
        for (Map.Entry<String, Long> context : contexts.entrySet()) {
            String[] path = context.getKey().split(CONTEXT_SEPARATOR);
            if (!callee.matches(path[path.length - 1])) {
                continue;
            }
            for (int i = 0; i < path.length - 1; i++) {
                if (caller.matches(path[i])) {
                    total += context.getValue();
                    break;
                }
            }
        }
        return total;
    }

    /** The kinds of count a recording made with these event families has. */
    public static Set<CountKind> kindsOf(boolean calls, boolean allocations, boolean exceptions) {
        Set<CountKind> kinds = EnumSet.noneOf(CountKind.class);
        if (calls) {
            kinds.add(CountKind.CALLS);
            kinds.add(CountKind.CONTEXTS);
        }
        if (allocations) {
            kinds.add(CountKind.OBJECTS);
            kinds.add(CountKind.BYTES);
        }
        if (exceptions && calls) {
            kinds.add(CountKind.THROWS); // exceptions_by_site names the method a throw was seen in, which needs the calls
        }
        return kinds;
    }

    private static String subject(String signature) {
        return signature == null ? OUTSIDE_CALLS : signature;
    }

    /** A site's subject: {@code a.B.parse(java.lang.String):42 char[]}; a null signature is a site outside any recorded call. */
    public static String site(String signature, int line, String type) {
        return subject(signature) + ":" + line + " " + type;
    }

    /** The kinds counted. */
    public Set<CountKind> kinds() {
        return counts.isEmpty() ? EnumSet.noneOf(CountKind.class) : EnumSet.copyOf(counts.keySet());
    }

    /** The counts of {@code kind} by subject, in subject order; empty if the kind was not counted. */
    public SortedMap<String, Long> of(CountKind kind) {
        return Collections.unmodifiableSortedMap(counts.getOrDefault(kind, new TreeMap<>()));
    }

    /** How many counts there are, of every kind. */
    public int size() {
        return counts.values().stream().mapToInt(Map::size).sum();
    }
}
