package org.profq.difftest;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Every minimised wrong answer the tester has found ({@code regressions.txt}) gives its right
 * answer on profq's own plan; one that is a known failure still fails (and is taken out of
 * {@code known-failures.txt} once it does not).
 */
class RegressionIT {
    @Test
    void everyMinimisedFailureGivesTheRightAnswer() throws Exception {
        List<RegressionCases.Case> cases;
        try (InputStream in = RegressionIT.class.getResourceAsStream("regressions.txt")) {
            cases = RegressionCases.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertTrue(cases.size() >= 5, "the regression file holds " + cases.size() + " cases");
        KnownFailures known = KnownFailures.read();
        List<String> problems = new ArrayList<>();
        int stillKnown = 0;
        for (RegressionCases.Case regression : cases) {
            RecordingUnderTest target = StandardRecordings.named(regression.recording());
            Answer profq = target.profq().run(regression.sql());
            boolean right = profq.sameAs(regression.expectedAnswer(), regression.ordered());
            if (known.names(regression.recording(), regression.sql())) {
                if (right) {
                    problems.add("now right, so take it out of known-failures.txt: " + regression.sql());
                } else {
                    stillKnown++;
                }
            } else if (!right) {
                problems.add(regression.recording() + ": " + regression.sql() + "\n  expected: "
                        + regression.expectedAnswer().describe(10) + "\n  profq:    " + profq.describe(10)
                        + "\n  plan:\n" + target.plan(regression.sql()));
            }
        }
        System.out.println("difftest: " + cases.size() + " regression cases, " + stillKnown + " of them known failures still failing");
        assertTrue(problems.isEmpty(), String.join("\n\n", problems));
    }
}
