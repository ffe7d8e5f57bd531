package org.profq.event;

/**
 * One thread's countdowns to the next tracked allocation of each allocation site it allocates
 * at: the first of each site is tracked, then every {@code period}th. Per site, so that no site
 * can alias with the period (a fixed pattern of allocations would track one site's objects and
 * never another's). A small open-addressing table keyed by site id (ids start at 1; 0 marks an
 * empty slot), so that a thread holds only the sites it uses, not an array as long as the
 * program's largest site id: a big program's thread pool would otherwise keep megabytes per thread. The owning thread alone reads and writes it; it
 * allocates only when it grows.
 */
final class SiteCountdowns {
    private static final int INITIAL_CAPACITY = 64;
    private int[] sites = new int[INITIAL_CAPACITY];
    private int[] remaining = new int[INITIAL_CAPACITY];
    private int size;

    /** Counts one allocation of {@code siteId} (1 or more): whether it is tracked. */
    boolean tracksNext(int siteId, int period) {
        int mask = sites.length - 1;
        int i = slot(siteId, mask);
        while (sites[i] != siteId) {
            if (sites[i] == 0) {
                add(siteId, period);
                return true; // the site's first allocation on this thread
            }
            i = (i + 1) & mask;
        }
        if (--remaining[i] > 0) {
            return false;
        }
        remaining[i] = period;
        return true;
    }

    private void add(int siteId, int period) {
        if ((size + 1) * 2 > sites.length) {
            grow();
        }
        int mask = sites.length - 1;
        int i = slot(siteId, mask);
        while (sites[i] != 0) {
            i = (i + 1) & mask;
        }
        sites[i] = siteId;
        remaining[i] = period;
        size++;
    }

    private void grow() {
        int[] oldSites = sites;
        int[] oldRemaining = remaining;
        sites = new int[oldSites.length * 2];
        remaining = new int[oldSites.length * 2];
        int mask = sites.length - 1;
        for (int j = 0; j < oldSites.length; j++) {
            if (oldSites[j] != 0) {
                int i = slot(oldSites[j], mask);
                while (sites[i] != 0) {
                    i = (i + 1) & mask;
                }
                sites[i] = oldSites[j];
                remaining[i] = oldRemaining[j];
            }
        }
    }

    /** Fibonacci hashing: consecutive site ids spread over the table. */
    private static int slot(int siteId, int mask) {
        int hash = siteId * 0x9E3779B9;
        return (hash ^ hash >>> 16) & mask;
    }
}
