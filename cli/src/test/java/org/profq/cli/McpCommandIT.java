package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code profq mcp}: a scripted client speaks the Model Context Protocol to it over stdio, as an
 * assistant does, on a recording of {@code Calc} (whose {@code square} runs 100 times): the
 * handshake, the tools listed, a join's exact answer, an answer cut at the row limit, a write
 * refused, a report run; the server ends with its input and prints nothing else.
 */
class McpCommandIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anAssistantListsTheToolsQueriesAndIsRefusedAWrite(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("Calc");
        List<String> command = new ArrayList<>(Forked.profq("mcp", recording.toString(), "--max-rows", "5"));
        Path stderr = dir.resolve("stderr");
        Process server = new ProcessBuilder(command).directory(dir.toFile()).redirectError(stderr.toFile()).start();
        try (Writer in = new OutputStreamWriter(server.getOutputStream(), StandardCharsets.UTF_8);
             BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
            Client client = new Client(in, out);
            JsonNode hello = client.request("initialize", Map.of("protocolVersion", "2025-06-18", "capabilities", Map.of(),
                    "clientInfo", Map.of("name", "test", "version", "1")));
            assertEquals("profq", hello.at("/serverInfo/name").asText(), hello::toString);
            assertFalse(hello.at("/capabilities/tools").isMissingNode(), hello::toString);
            client.notify("notifications/initialized");

            JsonNode tools = client.request("tools/list", Map.of());
            List<String> names = new ArrayList<>();
            tools.get("tools").forEach(tool -> names.add(tool.get("name").asText()));
            assertEquals(List.of("describe", "query", "report"), names);
            tools.get("tools").forEach(tool -> assertTrue(tool.at("/annotations/readOnlyHint").asBoolean(), tool::toString));

            JsonNode squares = client.call("query", Map.of("statement",
                    "SELECT COUNT(*) AS n FROM calls c JOIN methods m ON m.method_id = c.method_id WHERE m.name = 'square'"));
            assertFalse(squares.get("isError").asBoolean(), squares::toString);
            assertEquals("[[100]]", squares.at("/structuredContent/rows").toString());
            assertEquals(" n\n-----\n 100\n(1 row)\n", squares.at("/content/0/text").asText());

            JsonNode cut = client.call("query", Map.of("statement", "SELECT depth FROM calls ORDER BY call_id"));
            assertEquals("[[0],[1],[1],[1],[1]]", cut.at("/structuredContent/rows").toString());
            assertTrue(cut.at("/structuredContent/cut").asBoolean(), cut::toString);
            assertTrue(cut.at("/content/0/text").asText().endsWith(
                    "(the first 5 rows; more were cut: add a LIMIT, a filter or an aggregate)\n"), cut::toString);

            JsonNode delete = client.call("query", Map.of("statement", "DELETE FROM calls"));
            assertTrue(delete.get("isError").asBoolean(), delete::toString);
            assertEquals("the statement failed: profq recordings are read-only: DELETE is refused; query them with SELECT"
                    + " (or EXPLAIN PLAN FOR SELECT ...).", delete.at("/content/0/text").asText());

            JsonNode language = client.call("query", Map.of("statement", "heap by method top 3"));
            assertFalse(language.get("isError").asBoolean(), language::toString);
            assertEquals("[\"method_id\",\"signature\",\"objects\",\"bytes\",\"share\"]", language.at("/structuredContent/columns").toString());
            assertEquals("[[1,\"profq.samples.Calc.main(java.lang.String[])\",111,2584,1.0]]", language.at("/structuredContent/rows").toString());

            JsonNode columns = client.call("describe", Map.of("name", "calls"));
            assertTrue(columns.at("/content/0/text").asText().startsWith("table calls: one row per method execution, entry to exit\n"
                    + "- call_id BIGINT NOT NULL: "), columns::toString);
            JsonNode unknown = client.call("describe", Map.of("name", "callz"));
            assertTrue(unknown.get("isError").asBoolean(), unknown::toString);

            JsonNode heap = client.call("report", Map.of("name", "heap", "parameters", Map.of("top", "1")));
            assertFalse(heap.get("isError").asBoolean(), heap::toString);
            assertEquals("profq.samples.Calc.main(java.lang.String[])", heap.at("/structuredContent/rows/0/0").asText(), heap::toString);
        }
        assertTrue(server.waitFor(60, TimeUnit.SECONDS), "the server did not end with its input");
        assertEquals(0, server.exitValue());
        assertEquals("", Files.readString(stderr));
    }

    /** One JSON-RPC message a line, each request answered before the next is sent. */
    private static final class Client {
        private final Writer in;
        private final BufferedReader out;
        private int id;

        Client(Writer in, BufferedReader out) {
            this.in = in;
            this.out = out;
        }

        JsonNode call(String tool, Map<String, Object> arguments) throws IOException {
            return request("tools/call", Map.of("name", tool, "arguments", arguments));
        }

        JsonNode request(String method, Map<String, Object> params) throws IOException {
            int sent = ++id;
            send(Map.of("jsonrpc", "2.0", "id", sent, "method", method, "params", params));
            String line = out.readLine();
            assertTrue(line != null, "no answer to " + method);
            JsonNode answer = JSON.readTree(line);
            assertEquals(sent, answer.get("id").asInt(), line);
            assertFalse(answer.has("error"), line);
            return answer.get("result");
        }

        void notify(String method) throws IOException {
            send(Map.of("jsonrpc", "2.0", "method", method));
        }

        private void send(Map<String, Object> message) throws IOException {
            in.write(JSON.writeValueAsString(message) + "\n");
            in.flush();
        }
    }
}
