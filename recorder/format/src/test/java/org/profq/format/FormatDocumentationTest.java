package org.profq.format;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The README's description of the recording says the versions this format writes. */
class FormatDocumentationTest {
    /** The repository's README, from this module's directory (where the tests run). */
    private static final Path README = Path.of("..", "..", "README.md");

    @Test
    void theReadmeNamesTheFormatVersions() throws IOException {
        String readme = Files.readString(README).replaceAll("\\s+", " ");
        String plain = RecordingFormat.MAJOR_VERSION + "." + RecordingFormat.TIME_MINOR_VERSION; // what every recording is now
        String window = RecordingFormat.MAJOR_VERSION + "." + RecordingFormat.WINDOW_MINOR_VERSION;
        assertTrue(readme.contains("recording format version " + plain + ","), "README.md names format " + plain);
        assertTrue(readme.contains("`--max-size`/`--max-age` is version " + window + ":"), "README.md names format " + window);
        String values = RecordingFormat.MAJOR_VERSION + "." + RecordingFormat.VALUES_MINOR_VERSION;
        assertTrue(readme.contains("`--values` is version " + values + ","), "README.md names format " + values);
        String attach = RecordingFormat.MAJOR_VERSION + "." + RecordingFormat.ATTACH_MINOR_VERSION;
        assertTrue(readme.contains("made by `profq attach` is version " + attach + ","), "README.md names format " + attach);
        String finalGc = RecordingFormat.MAJOR_VERSION + "." + RecordingFormat.FINAL_GC_MINOR_VERSION;
        assertTrue(readme.contains("Version " + finalGc + " added the final collection at exit"), "README.md names format " + finalGc);
        assertTrue(readme.contains("every recording this profq writes is version " + plain + ","), "README.md names format " + plain);
    }
}
