package profq.corpus;

import static org.junit.Assert.assertEquals;

import java.util.Arrays;
import java.util.Collection;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/** JUnit 4 (Java 5 class files) through JUnitCore: parameterised tests, one expected failure named in the output. */
@RunWith(Parameterized.class)
public class CalculatorTest {
    @Parameterized.Parameters(name = "{0}+{1}")
    public static Collection<Object[]> cases() {
        return Arrays.asList(new Object[][] {{1, 2, 3}, {2, 2, 4}, {10, -3, 7}, {5, 5, 11}});
    }

    private final int a;
    private final int b;
    private final int sum;

    public CalculatorTest(int a, int b, int sum) {
        this.a = a;
        this.b = b;
        this.sum = sum;
    }

    @Test
    public void adds() {
        assertEquals(sum, a + b);
    }
}
