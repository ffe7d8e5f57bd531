package profq.samples.udfs;

import org.profq.udf.Description;

/**
 * An aggregate function, {@code geo_mean(x)}: a class in Calcite's shape, {@code init()} for a
 * new group's state, {@code add(state, value...)} for each row, {@code result(state)} at the
 * end (and {@code merge(a, b)} when groups are combined, optional). Its SQL name is the class's
 * simple name in snake case. Rows whose x is NULL are not added (the object parameter lets
 * this class see and skip them); an empty group gives NULL.
 */
@Description("the geometric mean of positive numbers: geo_mean(duration_ns) over a method's calls")
public final class GeoMean {

    /** A group's running state: the sum of the logarithms, and how many there were. */
    public static final class State {
        double logarithms;
        long count;
    }

    public State init() {
        return new State();
    }

    public State add(State state, Object x) {
        if (x != null) {
            state.logarithms += Math.log(((Number) x).doubleValue());
            state.count++;
        }
        return state;
    }

    public State merge(State a, State b) {
        a.logarithms += b.logarithms;
        a.count += b.count;
        return a;
    }

    public Double result(State state) {
        return state.count == 0 ? null : Math.exp(state.logarithms / state.count);
    }
}
