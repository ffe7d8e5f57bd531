package org.profq.weave;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.aspectj.weaver.Dump;
import org.profq.agent.AgentOptions;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What checking a woven class ({@link WovenClassCheck}) costs beside weaving it: weaves the classes
 * of a jar with profq's default aspects, as the agent does (AspectJ's weaver, then the join-point
 * rewriting), timing the weaving and the check apart, class by class, in one JVM. Each round
 * starts with a fresh class loader and fresh weavers, so the check's class-hierarchy reads are
 * paid as in a run with an empty woven-class cache; the first round warms the JIT and is not counted.
 *
 * <p>Runs on the agent's own jar, ahead of the benchmarks' (the weaver's package-private classes
 * are used as the agent uses them):
 * <pre>
 * java -cp bench/target/agents/profq-agent.jar:bench/target/profq-bench.jar org.profq.weave.WeavingCheckCost \
 *      [--jar FILE] [--classpath DIR] [--classes N] [--rounds N]
 * </pre>
 * {@code --jar}: the jar whose classes are woven (default: kotlin-compiler-embeddable, as the
 * compatibility corpus resolves it); {@code --classpath}: the directory of jars its class loader
 * sees (default: the jar's own directory); {@code --classes}: how many of its classes, in the
 * jar's order (default 2,000); {@code --rounds}: measured rounds after the warm-up (default 2).
 * Prints one markdown table row per round and the total on standard output.
 */
@Command(name = "WeavingCheckCost", mixinStandardHelpOptions = true, sortOptions = false,
        description = "What checking woven classes costs beside weaving them, over the classes of a jar.")
public final class WeavingCheckCost implements Callable<Integer> {
    @Option(names = "--jar", paramLabel = "FILE", description = "the jar whose classes are woven (default: kotlin-compiler-embeddable,"
            + " as the compatibility corpus resolves it)")
    private Path jar = Path.of(System.getProperty("user.home"),
            ".cache/profq-bench/resolved/corpus-kotlinc/lib/kotlin-compiler-embeddable-2.4.21.jar");

    @Option(names = "--classpath", paramLabel = "DIR", description = "the directory of jars its class loader sees (default: the jar's)")
    private Path classPath;

    @Option(names = "--classes", paramLabel = "N", description = "how many of its classes, in the jar's order (default: ${DEFAULT-VALUE})")
    private int classes = 2_000;

    @Option(names = "--rounds", paramLabel = "N", description = "measured rounds after the warm-up (default: ${DEFAULT-VALUE})")
    private int rounds = 2;

    public static void main(String[] args) {
        System.exit(new CommandLine(new WeavingCheckCost()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        URL[] urls = jars(classPath != null ? classPath : jar.toAbsolutePath().getParent(), jar);
        List<ClassFile> classFiles = classFiles(jar, classes);

        Path configurationDirectory = Files.createTempDirectory("profq-weaving-cost");
        WeavingOptions options = AgentOptions.parse("").weaving();
        QuietTraceFactory.install();
        Dump.setDumpOnException(false);
        System.setProperty(Weaver.CONFIGURATION_PROPERTY,
                Weaver.writeConfiguration(options, configurationDirectory, Weaver.CONFIGURATION_FILE).toUri().toString());

        System.out.printf(Locale.ROOT, "weaving %,d classes of %s (load average %s)%n%n", classFiles.size(), jar.getFileName(),
                Files.readString(Path.of("/proc/loadavg")).strip());
        System.out.println("| round | classes woven | weaver failed | weaving (s) | check (s) | check / weaving | check per class (µs) |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
        Totals all = new Totals();
        for (int round = 0; round <= rounds; round++) {
            Totals totals = round(urls, classFiles);
            if (round == 0) {
                System.out.println(totals.row("warm-up (not counted)"));
            } else {
                System.out.println(totals.row(String.valueOf(round)));
                all.add(totals);
            }
        }
        System.out.println(all.row("all measured"));
        return 0;
    }

    private record ClassFile(String internalName, byte[] bytes) {
    }

    /** Weaving and check times summed over the classes AspectJ wove. */
    private static final class Totals {
        long woven;
        long failed;
        long weavingNanos;
        long checkNanos;

        void add(Totals other) {
            woven += other.woven;
            failed += other.failed;
            weavingNanos += other.weavingNanos;
            checkNanos += other.checkNanos;
        }

        String row(String round) {
            return String.format(Locale.ROOT, "| %s | %,d | %,d | %.2f | %.2f | %.1f %% | %.0f |", round, woven, failed, weavingNanos / 1e9,
                    checkNanos / 1e9, 100.0 * checkNanos / Math.max(1, weavingNanos), checkNanos / 1e3 / Math.max(1, woven));
        }
    }

    private static Totals round(URL[] urls, List<ClassFile> classFiles) throws IOException {
        Totals totals = new Totals();
        LoaderWeavers weavers = new LoaderWeavers(null);
        try (URLClassLoader loader = new URLClassLoader(urls, WeavingCheckCost.class.getClassLoader())) {
            for (ClassFile classFile : classFiles) {
                WeaverMessages.startClass();
                long start = System.nanoTime();
                byte[] woven;
                try {
                    woven = weavers.weave(loader, classFile.internalName(), classFile.bytes(), null, false);
                } catch (Exception | LinkageError failed) {
                    totals.failed++;
                    if (totals.failed == 1) {
                        System.err.println("first failure, " + classFile.internalName() + ": " + failed);
                    }
                    continue;
                }
                if (WeaverMessages.errorInClass() != null) {
                    totals.failed++;
                    if (totals.failed == 1) {
                        System.err.println("first failure, " + classFile.internalName() + ": " + WeaverMessages.errorInClass());
                    }
                    continue;
                }
                if (woven == null || woven == classFile.bytes()) {
                    continue; // nothing to check: no join point
                }
                woven = PreClinitInlining.inline(JoinPointRewrite.rewrite(woven));
                long wovenAt = System.nanoTime();
                WovenClassCheck.check(loader, classFile.bytes(), woven);
                long checkedAt = System.nanoTime();
                totals.woven++;
                totals.weavingNanos += wovenAt - start;
                totals.checkNanos += checkedAt - wovenAt;
            }
        }
        return totals;
    }

    private static URL[] jars(Path directory, Path jar) throws IOException {
        List<URL> urls = new ArrayList<>(List.of(jar.toUri().toURL()));
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".jar") && !f.equals(jar)).sorted().toList()) {
                urls.add(file.toUri().toURL());
            }
        }
        return urls.toArray(URL[]::new);
    }

    private static List<ClassFile> classFiles(Path jar, int limit) throws IOException {
        List<ClassFile> classFiles = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            Enumeration<JarEntry> entries = file.entries();
            while (entries.hasMoreElements() && classFiles.size() < limit) {
                JarEntry entry = entries.nextElement();
                String name = entry.getName();
                if (name.endsWith(".class") && !name.startsWith("META-INF/") && !name.endsWith("module-info.class")) {
                    classFiles.add(new ClassFile(name.substring(0, name.length() - ".class".length()), file.getInputStream(entry).readAllBytes()));
                }
            }
        }
        return classFiles;
    }
}
