package profq.bench.junit;

/** {@link LineParserTests} without the extension: what the recording alone costs. */
public class PlainLineParserTests extends LineParserTests {
}
