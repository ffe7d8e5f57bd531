package org.profq.engine.plan;

/**
 * A deliberately wrong {@link IndexLookupJoinRule}, for the differential tester's own test
 * (that it catches a broken rule): with {@code -Dprofq.test.swapJoinKeys=true} the rule joins
 * on the small side's field next to its key instead of the key (the key swapped with its
 * neighbour), so its joins give wrong rows. Never set outside that test.
 */
final class BrokenForTests {
    static final String SWAP_JOIN_KEYS = "profq.test.swapJoinKeys";

    private BrokenForTests() {
    }

    /** {@code key}, or with the switch on, the field beside it of a side {@code width} fields wide. */
    static int smallKey(int key, int width) {
        if (!Boolean.getBoolean(SWAP_JOIN_KEYS) || width < 2) {
            return key;
        }
        return key + 1 < width ? key + 1 : key - 1;
    }
}
