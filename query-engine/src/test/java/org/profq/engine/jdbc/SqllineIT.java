package org.profq.engine.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.profq.engine.testing.SampleRecording;
import sqlline.SqlLine;

import profq.samples.Recursion;

/**
 * sqlline, a JDBC client nobody here wrote, connects with {@code jdbc:profq:} (finding the driver
 * through its service file, as {@code DriverManager} does) and runs a profile query.
 */
class SqllineIT {
    @Test
    void sqllineRunsAProfileQueryOverTheDriver() throws IOException {
        String url = "jdbc:profq:" + SampleRecording.of(Recursion.class);
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        SqlLine sqlline = new SqlLine();
        sqlline.setOutputStream(new PrintStream(output, true, StandardCharsets.UTF_8));
        sqlline.setErrorStream(new PrintStream(errors, true, StandardCharsets.UTF_8));
        SqlLine.Status status = sqlline.begin(new String[] {
                "-u", url, "-n", "", "-p", "", "--outputformat=csv", "--silent=true",
                "-e", "SELECT signature, calls FROM time_by_method ORDER BY calls DESC;"},
                new ByteArrayInputStream(new byte[0]), false);

        assertEquals(SqlLine.Status.OK, status, () -> "sqlline failed: " + errors.toString(StandardCharsets.UTF_8));
        assertEquals(List.of(
                        "'signature','calls'",
                        "'profq.samples.Recursion.sum(int)','11'",
                        "'profq.samples.Recursion.main(java.lang.String[])','1'"),
                output.toString(StandardCharsets.UTF_8).lines().filter(line -> !line.isBlank()).toList());
    }
}
