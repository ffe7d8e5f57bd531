package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.recorder.Required;

import com.sun.net.httpserver.HttpServer;

/**
 * A speedscope file opened in speedscope itself (its npm package, the viewer's built pages, fetched
 * with {@code npm pack} once into target/) in headless Chromium, served from localhost as
 * speedscope's {@code #profileURL=} loads it: the viewer imports the file (its title is the file's
 * name), offers the nine threads' profiles (main first), and a screenshot of it is left in
 * target/screenshots for a person to look at.
 */
class SpeedscopeViewerIT {
    private static final String SPEEDSCOPE = "speedscope@1.25.0";
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path NPM = Path.of("/usr/bin/npm");

    @Test
    void speedscopeOpensTheFileWithEveryThreadsProfile(@TempDir Path dir) throws Exception {
        Required.that(Files.isExecutable(CHROMIUM), "chromium is not installed (.ci/run installs it)");
        Required.that(Files.isExecutable(NPM), "npm is not installed (it fetches the speedscope viewer)");
        Path viewer = viewer();
        Outcome export = run(dir, profq("export", Recorded.sample("Threads").toString(), "--format", "speedscope", "-o", "threads.json"));
        assertEquals(0, export.exitCode(), export::toString);

        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            Path file = path.equals("/threads.json") ? dir.resolve("threads.json") : viewer.resolve(path.substring(1)).normalize();
            if (!file.startsWith(viewer) && !file.equals(dir.resolve("threads.json")) || !Files.isRegularFile(file)) {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
                return;
            }
            exchange.getResponseHeaders().add("Content-Type", contentType(file));
            exchange.sendResponseHeaders(200, Files.size(file));
            try (OutputStream body = exchange.getResponseBody()) {
                Files.copy(file, body);
            }
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/index.html#profileURL=%2Fthreads.json";
            Outcome dom = BrowserIT.chromium(dir, "--dump-dom", url);
            assertTrue(dom.stdout().contains("<title>Threads.profq - speedscope</title>"), "the file was imported:\n" + dom);
            assertTrue(dom.stdout().matches("(?s).*<span>main <span class=\"[^\"]*\">\\(1/9\\)</span></span>.*"),
                    "the first of nine profiles is main's:\n" + dom.stdout());
            Path screenshots = Files.createDirectories(Path.of("target", "screenshots").toAbsolutePath());
            Path png = screenshots.resolve("speedscope.png");
            Files.deleteIfExists(png);
            BrowserIT.chromium(dir, "--screenshot=" + png, url);
            assertTrue(Files.size(png) > 1000, "a screenshot at " + png);
        } finally {
            server.stop(0);
        }
    }

    /** speedscope's built pages, fetched once into target/speedscope. */
    private static synchronized Path viewer() throws IOException, InterruptedException {
        Path root = Path.of("target", "speedscope").toAbsolutePath();
        Path release = root.resolve("package").resolve("dist").resolve("release");
        if (!Files.isRegularFile(release.resolve("index.html"))) {
            Files.createDirectories(root);
            Outcome pack = run(root, List.of(NPM.toString(), "pack", SPEEDSCOPE, "--silent"));
            assertEquals(0, pack.exitCode(), pack::toString);
            Outcome untar = run(root, List.of("tar", "xzf", pack.stdout().strip()));
            assertEquals(0, untar.exitCode(), untar::toString);
        }
        return release;
    }

    private static String contentType(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".html") ? "text/html" : name.endsWith(".js") ? "text/javascript" : name.endsWith(".css") ? "text/css"
                : name.endsWith(".json") ? "application/json" : name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    }
}
