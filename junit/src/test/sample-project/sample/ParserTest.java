package sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.profq.junit.Profq;
import org.profq.junit.TestProfile;

/** The sample project's tests: one with an allocation budget, one with a baseline beside it. */
@Profq
class ParserTest {
    @Test
    void allocatesWithinItsBudget(TestProfile profile) {
        assertEquals(List.of("a", "bb", "ccc"), new Parser().parse("a bb ccc"));
        profile.allocationsAt("sample.Parser.*").isAtMost(4);
        profile.callsOf("sample.Parser.word(*)").isEqualTo(3);
    }

    @Test
    @Profq(baseline = "baselines/parse.baseline")
    void parsesAsItsBaselineSays() {
        assertEquals(List.of("a", "bb", "ccc"), new Parser().parse("a bb ccc"));
    }
}
