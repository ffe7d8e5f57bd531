package org.profq.engine.plan;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * A deliberately wrong {@link IndexLookupJoinRule}, for the differential tester's own test
 * (that it catches a broken rule): with {@code -Dprofq.test.swapJoinKeys=true} the rule joins
 * on another integer field of the small side instead of its key (the key swapped with the
 * next one), so its joins give wrong rows. Never set outside that test.
 */
final class BrokenForTests {
    static final String SWAP_JOIN_KEYS = "profq.test.swapJoinKeys";

    private BrokenForTests() {
    }

    /** {@code key}, or with the switch on, the next integer field after it of a side of type {@code row} (wrapping round). */
    static int smallKey(int key, RelDataType row) {
        if (!Boolean.getBoolean(SWAP_JOIN_KEYS)) {
            return key;
        }
        int width = row.getFieldCount();
        for (int step = 1; step < width; step++) {
            int other = (key + step) % width;
            if (SqlTypeUtil.isIntType(row.getFieldList().get(other).getType())) {
                return other;
            }
        }
        return key;
    }
}
