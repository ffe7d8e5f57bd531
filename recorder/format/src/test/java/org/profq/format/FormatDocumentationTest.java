package org.profq.format;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The recording format page (docs/recording-format.md) says the versions this format writes. */
class FormatDocumentationTest {
    /** The page, from this module's directory (where the tests run). */
    private static final Path PAGE = Path.of("..", "..", "docs", "recording-format.md");

    @Test
    void thePageNamesTheFormatVersions() throws IOException {
        String page = Files.readString(PAGE).replaceAll("\\s+", " ");
        String plain = RecordingFormat.MAJOR_VERSION + "." + RecordingFormat.DEATHS_RECORDED_MINOR_VERSION; // what every recording is now
        String window = RecordingFormat.MAJOR_VERSION + "." + RecordingFormat.WINDOW_MINOR_VERSION;
        assertTrue(page.contains("recording format version " + plain + ","), "docs/recording-format.md names format " + plain);
        assertTrue(page.contains("`--max-size`/`--max-age` is version " + window + ":"), "docs/recording-format.md names format " + window);
        String values = RecordingFormat.MAJOR_VERSION + "." + RecordingFormat.VALUES_MINOR_VERSION;
        assertTrue(page.contains("`--values` is version " + values + ","), "docs/recording-format.md names format " + values);
        String attach = RecordingFormat.MAJOR_VERSION + "." + RecordingFormat.ATTACH_MINOR_VERSION;
        assertTrue(page.contains("made by `profq attach` is version " + attach + ","), "docs/recording-format.md names format " + attach);
        String finalGc = RecordingFormat.MAJOR_VERSION + "." + RecordingFormat.FINAL_GC_MINOR_VERSION;
        assertTrue(page.contains("Version " + finalGc + " added the final collection at exit"), "docs/recording-format.md names format " + finalGc);
        assertTrue(page.contains("every recording this profq writes is version " + plain + ","), "docs/recording-format.md names format " + plain);
    }
}
