package org.profq.engine.plan;

import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.apache.calcite.jdbc.CalcitePrepare.CalciteSignature;

/**
 * One connection's prepared plans, by SQL text: a statement that runs SQL the connection has
 * run before skips parsing, validation, planning and code generation (about 100 ms per view
 * query, against a few ms to run one on the index). A plan stays right as the recording grows:
 * it names its tables and reads them through the statement's snapshot when it runs, and the
 * tables' columns never change. The least recently used plan goes first beyond {@link #CAPACITY}.
 */
public final class PreparedPlans {
    static final int CAPACITY = 64;

    /**
     * What a plan was prepared for: the same SQL means another thing under another default schema
     * or row limit, and is planned another way with profq's rules off.
     */
    private record Key(String sql, List<String> defaultSchema, Type elementType, long maxRowCount, boolean indexAggregates) {
    }

    private final Map<Key, CalciteSignature<?>> plans = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, CalciteSignature<?>> eldest) {
            return size() > CAPACITY;
        }
    };

    /** The plan prepared before for these, or {@code prepare}'s, kept for next time. */
    @SuppressWarnings("unchecked")
    <T> CalciteSignature<T> get(String sql, List<String> defaultSchema, Type elementType, long maxRowCount,
                                boolean indexAggregates, Supplier<CalciteSignature<T>> prepare) {
        Key key = new Key(sql, List.copyOf(defaultSchema), elementType, maxRowCount, indexAggregates);
        synchronized (plans) {
            CalciteSignature<?> plan = plans.get(key);
            if (plan != null) {
                return (CalciteSignature<T>) plan;
            }
        }
        // Prepared outside the lock: two threads preparing the same SQL at once both do the work once.
        CalciteSignature<T> prepared = prepare.get();
        synchronized (plans) {
            plans.put(key, prepared);
        }
        return prepared;
    }
}
