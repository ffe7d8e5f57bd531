package profq.samples;

import java.util.ArrayList;
import java.util.List;

/**
 * An {@code ArrayList} argument changed inside the JDK between calls: {@code total} is called
 * three times with the same list, and {@code add} (JDK code, not woven) changes it between the
 * calls. profq cannot see those writes, so it reports the calls as undecidable, not as equal.
 */
public final class JdkMutation {
    public static void main(String[] args) {
        List<Integer> values = new ArrayList<>();
        values.add(1);
        int sum = 0;
        for (int call = 0; call < 3; call++) {
            sum += total(values);
            values.add(call);
        }
        System.out.println("sum " + sum);
    }

    static int total(List<Integer> values) {
        int total = 0;
        for (int value : values) {
            total += value;
        }
        return total;
    }
}
