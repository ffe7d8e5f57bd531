package org.profq.engine.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;

class ConnectStringTest {

    @Test
    void onePathOpensOneRecordingAsTheSchemaRecording() throws SQLException {
        assertEquals(Map.of("recording", Path.of("/tmp/Main.profq")), ConnectString.parse("jdbc:profq:/tmp/Main.profq").recordings());
        assertEquals(Map.of("recording", Path.of("runs/a=b.profq")), ConnectString.parse("jdbc:profq:runs/a=b.profq").recordings());
    }

    @Test
    void namedRecordingsKeepTheirOrderSoTheFirstIsTheDefault() throws SQLException {
        Map<String, Path> recordings = ConnectString.parse("jdbc:profq:before=/r/1.profq, after=/r/2.profq").recordings();
        assertEquals(List.of("before", "after"), List.copyOf(recordings.keySet()));
        assertEquals(Path.of("/r/2.profq"), recordings.get("after"));
    }

    @Test
    void badUrlsSayWhatIsExpected() {
        assertEquals("the URL names no recording; use jdbc:profq:<recording dir> or jdbc:profq:a=<dir>,b=<dir>",
                assertThrows(SQLException.class, () -> ConnectString.parse("jdbc:profq:")).getMessage());
        assertEquals("'/r/2.profq' in jdbc:profq:a=/r/1.profq,/r/2.profq is not name=<recording dir>",
                assertThrows(SQLException.class, () -> ConnectString.parse("jdbc:profq:a=/r/1.profq,/r/2.profq")).getMessage());
        assertEquals("the schema name 'a' appears twice in jdbc:profq:a=/x,a=/y",
                assertThrows(SQLException.class, () -> ConnectString.parse("jdbc:profq:a=/x,a=/y")).getMessage());
    }

    @Test
    void onlyProfqUrlsAreAccepted() {
        assertTrue(ConnectString.accepts("jdbc:profq:x"));
        assertFalse(ConnectString.accepts("jdbc:calcite:"));
        assertFalse(ConnectString.accepts(null));
    }

    @Test
    void propertiesFollowTheRecordingsAfterSemicolons() throws SQLException {
        ConnectString url = ConnectString.parse("jdbc:profq:/tmp/Main.profq;lang=profq; formatting = raw");
        assertEquals(Map.of("recording", Path.of("/tmp/Main.profq")), url.recordings());
        assertEquals(Map.of("lang", "profq", "formatting", "raw"), url.properties());
        assertEquals(Map.of("a", Path.of("/r/1.profq"), "b", Path.of("/r/2.profq")),
                ConnectString.parse("jdbc:profq:a=/r/1.profq,b=/r/2.profq;lang=profq").recordings());
        assertEquals(Map.of("recording", Path.of("/r/odd;name.profq")), ConnectString.parse("jdbc:profq:/r/odd;name.profq").recordings());
    }

    @Test
    void aPropertyInTheUrlWinsOverTheSameInTheDriversProperties() throws SQLException {
        Properties given = new Properties();
        given.setProperty("lang", "sql");
        given.setProperty("notices", "stderr");
        Properties merged = ConnectString.parse("jdbc:profq:/r/1.profq;lang=profq").withProperties(given);
        assertEquals("profq", merged.getProperty("lang"));
        assertEquals("stderr", merged.getProperty("notices"));
        assertEquals("the connection property 'lang' appears twice in jdbc:profq:/r;lang=sql;lang=profq",
                assertThrows(SQLException.class, () -> ConnectString.parse("jdbc:profq:/r;lang=sql;lang=profq")).getMessage());
    }
}
