package org.profq.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.profq.agent.AgentOptions.EventFamily;
import org.profq.recording.RecordedEvents;

/**
 * The query side reads which families a recording holds from its options with
 * {@link RecordedEvents}, not with the agent's parser: the two must agree on every option string
 * the agent accepts, implications included.
 */
class RecordedEventsAgreementTest {
    @ParameterizedTest
    @ValueSource(strings = {"", "events=calls", "events=allocations", "events=deaths", "events=uses", "events=exceptions",
            "events=calls:uses", "events=allocations:deaths:uses", "events=allocations,values=*A.b", "values=*A.b",
            "events=allocations,for=heap", "events=calls:allocations,for=heap:time:reports/mine.sql,clock=exact",
            "events=ALLOCATIONS:Exceptions"})
    void theReaderSeesTheFamiliesTheAgentRecords(String options) {
        Set<String> agent = AgentOptions.parse(options).events().stream().map(EventFamily::optionName).collect(Collectors.toSet());

        assertEquals(agent, RecordedEvents.of(options).families(), options);
    }

    @Test
    void forNamesTheReportsItWasRecordedFor() {
        RecordedEvents recorded = RecordedEvents.of("events=allocations,for=heap:time");

        assertEquals(List.of("heap", "time"), recorded.forReports());
        assertEquals("this recording has no call events: it was recorded --for heap,time; record again --for a report"
                + " that reads them, or without --for.", recorded.notRecorded("calls"));
        assertEquals("this recording has no death events: it was recorded with --events=calls:allocations; record again"
                + " with deaths in --events.", RecordedEvents.of("").notRecorded("deaths"));
    }

    @Test
    void forNeedsAReportName() {
        assertEquals("for needs report names joined with ':', such as for=heap:time.",
                assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("for=heap::time")).getMessage());
    }
}
