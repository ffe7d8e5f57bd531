package org.profq.bench.real;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Corpora of real Java source files: parts of a JDK's {@code lib/src.zip}, unpacked once
 * into the cache. The same files every run, so runs are comparable.
 */
final class JdkSources {
    private final Path srcZip;
    private final Path cache;

    JdkSources(Path srcZip, Path cache) {
        this.srcZip = srcZip;
        this.cache = cache;
    }

    /** The first {@code lib/src.zip} among the given JDK homes that exists. */
    static Path findSrcZip(List<Path> jdkHomes) {
        for (Path home : jdkHomes) {
            Path zip = home.resolve("lib").resolve("src.zip");
            if (Files.isRegularFile(zip)) {
                return zip;
            }
        }
        throw new IllegalStateException("no lib/src.zip in " + jdkHomes + "; name one with --src-zip");
    }

    /** A directory holding the {@code .java} files under the given zip prefixes (e.g. {@code java.base/java/util/stream/}). */
    Path unpack(String name, List<String> prefixes) {
        Path root = cache.resolve("corpus").resolve(name);
        Path complete = root.resolveSibling(name + ".complete");
        if (Files.exists(complete)) {
            return root;
        }
        try (ZipFile zip = new ZipFile(srcZip.toFile())) {
            for (ZipEntry entry : zip.stream().toList()) {
                if (entry.isDirectory() || !entry.getName().endsWith(".java")
                        || prefixes.stream().noneMatch(entry.getName()::startsWith)) {
                    continue;
                }
                Path target = root.resolve(entry.getName()).normalize();
                if (!target.startsWith(root)) {
                    continue;
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = zip.getInputStream(entry)) {
                    Files.copy(in, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
            Files.writeString(complete, srcZip + " " + prefixes);
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static long fileCount(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Words for search queries: the first identifiers after {@code class} in the corpus, sorted. */
    static List<String> classNames(Path root, int limit) {
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = file.getFileName().toString().replace(".java", "");
                if (!name.contains("-")) {
                    names.add(name);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names.subList(0, Math.min(limit, names.size()));
    }
}
