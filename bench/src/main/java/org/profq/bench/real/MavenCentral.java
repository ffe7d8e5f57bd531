package org.profq.bench.real;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;

/**
 * Single artifacts from Maven Central over HTTPS, each checked against the {@code .sha1} file
 * published beside it, kept in a cache directory in the repository layout
 * ({@code group/path/artifact/version/artifact-version[-classifier].ext}). A cached file is
 * checked against its cached {@code .sha1} again before every use.
 */
final class MavenCentral {
    static final String DEFAULT_URL = "https://repo1.maven.org/maven2";

    private final Path cache;
    private final String baseUrl;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30))
            .followRedirects(HttpClient.Redirect.NORMAL).build();

    MavenCentral(Path cache, String baseUrl) {
        this.cache = cache;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    }

    /** {@code group:artifact:version[:classifier]}, a jar unless {@code extension} says otherwise. */
    Path fetch(String coordinates, String extension) {
        String[] parts = coordinates.split(":");
        if (parts.length < 3) {
            throw new IllegalArgumentException("not group:artifact:version: " + coordinates);
        }
        String file = parts[1] + "-" + parts[2] + (parts.length > 3 ? "-" + parts[3] : "") + "." + extension;
        String relative = parts[0].replace('.', '/') + "/" + parts[1] + "/" + parts[2] + "/" + file;
        Path target = cache.resolve("maven").resolve(relative);
        Path sha1 = Path.of(target + ".sha1");
        try {
            if (Files.isRegularFile(target) && Files.isRegularFile(sha1) && sha1Of(target).equals(expected(sha1))) {
                return target;
            }
            Files.createDirectories(target.getParent());
            Path partSha1 = download(baseUrl + "/" + relative + ".sha1", Path.of(sha1 + ".part"));
            Path part = download(baseUrl + "/" + relative, Path.of(target + ".part"));
            String want = expected(partSha1);
            String got = sha1Of(part);
            if (!want.equals(got)) {
                Files.delete(part);
                throw new IllegalStateException(relative + ": SHA-1 " + got + " but Maven Central says " + want);
            }
            Files.move(partSha1, sha1, StandardCopyOption.REPLACE_EXISTING);
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("fetching " + relative + " from " + baseUrl, e);
        }
    }

    private Path download(String url, Path to) throws IOException {
        System.err.println("fetching " + url);
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(5)).GET().build();
        try {
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                if (response.statusCode() != 200) {
                    throw new IOException("HTTP " + response.statusCode() + " for " + url);
                }
                Files.copy(body, to, StandardCopyOption.REPLACE_EXISTING);
            }
            return to;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while fetching " + url, e);
        }
    }

    /** The first token of a {@code .sha1} file (some carry the file name after the hash). */
    private static String expected(Path sha1File) throws IOException {
        return Files.readString(sha1File, StandardCharsets.US_ASCII).trim().split("\\s+")[0].toLowerCase();
    }

    static String sha1OfQuietly(Path file) {
        try {
            return sha1Of(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String sha1Of(Path file) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-1");
            try (InputStream in = Files.newInputStream(file)) {
                byte[] buffer = new byte[1 << 16];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    digest.update(buffer, 0, n);
                }
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
