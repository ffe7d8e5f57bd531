package org.profq.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.profq.agent.AgentOptions.EventFamily;
import org.profq.log.WindowLimits;
import org.profq.weave.WeaverConfiguration;

/** The agent string's grammar: key=value pairs separated by commas, list items by colons. */
class AgentOptionsTest {
    @Test
    void defaultsRecordCallsAndAllocationsWithTheTickClock() {
        AgentOptions options = AgentOptions.parse(null);

        assertEquals(Set.of(EventFamily.CALLS, EventFamily.ALLOCATIONS), options.events());
        assertEquals(List.of(), options.include());
        assertFalse(options.exactClock());
        assertEquals(200, options.tickMicros());
        assertEquals(1_000, options.flushMillis());
        assertEquals(null, options.out());
        assertTrue(options.cache().endsWith(Path.of("profq", "woven")), "woven classes are kept in the user's cache: " + options.cache());
    }

    @Test
    void everyOptionIsParsed() {
        AgentOptions options = AgentOptions.parse(
                "include=com.a..*:com.b.Main,exclude=com.a.gen..*,events=calls,out=x.profq,clock=exact,tick=50,flush=100");

        assertEquals(List.of("com.a..*", "com.b.Main"), options.include());
        assertEquals(List.of("com.a.gen..*"), options.exclude());
        assertEquals(Set.of(EventFamily.CALLS), options.events());
        assertEquals(Path.of("x.profq"), options.out());
        assertTrue(options.exactClock());
        assertEquals(50, options.tickMicros());
        assertEquals(100, options.flushMillis());
    }

    @Test
    void mistakesAreOneSentenceThatSaysWhatToDo() {
        assertEquals("unknown agent option 'colour'; known options are include, exclude, events, out, clock, tick, track, finalgc, cache, maxsize, maxage, values, rawstrings, flush, aspects, for.",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("colour=red")).getMessage());
        assertEquals("unknown event kind 'usage'; use calls, allocations, deaths, exceptions or uses, several as calls:allocations.",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("events=usage")).getMessage());
        assertEquals("tick '5' is not a period in microseconds between 10 and 1000000.",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("tick=5")).getMessage());
        assertEquals("flush '5' is not a period in milliseconds between 10 and 60000.",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("flush=5")).getMessage());
        assertEquals("flush=10 ms is shorter than the tick clock's period (tick=50000 µs); use a longer flush or a shorter tick.",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("tick=50000,flush=10")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("include=a\"b"))
                .getMessage().startsWith("'a\"b' is not a class pattern for include;"));
    }

    /** values= takes method globs (several joined with ':'), weaves ValueAspect and implies calls. */
    @Test
    void valuesChooseMethodsByGlob() {
        AgentOptions options = AgentOptions.parse("events=allocations,values=*Calc.square:org.h2.command.*.update*:*.<init>,rawstrings=true");

        assertEquals(List.of("*Calc.square", "org.h2.command.*.update*", "*.<init>"), options.values());
        assertTrue(options.rawStrings());
        assertEquals(Set.of(EventFamily.CALLS, EventFamily.ALLOCATIONS), options.events());
        assertTrue(WeaverConfiguration.xml(options.weaving()).contains("<aspect name=\"org.profq.weave.ValueAspect\"/>"));
        assertFalse(WeaverConfiguration.xml(AgentOptions.parse(null).weaving()).contains("ValueAspect"), "off unless asked for");
        assertFalse(AgentOptions.parse(null).rawStrings());
        assertEquals("'a(b' is not a method pattern for values; use a glob over package.Class.method such as *Calc.square"
                        + " or org.h2.command.*.update* (* is any run of characters).",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("values=a(b")).getMessage());
        assertEquals("rawstrings 'yes' is not true or false.",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("rawstrings=yes")).getMessage());
    }

    @Test
    void maxsizeAndMaxageSetTheWindowInBytesAndNanoseconds() {
        assertEquals(new WindowLimits(0, 0), AgentOptions.parse(null).window());
        assertEquals(new WindowLimits(512L << 20, 0), AgentOptions.parse("maxsize=512m").window());
        assertEquals(new WindowLimits(2L << 30, 0), AgentOptions.parse("maxsize=2G").window());
        assertEquals(new WindowLimits(1536L << 10, 0), AgentOptions.parse("maxsize=1536k").window());
        assertEquals(new WindowLimits(1_048_576, 0), AgentOptions.parse("maxsize=1048576").window());
        assertEquals(new WindowLimits(0, 30_000_000_000L), AgentOptions.parse("maxage=30s").window());
        assertEquals(new WindowLimits(100L << 20, 7_200_000_000_000L), AgentOptions.parse("maxsize=100m,maxage=2h").window());
        assertEquals(new WindowLimits(0, 600_000_000_000L), AgentOptions.parse("maxage=10m").window());
        assertEquals(new WindowLimits(0, 86_400_000_000_000L), AgentOptions.parse("maxage=1d").window());
    }

    @Test
    void aWindowTooSmallOrMisspeltIsOneSentence() {
        assertEquals("maxsize '512k' is too small; use 1m or more (the recording's names and a few segments of events must fit).",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("maxsize=512k")).getMessage());
        assertEquals("maxsize '1.5g' is not a size; use a whole number with k, m or g, such as 100m or 1g.",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("maxsize=1.5g")).getMessage());
        assertEquals("maxsize '999999999999g' is not a size; use a whole number with k, m or g, such as 100m or 1g.",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("maxsize=999999999999g")).getMessage());
        assertEquals("maxage '5s' is too short; use 10s or more (events reach the recording up to a second late).",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("maxage=5s")).getMessage());
        assertEquals("maxage '10' is not a duration; use a whole number with s, m, h or d, such as 30s, 10m or 2h.",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("maxage=10")).getMessage());
    }

    @Test
    void theWeaverConfigurationNamesTheChosenAspectsAndPatterns() {
        String xml = WeaverConfiguration.xml(AgentOptions.parse("include=com.a..*,exclude=com.a.gen..*,events=calls").weaving());

        assertTrue(xml.contains("<aspect name=\"org.profq.weave.CallAspect\"/>"));
        assertFalse(xml.contains("AllocationAspect"));
        assertTrue(xml.contains("<include within=\"com.a..*\"/>"));
        assertTrue(WeaverConfiguration.xml(AgentOptions.parse("exclude=a.Outer$Inner").weaving()).contains("<exclude within=\"a.Outer.Inner\"/>"));
        assertTrue(xml.contains("<exclude within=\"com.a.gen..*\"/>"));
        assertTrue(xml.contains("<exclude within=\"org.profq..*\"/>"));
        assertTrue(xml.contains("-Xjoinpoints:arrayconstruction"));
    }

    @Test
    void cacheOffWeavesEveryRunAndCacheNamesWhereWovenClassesAreKept() {
        assertEquals(null, AgentOptions.parse("cache=off").cache());
        assertEquals(Path.of("/tmp/woven"), AgentOptions.parse("cache=/tmp/woven").cache());
    }
}
