package org.profq.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import org.profq.cli.mcp.RecordingTools;
import org.profq.cli.report.ReportCatalog;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code profq mcp REC...}: the recordings as a Model Context Protocol server on standard input
 * and output, for an AI assistant that the user runs it from. The assistant may describe the
 * tables and views, run read-only statements (bounded in rows and time) and the saved reports;
 * nothing listens on the network. The server ends when its standard input does.
 */
@Command(name = "mcp",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        sortOptions = false,
        header = "Answers an AI assistant's questions about recordings (Model Context Protocol over stdio).",
        customSynopsis = {
                "profq mcp RECORDING [--max-rows=N] [--statement-timeout=SECONDS]",
                "profq mcp NAME=RECORDING... [options]"},
        description = {
                "%nAn assistant starts it as a stdio server, for example with the command profq and the arguments"
                        + " mcp /path/to/run.profq. It offers three tools: describe (the tables and views), query (SQL or"
                        + " the profiling language, read-only) and report (the saved reports). Nothing listens on the"
                        + " network, and what the assistant reads is what the recording holds: captured strings stay"
                        + " hashed unless the recording was made with raw values.%n"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:standard input ended", "1:the recordings cannot be read", "2:usage error"})
public final class McpCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RECORDING", arity = "1..*",
            description = "The recording directory; or several, each NAME=DIR, one schema each.")
    List<String> recordings = new ArrayList<>();

    @Option(names = "--max-rows", paramLabel = "N", description = "Rows an answer shows at most (default 200).")
    int maxRows = 200;

    @Option(names = "--statement-timeout", paramLabel = "SECONDS", description = "Cancel a statement that runs longer (default 120).")
    int statementTimeout = 120;

    @Override
    public Integer call() throws InterruptedException {
        if (maxRows < 1 || statementTimeout < 1) {
            throw new ParameterException(spec.commandLine(), "--max-rows and --statement-timeout are at least 1.");
        }
        RecordingConnections recordings = RecordingConnections.of(spec, this.recordings).withRawNumbers(true);
        try (Connection connection = recordings.connect()) {
            McpJsonMapper json = new JacksonMcpJsonMapper(new ObjectMapper());
            CountDownLatch inputEnded = new CountDownLatch(1);
            StdioServerTransportProvider transport = new StdioServerTransportProvider(json, new EndSignalling(System.in, inputEnded),
                    System.out);
            McpSyncServer server = McpServer.sync(transport)
                    .serverInfo("profq", new ManifestVersion().getVersion()[0])
                    .instructions("Tables and views of a recorded run of a Java program (" + recordings + "). Start with describe;"
                            + " the views (time_by_method, heap_by_method, call_tree, waste_by_site, ...) answer profiling questions.")
                    .capabilities(ServerCapabilities.builder().tools(false).build())
                    .requestTimeout(Duration.ofSeconds(statementTimeout + 30L))
                    .tools(new RecordingTools(connection, json, maxRows, statementTimeout, ReportCatalog.standard()).all())
                    .build();
            inputEnded.await();
            server.closeGracefully();
            return 0;
        } catch (SQLException e) {
            throw RecordingConnections.openFailure(e);
        }
    }

    /** Standard input, counting down {@code ended} when it ends: the server's life. */
    private static final class EndSignalling extends FilterInputStream {
        private final CountDownLatch ended;

        EndSignalling(InputStream in, CountDownLatch ended) {
            super(in);
            this.ended = ended;
        }

        @Override
        public int read() throws IOException {
            return signal(super.read());
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws IOException {
            return signal(super.read(bytes, offset, length));
        }

        private int signal(int read) {
            if (read < 0) {
                ended.countDown();
            }
            return read;
        }
    }
}
