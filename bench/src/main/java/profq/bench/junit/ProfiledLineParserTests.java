package profq.bench.junit;

import org.profq.junit.Profq;

/** {@link LineParserTests} under {@code @Profq}: every test's window read and checked against its baseline in {@code baselines/}. */
@Profq(baseline = "baselines")
public class ProfiledLineParserTests extends LineParserTests {
}
