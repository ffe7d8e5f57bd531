package org.profq.bench.real;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.profq.bench.DependencyResolver;

/**
 * The real programs of issue 6, fetched and given their inputs: Lucene's demo indexing and
 * searching JDK sources, PMD 7 checking JDK sources with the quickstart ruleset, and H2
 * running a generated SQL script in memory. {@code tiny} picks inputs that run in a second or two.
 */
final class RealPrograms {
    static final String LUCENE = "org.apache.lucene:lucene-demo:9.10.0";
    static final List<String> PMD = List.of("net.sourceforge.pmd:pmd-cli:7.27.0", "net.sourceforge.pmd:pmd-java:7.27.0");
    static final String H2 = "com.h2database:h2:2.5.252";
    static final List<String> NAMES = List.of("lucene-index", "lucene-search", "pmd", "h2");

    private static final Pattern LUCENE_INDEX_TIME = Pattern.compile("(?m)^(Indexed \\d+ documents in )\\d+( ms)$");

    private final MavenCentral central;
    private final DependencyResolver resolver;
    private final JdkSources sources;
    private final Path work;
    private final Path java;
    private final boolean tiny;

    RealPrograms(MavenCentral central, DependencyResolver resolver, JdkSources sources, Path work, Path java, boolean tiny) {
        this.central = central;
        this.resolver = resolver;
        this.sources = sources;
        this.work = work;
        this.java = java;
        this.tiny = tiny;
    }

    Program named(String name) {
        return switch (name) {
            case "lucene-index" -> luceneIndex();
            case "lucene-search" -> luceneSearch();
            case "pmd" -> pmd();
            case "h2" -> h2();
            default -> throw new IllegalArgumentException("unknown program " + name + "; known: " + NAMES);
        };
    }

    private List<String> luceneCorpusPrefixes() {
        return tiny ? List.of("java.base/java/util/function/") : List.of("java.base/java/", "java.base/javax/");
    }

    private Program luceneIndex() {
        List<Path> classPath = resolver.resolve("lucene-demo", List.of(LUCENE));
        Path corpus = sources.unpack(tiny ? "lucene-tiny" : "lucene", luceneCorpusPrefixes());
        Path checkQueries = write(work.resolve("inputs").resolve("lucene-check-queries.txt"),
                JdkSources.classNames(corpus, 25));
        return new Program("lucene-index", "Lucene 9.10 IndexFiles over " + JdkSources.fileCount(corpus) + " JDK source files",
                classPath, "org.apache.lucene.demo.IndexFiles", List.of("-Dsmoketester=true"),
                run -> List.of("-index", run.resolve("index").toString(), "-docs", corpus.toString()),
                List.of("org.apache.lucene."), "org.apache.lucene.index..*", null,
                new Program.Normalisation("the indexing time in `Indexed N documents in T ms`",
                        out -> LUCENE_INDEX_TIME.matcher(out).replaceAll("$1<T>$2"), s -> s),
                run -> searchResults(classPath, run.resolve("index"), checkQueries));
    }

    private Program luceneSearch() {
        List<Path> classPath = resolver.resolve("lucene-demo", List.of(LUCENE));
        Path corpus = sources.unpack(tiny ? "lucene-tiny" : "lucene", luceneCorpusPrefixes());
        Path index = work.resolve("inputs").resolve(tiny ? "lucene-index-tiny" : "lucene-index");
        if (!Files.isDirectory(index.resolve("index"))) {
            System.err.println("building the index lucene-search reads, in " + index);
            JvmRun.Result built = JvmRun.run(JvmRun.command(java, List.of("-Dsmoketester=true"), classPath,
                    "org.apache.lucene.demo.IndexFiles", List.of("-index", "index", "-docs", corpus.toString())),
                    index, Duration.ofMinutes(30));
            if (built.exitCode() != 0) {
                throw new IllegalStateException("IndexFiles failed building " + index + ": " + built.stderrText());
            }
        }
        List<String> queries = new ArrayList<>();
        List<String> names = JdkSources.classNames(corpus, tiny ? 20 : 2000);
        for (int i = 0; i < names.size(); i++) {
            // Single terms, and pairs that make the query parser build boolean queries.
            queries.add(i % 3 == 0 && i + 1 < names.size() ? names.get(i) + " " + names.get(i + 1) : names.get(i));
        }
        Path queryFile = write(work.resolve("inputs").resolve(tiny ? "lucene-queries-tiny.txt" : "lucene-queries.txt"), queries);
        return new Program("lucene-search", "Lucene 9.10 SearchFiles, " + queries.size() + " queries over that index",
                classPath, "org.apache.lucene.demo.SearchFiles", List.of(),
                run -> List.of("-index", index.resolve("index").toString(), "-queries", queryFile.toString()),
                List.of("org.apache.lucene."), "org.apache.lucene.search..*", null, Program.Normalisation.NONE, null);
    }

    private Program pmd() {
        List<Path> classPath = resolver.resolve("pmd", PMD);
        Path corpus = sources.unpack(tiny ? "pmd-tiny" : "pmd",
                List.of(tiny ? "java.base/java/util/function/" : "java.base/java/util/stream/"));
        return new Program("pmd", "PMD 7.27 check, quickstart ruleset, " + JdkSources.fileCount(corpus) + " JDK source files",
                classPath, "net.sourceforge.pmd.cli.PmdCli", List.of(),
                run -> List.of("check", "--no-cache", "--no-progress", "-d", corpus.toString(), "-R",
                        "rulesets/java/quickstart.xml", "-f", "text", "-r", run.resolve("pmd-report.txt").toString()),
                List.of("net.sourceforge.pmd."), "net.sourceforge.pmd.lang.java.rule..*", "pmd-report.txt",
                new Program.Normalisation("the report's line order (PMD's worker threads finish files in any order): lines sorted",
                        out -> out, report -> report.lines().sorted().collect(Collectors.joining("\n"))),
                null);
    }

    private Program h2() {
        Path jar = central.fetch(H2, "jar");
        Path script = H2Workload.write(work.resolve("inputs").resolve(tiny ? "h2-workload-tiny.sql" : "h2-workload.sql"),
                tiny ? 200 : 5_000, tiny ? 2_000 : 100_000, tiny ? 3 : 40);
        return new Program("h2", "H2 2.5 RunScript, in-memory, " + (tiny ? "2,000" : "100,000") + " inserts, joins, aggregates",
                List.of(jar), "org.h2.tools.RunScript", List.of(),
                run -> List.of("-url", "jdbc:h2:mem:bench", "-script", script.toString(), "-showResults"),
                List.of("org.h2."), "org.h2.command..*", null, Program.Normalisation.NONE, null);
    }

    /** SearchFiles over the index a run built, unprofiled: the index's content as a program would see it. */
    private String searchResults(List<Path> classPath, Path index, Path queries) {
        JvmRun.Result result = JvmRun.run(JvmRun.command(java, List.of(), classPath, "org.apache.lucene.demo.SearchFiles",
                List.of("-index", index.toString(), "-queries", queries.toString())), index.resolveSibling("check"),
                Duration.ofMinutes(10));
        return "exit " + result.exitCode() + "\n" + result.stdoutText() + result.stderrText();
    }

    private static Path write(Path file, List<String> lines) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, lines);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
