package org.profq.cli;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;

import org.apache.calcite.avatica.remote.Driver.Serialization;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.HttpServer;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.profq.cli.serve.AuthFile;
import org.profq.cli.serve.BindAddress;
import org.profq.cli.serve.RecordingMeta;
import org.profq.engine.jdbc.ProfqDriver;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code profq serve REC...}: the recordings behind Calcite's Avatica HTTP server, so that any
 * Avatica JDBC client (sqlline, DBeaver, a program with avatica's driver jar) queries them from
 * another process or machine, read-only as every profq connection. A recording still being
 * written is served live: each statement sees what was flushed before it started.
 */
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        sortOptions = false,
        header = "Serves recordings to remote JDBC clients over HTTP (Avatica).",
        customSynopsis = {
                "profq serve RECORDING [--port=PORT] [--bind=ADDRESS] [--auth=FILE]",
                "            [--max-statements=N] [--statement-timeout=SECONDS]",
                "profq serve NAME=RECORDING... [options]"},
        description = {
                "%nClients connect with jdbc:avatica:remote:url=http://127.0.0.1:8765;serialization=protobuf"
                        + " (with --auth: ;authentication=BASIC;avatica_user=NAME;avatica_password=PASSWORD)."
                        + " Several recordings are one schema each, as with profq sql.",
                "%nThe server listens on 127.0.0.1 only unless --bind names the address of one of this machine's"
                        + " interfaces; every other machine that reaches it can then read the recordings, so profq"
                        + " warns, and --auth is wise. Ctrl-C stops it.%n"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped", "1:the recordings cannot be read, or the port cannot be had",
                "2:usage error (no recording, a wildcard --bind, an --auth file others may read)"})
public final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RECORDING", arity = "1..*",
            description = "The recording directory; or several, each NAME=DIR, one schema each.")
    List<String> recordings = new ArrayList<>();

    @Option(names = "--port", paramLabel = "PORT", description = "The TCP port (default 8765; 0 picks a free one).")
    int port = 8765;

    @Option(names = "--bind", paramLabel = "ADDRESS",
            description = "The address to listen on: 127.0.0.1 (default), or one of this machine's addresses to"
                    + " serve other machines (never a wildcard such as 0.0.0.0).")
    String bind = BindAddress.LOOPBACK;

    @Option(names = "--auth", paramLabel = "FILE",
            description = "Ask clients for HTTP basic authentication against FILE: one name: password a line, readable"
                    + " by its owner only (mode 0600).")
    Path auth;

    @Option(names = "--max-statements", paramLabel = "N",
            description = "Statements run at once; more wait for their turn, up to a minute (default 8).")
    int maxStatements = 8;

    @Option(names = "--statement-timeout", paramLabel = "SECONDS",
            description = "Cancel a statement that runs longer (default 600).")
    int statementTimeout = 600;

    @Override
    public Integer call() throws InterruptedException {
        RecordingConnections served = RecordingConnections.of(spec, recordings);
        BindAddress address;
        Path authFile;
        try {
            address = BindAddress.of(bind);
            authFile = auth == null ? null : AuthFile.checked(auth);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        if (port < 0 || port > 65535 || maxStatements < 1 || statementTimeout < 1) {
            throw usage("--port is 0 to 65535, --max-statements and --statement-timeout at least 1.");
        }
        try (Connection check = served.open()) {
            check.getMetaData(); // a recording that cannot be read fails now, not at a client's first query
        } catch (SQLException e) {
            throw RecordingConnections.openFailure(e);
        }
        HttpServer server = start(served, address, authFile);
        String jdbcUrl = "jdbc:avatica:remote:url=http://" + address.urlHost() + ":" + server.getPort() + ";serialization=protobuf";
        if (!address.isLoopback()) {
            System.err.println("profq: warning: serving on " + address.urlHost() + ", reachable from other machines: whoever"
                    + " reaches it can read " + served + (authFile == null ? " (--auth FILE asks for a password)." : " with a password from " + auth + "."));
        }
        System.err.println("profq: serving " + served + "; Ctrl-C stops. Connect with:");
        System.out.println(jdbcUrl);
        System.out.flush();
        Runtime.getRuntime().addShutdownHook(new Thread(server::stop, "profq-serve-stop"));
        server.join();
        return 0;
    }

    private HttpServer start(RecordingConnections served, BindAddress address, Path authFile) {
        // Avatica's own: a bounded number of client connections and statements, each closed after 10 idle minutes.
        Properties avatica = new Properties();
        avatica.setProperty("avatica.connectioncache.maxcapacity", String.valueOf(Math.max(16, 4 * maxStatements)));
        avatica.setProperty("avatica.statementcache.maxcapacity", "1000");
        HttpServer.Builder<Server> builder = new HttpServer.Builder<Server>();
        try {
            builder.withHandler(new LocalService(new RecordingMeta(served.url(), ProfqDriver.withLanguage(), avatica, maxStatements,
                            statementTimeout)),
                            Serialization.PROTOBUF)
                    .withPort(port)
                    .withServerCustomizers(List.of(jetty -> {
                        for (Connector connector : jetty.getConnectors()) {
                            if (connector instanceof ServerConnector listening) {
                                listening.setHost(address.address().getHostAddress());
                            }
                        }
                    }), Server.class);
        } catch (SQLException e) {
            throw RecordingConnections.openFailure(e);
        }
        if (authFile != null) {
            builder.withBasicAuthentication(authFile.toString(), new String[] {"**"}); // any user the file names
        }
        HttpServer server = builder.build();
        try {
            server.start();
        } catch (RuntimeException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new CommandFailure("cannot listen on " + address.urlHost() + ":" + port + " (" + cause.getMessage()
                    + "); choose another port with --port, or an address of this machine with --bind.", e);
        }
        return server;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
