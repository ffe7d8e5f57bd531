package org.profq.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The first allocation of each site is tracked, then every period'th of that site, whatever the others do. */
class SiteCountdownsTest {
    @Test
    void eachSiteIsCountedOnItsOwn() {
        SiteCountdowns countdowns = new SiteCountdowns();
        List<Integer> trackedRounds = new ArrayList<>();
        List<Integer> trackedSites = new ArrayList<>();
        // Three sites in a cycle with a period of 3: a per-thread count would track one site only.
        for (int round = 0; round < 7; round++) {
            for (int site = 1; site <= 3; site++) {
                if (countdowns.tracksNext(site, 3)) {
                    trackedRounds.add(round);
                    trackedSites.add(site);
                }
            }
        }
        assertEquals(List.of(0, 0, 0, 3, 3, 3, 6, 6, 6), trackedRounds);
        assertEquals(List.of(1, 2, 3, 1, 2, 3, 1, 2, 3), trackedSites);
    }

    @Test
    void countsSurviveTheTableGrowing() {
        SiteCountdowns countdowns = new SiteCountdowns();
        int sites = 10_000;
        for (int site = 1; site <= sites; site++) {
            assertTrue(countdowns.tracksNext(site * 7919, 2), "the first of site " + site);
        }
        for (int site = 1; site <= sites; site++) {
            assertFalse(countdowns.tracksNext(site * 7919, 2), "the second of site " + site);
        }
        for (int site = 1; site <= sites; site++) {
            assertTrue(countdowns.tracksNext(site * 7919, 2), "the third of site " + site);
        }
    }

    @Test
    void aPeriodOfOneTracksEveryAllocation() {
        SiteCountdowns countdowns = new SiteCountdowns();
        for (int i = 0; i < 5; i++) {
            assertTrue(countdowns.tracksNext(42, 1));
        }
    }
}
