package org.profq.cli.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** JSON as a reader expects it, and inside an HTML page's script element as the browser needs it. */
class JsonTest {

    @Test
    void jsonOutputKeepsAngleBracketsAsTheyAre() {
        assertEquals("\"profq.samples.Threads$Counter.<init>(long)\"", Json.string("profq.samples.Threads$Counter.<init>(long)"));
        ResultTable table = ResultTable.ofText(List.of("signature"), List.of(List.of("Point.<init>()")));
        assertEquals("[\n{\"signature\":\"Point.<init>()\"}\n]\n", ResultPrinter.json(table));
    }

    @Test
    void aScriptElementCannotBeClosedFromTheData() {
        assertEquals("\"\\u003C/script>\\u003Cinit>\"", Json.stringInScript("</script><init>"));
        assertEquals("\"a\\\"b\\\\c\\nd\\u0001\"", Json.string("a\"b\\c\nd\u0001"));
    }
}
