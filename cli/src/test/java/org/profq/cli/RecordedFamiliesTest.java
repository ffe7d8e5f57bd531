package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** What {@code profq record} says a choice of {@code --events} leaves out, in whole sentences. */
class RecordedFamiliesTest {

    @Test
    void withoutAllocationsTheHeapProfileIsNamedAlone() {
        assertEquals(Optional.of("--events=calls records no allocations, so the heap profile will be empty;"
                        + " add allocations to --events to have it."),
                RecordedFamilies.leftOut("calls", "events=calls"));
    }

    @Test
    void withoutCallsTheThreeTimeProfilesAreNamed() {
        assertEquals(Optional.of("--events=allocations records no calls, so the time, call-tree and flame profiles"
                        + " will be empty; add calls to --events to have them."),
                RecordedFamilies.leftOut("allocations", "events=allocations"));
    }

    @Test
    void withBothNothingIsSaid() {
        assertEquals(Optional.empty(), RecordedFamilies.leftOut("calls:allocations", "events=calls:allocations"));
    }

    @Test
    void listsReadAsEnglish() {
        assertEquals("heap", RecordedFamilies.inWords(List.of("heap")));
        assertEquals("time and heap", RecordedFamilies.inWords(List.of("time", "heap")));
        assertEquals("time, call-tree, flame and heap", RecordedFamilies.inWords(List.of("time", "call-tree", "flame", "heap")));
    }
}
