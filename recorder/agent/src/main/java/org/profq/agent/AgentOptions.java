package org.profq.agent;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.profq.format.BaseDirectories;
import org.profq.log.WindowLimits;
import org.profq.weave.UserAspects;
import org.profq.weave.WeavingOptions;
import org.profq.weave.WeavingOptions.Aspect;

/**
 * The agent's options, parsed from {@code -javaagent:profq-agent.jar=key=value,key=value}.
 * {@code profq record} takes the same names as {@code --key value}. Lists separate their
 * items with {@code :} (never with {@code +}, which AspectJ type patterns use).
 */
public record AgentOptions(List<String> include, List<String> exclude, Set<EventFamily> events,
                           Path out, boolean exactClock, long tickMicros, int trackEvery, boolean finalGc, Path cache,
                           WindowLimits window, List<String> values, boolean rawStrings, long flushMillis, UserAspects aspects,
                           String raw) {

    /** The event families the recorder can weave in, by their option names. */
    public enum EventFamily {
        /** Method and constructor executions: entry, and exit by return or throw. */
        CALLS,
        /** Every {@code new} of an object or array. */
        ALLOCATIONS,
        /** The death of the first and every {@code track}th allocated object of each site (implies allocations). */
        DEATHS,
        /** Every exception thrown, by class, call and line. */
        EXCEPTIONS,
        /** Field reads and writes and method calls on tracked objects (implies deaths). */
        USES;

        public String optionName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static final String KNOWN = "include, exclude, events, out, clock, tick, track, finalgc, cache, maxsize, maxage, values, rawstrings, flush, aspects, for";
    private static final long DEFAULT_TICK_MICROS = 200;
    /** How old a thread's batch may grow before it is written: what a live reader may lag and a killed program may lose. */
    public static final long DEFAULT_FLUSH_MILLIS = 1_000;
    private static final int DEFAULT_TRACK_EVERY = 100;

    /** Parses the agent string; a mistake throws {@link IllegalArgumentException} with a one-sentence message. */
    public static AgentOptions parse(String agentArgs) {
        List<String> include = new ArrayList<>();
        List<String> exclude = new ArrayList<>();
        Set<EventFamily> events = new LinkedHashSet<>(List.of(EventFamily.CALLS, EventFamily.ALLOCATIONS));
        Path out = null;
        boolean exact = false;
        long tick = DEFAULT_TICK_MICROS;
        int track = DEFAULT_TRACK_EVERY;
        boolean finalGc = true;
        Path cache = defaultCache();
        long maxBytes = 0;
        long maxAgeNanos = 0;
        List<String> values = new ArrayList<>();
        boolean rawStrings = false;
        long flush = DEFAULT_FLUSH_MILLIS;
        List<Path> aspects = new ArrayList<>();
        String raw = agentArgs == null ? "" : agentArgs.trim();
        if (!raw.isEmpty()) {
            for (String option : raw.split(",")) {
                int equals = option.indexOf('=');
                if (equals <= 0) {
                    throw new IllegalArgumentException("agent option '" + option + "' needs the form key=value; known keys are " + KNOWN + ".");
                }
                String key = option.substring(0, equals).trim();
                String value = option.substring(equals + 1).trim();
                switch (key) {
                    case "include" -> include.addAll(items(key, value));
                    case "exclude" -> exclude.addAll(items(key, value));
                    case "events" -> events = events(value);
                    case "out" -> out = Path.of(value);
                    case "clock" -> exact = clock(value);
                    case "tick" -> tick = tickMicros(value);
                    case "track" -> track = trackEvery(value);
                    case "finalgc" -> finalGc = flag(key, value);
                    case "cache" -> cache = value.equals("off") ? null : Path.of(value);
                    case "maxsize" -> maxBytes = maxBytes(value);
                    case "maxage" -> maxAgeNanos = maxAgeNanos(value);
                    case "values" -> values.addAll(methodPatterns(value));
                    case "rawstrings" -> rawStrings = flag(key, value);
                    case "flush" -> flush = flushMillis(value);
                    case "aspects" -> aspects.addAll(jars(value));
                    case "for" -> reportNames(value); // kept in the header's options (raw) for profq info and the query side
                    default -> throw new IllegalArgumentException("unknown agent option '" + key + "'; known options are " + KNOWN + ".");
                }
            }
        }
        if (!exact && flush * 1_000 < tick) {
            // With the tick clock a batch only ages when the clock moves: once a tick.
            throw new IllegalArgumentException("flush=" + flush + " ms is shorter than the tick clock's period (tick=" + tick
                    + " µs); use a longer flush or a shorter tick.");
        }
        if (!values.isEmpty()) {
            events.add(EventFamily.CALLS); // a call's parameters belong to its call
        }
        if (events.contains(EventFamily.USES)) {
            events.add(EventFamily.DEATHS); // uses are followed on the tracked objects only
        }
        if (events.contains(EventFamily.DEATHS)) {
            events.add(EventFamily.ALLOCATIONS); // a death needs its object's allocation
        }
        return new AgentOptions(List.copyOf(include), List.copyOf(exclude), Set.copyOf(events), out, exact, tick, track, finalGc,
                cache, new WindowLimits(maxBytes, maxAgeNanos), List.copyOf(values), rawStrings, flush,
                aspects.isEmpty() ? UserAspects.NONE : UserAspects.read(aspects), raw);
    }

    /**
     * Where woven classes are kept between runs ({@link org.profq.weave.WovenClassCache}) unless {@code cache=off}
     * or {@code cache=<dir>}: {@code $XDG_CACHE_HOME/profq/woven}, or {@code $HOME/.cache/profq/woven}.
     */
    static Path defaultCache() {
        return BaseDirectories.cacheHome().resolve("profq").resolve("woven");
    }

    public boolean records(EventFamily kind) {
        return events.contains(kind);
    }

    /** What the weaver needs of these options: the aspects of the chosen event families, the patterns, the cache. */
    public WeavingOptions weaving() {
        Set<Aspect> aspects = EnumSet.noneOf(Aspect.class);
        if (records(EventFamily.CALLS)) {
            aspects.add(Aspect.CALLS);
        }
        if (records(EventFamily.ALLOCATIONS)) {
            aspects.add(Aspect.ALLOCATIONS);
        }
        if (records(EventFamily.USES)) {
            aspects.add(Aspect.USES);
        }
        if (records(EventFamily.EXCEPTIONS)) {
            aspects.add(Aspect.EXCEPTIONS);
        }
        if (!values.isEmpty()) {
            aspects.add(Aspect.VALUES);
        }
        // A user's @Around advice makes AspectJ define closure classes beside the class it weaves,
        // which the woven-class cache does not keep: a class taken from it would miss them.
        Path weavingCache = this.aspects.aspects().isEmpty() ? cache : null;
        return new WeavingOptions(aspects, include, exclude, weavingCache, this.aspects);
    }

    /** The user's aspect jars ({@code aspects=a.jar:b.jar}); {@link UserAspects#read} checks each. */
    private static List<Path> jars(String value) {
        List<Path> jars = new ArrayList<>();
        for (String item : value.split(":")) {
            if (!item.isBlank()) {
                jars.add(Path.of(item.trim()));
            }
        }
        if (jars.isEmpty()) {
            throw new IllegalArgumentException("aspects needs a jar, such as aspects=my-aspects.jar (several joined with ':').");
        }
        return jars;
    }

    private static List<String> items(String key, String value) {
        List<String> items = new ArrayList<>();
        for (String item : value.split(":")) {
            if (!item.isBlank()) {
                if (!item.matches("[\\w.*$\\[\\]+]+")) {
                    throw new IllegalArgumentException("'" + item + "' is not a class pattern for " + key + "; use AspectJ type patterns such as com.example..* or com.example.Main.");
                }
                items.add(item.trim());
            }
        }
        return items;
    }

    /**
     * Globs over {@code package.Class.method}: {@code *} is any run of characters, dots included
     * ({@code *Calc.square}, {@code org.h2.command.*.update*}); a constructor is {@code <init>}.
     */
    private static List<String> methodPatterns(String value) {
        List<String> patterns = new ArrayList<>();
        for (String item : value.split(":")) {
            String pattern = item.trim();
            if (pattern.isEmpty()) {
                continue;
            }
            if (!pattern.matches("[\\w.*$<>]+")) {
                throw new IllegalArgumentException("'" + pattern + "' is not a method pattern for values; use a glob over"
                        + " package.Class.method such as *Calc.square or org.h2.command.*.update* (* is any run of characters).");
            }
            patterns.add(pattern);
        }
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException("values needs a method pattern, such as values=*Calc.square.");
        }
        return patterns;
    }

    /**
     * {@code for=heap:time}: the reports {@code profq record --for} chose the events for. The agent
     * records what {@code events=} says; the names only explain the choice to whoever reads the
     * recording ({@link org.profq.recording.RecordedEvents}).
     */
    private static void reportNames(String value) {
        if (value.isBlank() || java.util.Arrays.stream(value.split(":")).anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("for needs report names joined with ':', such as for=heap:time.");
        }
    }

    private static boolean flag(String key, String value) {
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(key + " '" + value + "' is not true or false.");
        };
    }

    private static Set<EventFamily> events(String value) {
        Set<EventFamily> kinds = new LinkedHashSet<>();
        for (String item : value.split(":")) {
            try {
                kinds.add(EventFamily.valueOf(item.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown event kind '" + item
                        + "'; use calls, allocations, deaths, exceptions or uses, several as calls:allocations.");
            }
        }
        return kinds;
    }

    private static boolean clock(String value) {
        return switch (value) {
            case "tick" -> false;
            case "exact" -> true;
            default -> throw new IllegalArgumentException("unknown clock '" + value + "'; use clock=tick (default, cheap) or clock=exact (System.nanoTime per event).");
        };
    }

    private static int trackEvery(String value) {
        try {
            int every = Integer.parseInt(value);
            if (every >= 1) {
                return every;
            }
        } catch (NumberFormatException ignored) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("track '" + value + "' is not a whole number of 1 or more (1 tracks every object, 100 every hundredth).");
    }

    private static final Pattern SIZE = Pattern.compile("(\\d{1,12})([kmg]?)", Pattern.CASE_INSENSITIVE);
    private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(s|m|h|d)", Pattern.CASE_INSENSITIVE);

    /** A size in bytes: {@code 512k}, {@code 100m}, {@code 1g}, or plain bytes. */
    private static long maxBytes(String value) {
        Matcher size = SIZE.matcher(value);
        if (!size.matches() || Long.parseLong(size.group(1)) > Long.MAX_VALUE >> 30) {
            throw new IllegalArgumentException("maxsize '" + value + "' is not a size; use a whole number with k, m or g, such as 100m or 1g.");
        }
        int shift = switch (size.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            default -> 0;
        };
        long bytes = Long.parseLong(size.group(1)) << shift;
        if (bytes < WindowLimits.MIN_BYTES) {
            throw new IllegalArgumentException("maxsize '" + value + "' is too small; use 1m or more (the recording's names and a few segments of events must fit).");
        }
        return bytes;
    }

    /** A duration: {@code 30s}, {@code 10m}, {@code 2h}, {@code 1d}. */
    private static long maxAgeNanos(String value) {
        Matcher duration = DURATION.matcher(value);
        if (!duration.matches()) {
            throw new IllegalArgumentException("maxage '" + value + "' is not a duration; use a whole number with s, m, h or d, such as 30s, 10m or 2h.");
        }
        long seconds = Long.parseLong(duration.group(1)) * switch (duration.group(2).toLowerCase(Locale.ROOT)) {
            case "m" -> 60;
            case "h" -> 3600;
            case "d" -> 86400;
            default -> 1;
        };
        long nanos = seconds * 1_000_000_000L;
        if (nanos < WindowLimits.MIN_AGE_NANOS) {
            throw new IllegalArgumentException("maxage '" + value + "' is too short; use 10s or more (events reach the recording up to a second late).");
        }
        return nanos;
    }

    private static long flushMillis(String value) {
        try {
            long millis = Long.parseLong(value);
            if (millis >= 10 && millis <= 60_000) {
                return millis;
            }
        } catch (NumberFormatException ignored) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("flush '" + value + "' is not a period in milliseconds between 10 and 60000.");
    }

    private static long tickMicros(String value) {
        try {
            long micros = Long.parseLong(value);
            if (micros >= 10 && micros <= 1_000_000) {
                return micros;
            }
        } catch (NumberFormatException ignored) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("tick '" + value + "' is not a period in microseconds between 10 and 1000000.");
    }
}
