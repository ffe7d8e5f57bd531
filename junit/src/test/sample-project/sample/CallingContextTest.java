package sample;

import org.junit.jupiter.api.Test;
import org.profq.junit.Profq;
import org.profq.junit.TestProfile;

/** Calls counted by where they were made: a word made inside parse, and one made by the test itself. */
@Profq
class CallingContextTest {
    @Test
    void noWordIsMadeInsideParse(TestProfile profile) {
        Parser parser = new Parser();
        parser.word("dddd", 0, 4);
        parser.parse("a bb ccc");
        profile.callsOf("sample.Parser.word(*)").isEqualTo(4);
        profile.callsOf("sample.Parser.word(*)").inside("sample.CallingContextTest.*").isEqualTo(4);
        profile.callsOf("sample.Parser.word(*)").inside("sample.Parser.parse(*)").isZero();
    }
}
