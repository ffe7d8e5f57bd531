package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.cli.Forked.Running;

/**
 * {@code profq serve}: sqlline with Avatica's remote driver (both fetched from Maven Central,
 * nothing of profq's on its class path) queries a recording over loopback HTTP; writes are
 * refused over Avatica as everywhere; basic authentication refuses a wrong password; a wildcard
 * bind and a password file others may read are refused before anything listens.
 */
class ServeIT {
    private static final String QUERY = "SELECT signature, calls FROM time_by_method ORDER BY calls DESC;\n";
    private static final List<String> ANSWER = List.of("'signature','calls'", "'profq.samples.Recursion.sum(int)','11'",
            "'profq.samples.Recursion.main(java.lang.String[])','1'");

    @Test
    void sqllineQueriesThroughTheServerAndWritesAreRefused(@TempDir Path dir) throws Exception {
        Running server = serve(dir, Recorded.sample("Recursion").toString(), "--port", "0");
        try {
            String url = url(server);
            assertTrue(url.matches("jdbc:avatica:remote:url=http://127\\.0\\.0\\.1:\\d+;serialization=protobuf"), url);

            Outcome query = sqlline(dir, url, QUERY);
            assertEquals(0, query.exitCode(), query::toString);
            assertEquals(ANSWER, rows(query));

            Outcome write = sqlline(dir, url, "INSERT INTO calls (call_id) VALUES (1);\n");
            assertTrue(write.exitCode() != 0 || !write.stderr().isEmpty(), write::toString);
            assertTrue(write.stderr().contains("profq recordings are read-only: INSERT is refused"), write::toString);
            assertTrue(write.stderr().contains("state=25006"), "the driver's SQLState reaches the client:\n" + write);
        } finally {
            stop(server);
        }
    }

    @Test
    void aStatementPastTheServersTimeLimitIsStoppedAndTheServerAnswersTheNext(@TempDir Path dir) throws Exception {
        Running server = serve(dir, Recorded.sample("Allocations").toString(), "--port", "0", "--statement-timeout", "1");
        try {
            // 1,002 calls four times over: 10^12 rows, hours of work without the limit.
            Outcome endless = sqlline(dir, url(server), "SELECT COUNT(*) FROM calls AS a, calls AS b, calls AS c, calls AS d;\n");
            assertTrue(endless.stderr().contains("the statement ran past its time limit of 1 s (setQueryTimeout) and was stopped"),
                    endless::toString);
            Outcome next = sqlline(dir, url(server), "SELECT COUNT(*) AS calls FROM calls;\n");
            assertEquals(List.of("'calls'", "'1003'"), rows(next), next::toString);
        } finally {
            stop(server);
        }
    }

    @Test
    void basicAuthenticationRefusesAWrongPasswordAndAcceptsTheRightOne(@TempDir Path dir) throws Exception {
        Path users = dir.resolve("users");
        Files.writeString(users, "# profq serve users\nalice: s3cret\n");
        Files.setPosixFilePermissions(users, PosixFilePermissions.fromString("rw-------"));
        Running server = serve(dir, Recorded.sample("Recursion").toString(), "--port", "0", "--auth", users.toString());
        try {
            String url = url(server) + ";authentication=BASIC;avatica_user=alice;avatica_password=";

            Outcome wrong = sqlline(dir, url + "guess", QUERY);
            assertTrue(wrong.stderr().contains("401"), wrong::toString);
            assertTrue(rows(wrong).isEmpty(), wrong::toString);

            Outcome right = sqlline(dir, url + "s3cret", QUERY);
            assertEquals(0, right.exitCode(), right::toString);
            assertEquals(ANSWER, rows(right));
        } finally {
            stop(server);
        }
    }

    @Test
    void aPasswordFileOthersMayReadIsRefused(@TempDir Path dir) throws Exception {
        Path users = dir.resolve("users");
        Files.writeString(users, "alice: s3cret\n");
        Files.setPosixFilePermissions(users, PosixFilePermissions.fromString("rw-r--r--"));

        Outcome outcome = run(dir, profq("serve", Recorded.sample("Recursion").toString(), "--port", "0", "--auth", users.toString()));

        assertEquals(2, outcome.exitCode(), outcome::toString);
        assertEquals(List.of("profq: " + users + " holds passwords but others may read or change it (mode rw-r--r--);"
                + " make it the owner's only with chmod 600 " + users + "."), outcome.stderrLines().subList(0, 1));
    }

    @Test
    void aWildcardBindIsRefusedAndAnAddressOfThisMachineIsServedWithAWarning(@TempDir Path dir) throws Exception {
        String recording = Recorded.sample("Recursion").toString();
        Outcome wildcard = run(dir, profq("serve", recording, "--port", "0", "--bind", "0.0.0.0"));

        assertEquals(2, wildcard.exitCode(), wildcard::toString);
        assertEquals("profq: --bind 0.0.0.0 would serve on every network of this machine; give the address of the one"
                + " interface to serve on, such as 192.168.1.5 (default 127.0.0.1).", wildcard.stderrLines().get(0));

        Optional<String> external = externalAddress();
        if (external.isEmpty()) {
            return; // a machine with loopback only has no other address to serve on
        }
        Running server = serve(dir, recording, "--port", "0", "--bind", external.get());
        try {
            String url = url(server);
            assertTrue(url.startsWith("jdbc:avatica:remote:url=http://" + external.get() + ":"), url);
            assertTrue(Files.readString(server.stderr()).startsWith("profq: warning: serving on " + external.get()
                    + ", reachable from other machines: whoever reaches it can read " + recording
                    + " (--auth FILE asks for a password)."), Files.readString(server.stderr()));
            Outcome query = sqlline(dir, url, QUERY);
            assertEquals(ANSWER, rows(query), query::toString);
        } finally {
            stop(server);
        }
    }

    static Running serve(Path dir, String... args) throws IOException, InterruptedException {
        List<String> words = new ArrayList<>(List.of("serve"));
        words.addAll(List.of(args));
        Running server = Forked.start(dir, profq(words.toArray(String[]::new)), "");
        server.awaitStdout("jdbc:avatica:");
        return server;
    }

    static String url(Running server) throws IOException {
        return Files.readString(server.stdout()).lines().filter(line -> line.startsWith("jdbc:avatica:")).findFirst().orElseThrow();
    }

    static void stop(Running server) throws InterruptedException {
        server.process().destroy();
        if (!server.process().waitFor(30, TimeUnit.SECONDS)) {
            server.process().destroyForcibly();
        }
    }

    private static Outcome sqlline(Path dir, String url, String script) throws IOException, InterruptedException {
        Path file = Files.createTempFile(dir, "sqlline", ".sql");
        Files.writeString(file, script);
        return run(dir, List.of(Forked.JAVA, "-cp", CentralJar.sqllineWithAvatica(), "sqlline.SqlLine", "-u", url,
                "-n", "", "-p", "", "--silent=true", "--outputformat=csv", "-f", file.toString()));
    }

    private static List<String> rows(Outcome outcome) {
        return outcome.stdout().lines().filter(line -> line.startsWith("'")).toList();
    }

    /** An IPv4 address of this machine's that is not loopback, if it has one. */
    private static Optional<String> externalAddress() throws SocketException {
        for (NetworkInterface network : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (network.isUp() && !network.isLoopback()) {
                for (InetAddress address : Collections.list(network.getInetAddresses())) {
                    if (address instanceof Inet4Address) {
                        return Optional.of(address.getHostAddress());
                    }
                }
            }
        }
        return Optional.empty();
    }
}
