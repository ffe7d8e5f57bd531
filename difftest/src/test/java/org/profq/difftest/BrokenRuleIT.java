package org.profq.difftest;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The tester catches a broken planner rule: with {@code -Dprofq.test.swapJoinKeys=true} the
 * index lookup join joins on the wrong column of its small side, and within the CI's fixed set
 * ({@link DiffTestIT#SEED}) some check must say the answer is wrong.
 */
class BrokenRuleIT {
    private static final String SWAP_JOIN_KEYS = "profq.test.swapJoinKeys";

    @Test
    void aRuleThatSwapsJoinKeysIsCaughtWithinTheFixedSet() throws Exception {
        List<RecordingUnderTest> targets = new ArrayList<>();
        for (RecordingUnderTest shared : StandardRecordings.open()) {
            // new connections, so that no plan made with the right rule is reused
            targets.add(RecordingUnderTest.open(shared.name(), shared.recording(), StandardRecordings.WORK, StandardRecordings.TIMEOUT_SECONDS));
        }
        System.setProperty(SWAP_JOIN_KEYS, "true");
        List<DiffTester.Failure> failing = new ArrayList<>();
        try {
            for (RecordingUnderTest target : targets) {
                Checker checker = new Checker(target);
                for (int i = 0; i < DiffTestIT.CHECKS / targets.size() && failing.size() < 5; i++) {
                    TestCase test = DiffTester.generate(target, DiffTestIT.SEED, i);
                    Outcome outcome = checker.check(test);
                    if (outcome.failed() && target.plan(test.sql()).contains("IndexLookupJoin")) {
                        failing.add(new DiffTester.Failure(target.name(), DiffTestIT.SEED, i, test, outcome,
                                new Minimiser.Minimised(test, outcome)));
                    }
                }
            }
        } finally {
            System.clearProperty(SWAP_JOIN_KEYS);
            targets.forEach(RecordingUnderTest::close);
        }
        // caught: a check that fails with the broken rule and passes with the right one
        List<DiffTester.Failure> caught = new ArrayList<>();
        for (DiffTester.Failure failure : failing) {
            if (!new Checker(StandardRecordings.named(failure.recording())).check(failure.test()).failed()) {
                caught.add(failure);
            }
        }
        assertTrue(!caught.isEmpty(), "no check of the fixed set caught the index lookup join joining on the wrong key");
        System.out.println("difftest: the swapped join keys were caught by check " + caught.get(0).index() + " on "
                + caught.get(0).recording() + ": " + caught.get(0).outcome().verdict().label() + "\n" + caught.get(0).test().sql());
    }
}
