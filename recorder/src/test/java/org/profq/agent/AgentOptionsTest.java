package org.profq.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.profq.agent.AgentOptions.EventKind;

/** The agent string's grammar: key=value pairs separated by commas, list items by colons. */
class AgentOptionsTest {
    @Test
    void defaultsRecordCallsAndAllocationsWithTheTickClock() {
        AgentOptions options = AgentOptions.parse(null);

        assertEquals(Set.of(EventKind.CALLS, EventKind.ALLOCATIONS), options.events());
        assertEquals(List.of(), options.include());
        assertFalse(options.exactClock());
        assertEquals(200, options.tickMicros());
        assertEquals(null, options.out());
        assertTrue(options.cache().endsWith(Path.of("profq", "woven")), "woven classes are kept in the user's cache: " + options.cache());
    }

    @Test
    void everyOptionIsParsed() {
        AgentOptions options = AgentOptions.parse(
                "include=com.a..*:com.b.Main,exclude=com.a.gen..*,events=calls,out=x.profq,clock=exact,tick=50");

        assertEquals(List.of("com.a..*", "com.b.Main"), options.include());
        assertEquals(List.of("com.a.gen..*"), options.exclude());
        assertEquals(Set.of(EventKind.CALLS), options.events());
        assertEquals(Path.of("x.profq"), options.out());
        assertTrue(options.exactClock());
        assertEquals(50, options.tickMicros());
    }

    @Test
    void mistakesAreOneSentenceThatSaysWhatToDo() {
        assertEquals("unknown agent option 'colour'; known options are include, exclude, events, out, clock, tick, track, cache.",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("colour=red")).getMessage());
        assertEquals("unknown event kind 'usage'; use calls, allocations, deaths, exceptions or uses, several as calls:allocations.",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("events=usage")).getMessage());
        assertEquals("tick '5' is not a period in microseconds between 10 and 1000000.",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("tick=5")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("include=a\"b"))
                .getMessage().startsWith("'a\"b' is not a class pattern for include;"));
    }

    @Test
    void theWeaverConfigurationNamesTheChosenAspectsAndPatterns() {
        String xml = WeaverConfiguration.xml(AgentOptions.parse("include=com.a..*,exclude=com.a.gen..*,events=calls"));

        assertTrue(xml.contains("<aspect name=\"org.profq.weave.CallAspect\"/>"));
        assertFalse(xml.contains("AllocationAspect"));
        assertTrue(xml.contains("<include within=\"com.a..*\"/>"));
        assertTrue(WeaverConfiguration.xml(AgentOptions.parse("exclude=a.Outer$Inner")).contains("<exclude within=\"a.Outer.Inner\"/>"));
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
