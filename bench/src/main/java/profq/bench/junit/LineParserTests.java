package profq.bench.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Ten tests of {@link LineParser}, each some thousands of calls and allocations: the test class
 * whose run the extension-cost benchmark times, plain ({@link PlainLineParserTests}) and under
 * {@code @Profq} with a baseline for every test ({@link ProfiledLineParserTests}).
 */
public abstract class LineParserTests {
    private final LineParser parser = new LineParser();

    @Test
    void one() {
        assertEquals(1_000, parser.count(100, 10));
    }

    @Test
    void two() {
        assertEquals(2_000, parser.count(200, 10));
    }

    @Test
    void three() {
        assertEquals(3_000, parser.count(300, 10));
    }

    @Test
    void four() {
        assertEquals(4_000, parser.count(400, 10));
    }

    @Test
    void five() {
        assertEquals(5_000, parser.count(500, 10));
    }

    @Test
    void six() {
        assertEquals(6_000, parser.count(300, 20));
    }

    @Test
    void seven() {
        assertEquals(7_000, parser.count(700, 10));
    }

    @Test
    void eight() {
        assertEquals(8_000, parser.count(400, 20));
    }

    @Test
    void nine() {
        assertEquals(9_000, parser.count(900, 10));
    }

    @Test
    void ten() {
        assertEquals(10_000, parser.count(500, 20));
    }
}
