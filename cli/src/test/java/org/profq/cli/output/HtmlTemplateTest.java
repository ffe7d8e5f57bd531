package org.profq.cli.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** How a page's resource becomes the page: placeholders filled once, standalone lines, mistakes caught. */
class HtmlTemplateTest {
    private static final HtmlTemplate PAGE = new HtmlTemplate("page.html", """
            <title>{{title}} — {{title}}</title>
            {{body}}
            <script>var data = {{data}};</script>
            """);

    @Test
    void everyPlaceholderTakesItsValueAndValuesAreNotSearchedAgain() {
        assertEquals("""
                <title>a {{data}} &amp; b — a {{data}} &amp; b</title>
                <p>one</p>
                <p>two</p>
                <script>var data = "$1 {{title}}";</script>
                """, PAGE.fill(Map.of("title", HtmlTemplate.escape("a {{data}} & b"), "body", "<p>one</p>\n<p>two</p>\n",
                "data", "\"$1 {{title}}\"")));
    }

    @Test
    void anEmptyValueAloneOnItsLineLeavesNoBlankLine() {
        assertEquals("<title>t — t</title>\n<script>var data = 1;</script>\n",
                PAGE.fill(Map.of("title", "t", "body", "", "data", "1")));
    }

    @Test
    void aPlaceholderWithoutValueOrAValueWithoutPlaceholderIsAMistake() {
        assertEquals("page.html has {{data}} but no value was given for it",
                assertThrows(IllegalArgumentException.class, () -> PAGE.fill(Map.of("title", "t", "body", ""))).getMessage());
        assertEquals("page.html has no place for [unit]", assertThrows(IllegalArgumentException.class,
                () -> PAGE.fill(Map.of("title", "t", "body", "", "data", "1", "unit", "ns"))).getMessage());
    }

    @Test
    void escapedTextIsSafeInTextAndInQuotedAttributes() {
        assertEquals("&lt;init&gt; &amp; &quot;x&quot;", HtmlTemplate.escape("<init> & \"x\""));
    }
}
