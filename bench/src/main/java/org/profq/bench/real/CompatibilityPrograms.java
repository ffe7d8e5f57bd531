package org.profq.bench.real;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.profq.bench.DependencyResolver;

/**
 * The compatibility suite's programs beside the four of issue 6 (issue 14): a Java 5 program
 * (Saxon-HE 9.4, class files version 49, its own {@code net.sf.saxon.Transform} main running an
 * XSLT 2.0 report), a Kotlin program (compiled by the harness with kotlin-compiler-embeddable
 * from Maven Central, run against kotlin-stdlib), and a program that forks JVMs
 * ({@code profq.bench.compat.Forker}: its children inherit its JVM options, so the agent too).
 * Everything is fetched from Maven Central through {@link MavenCentral} / {@link DependencyResolver}.
 */
final class CompatibilityPrograms {
    static final String SAXON = "net.sf.saxon:Saxon-HE:9.4";
    static final String KOTLIN_COMPILER = "org.jetbrains.kotlin:kotlin-compiler-embeddable:2.1.0";
    static final List<String> NAMES = List.of("saxon", "kotlin", "forker");

    private final MavenCentral central;
    private final DependencyResolver resolver;
    private final Path inputs;
    private final Path java;

    CompatibilityPrograms(MavenCentral central, DependencyResolver resolver, Path inputs, Path java) {
        this.central = central;
        this.resolver = resolver;
        this.inputs = inputs;
        this.java = java;
    }

    Program named(String name) {
        return switch (name) {
            case "saxon" -> saxon();
            case "kotlin" -> kotlin();
            case "forker" -> forker();
            default -> throw new IllegalArgumentException("unknown program " + name + "; known: " + NAMES);
        };
    }

    private Program saxon() {
        Path jar = central.fetch(SAXON, "jar");
        Path xml = writeOrders(inputs.resolve("saxon-orders.xml"), 3000);
        Path xsl = resource("saxon-report.xsl");
        return simple("saxon", "Saxon-HE 9.4 Transform: an XSLT 2.0 report (grouping, sorting, regex, keys, functions) over 3,000 orders",
                List.of(jar), "net.sf.saxon.Transform", List.of("-s:" + xml, "-xsl:" + xsl));
    }

    private Program kotlin() {
        List<Path> compiler = resolver.resolve("kotlin-compiler", List.of(KOTLIN_COMPILER));
        Path source = resource("Words.kt");
        Path jar = inputs.resolve("kotlin-words").resolve("words.jar");
        if (!Files.isRegularFile(jar)) {
            System.err.println("compiling " + source + " with " + KOTLIN_COMPILER);
            Path stdlib = compiler.stream().filter(p -> p.getFileName().toString().startsWith("kotlin-stdlib-")).findFirst()
                    .orElseThrow();
            JvmRun.Result compiled = JvmRun.run(JvmRun.command(java, List.of(), compiler, "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler",
                    List.of(source.toString(), "-d", jar + ".part.jar", "-no-reflect", "-no-stdlib", "-classpath", stdlib.toString(),
                            "-jvm-target", "1.8")), jar.resolveSibling("compile"), Duration.ofMinutes(10));
            if (compiled.exitCode() != 0) {
                throw new IllegalStateException("kotlinc failed: " + compiled.stdoutText() + compiled.stderrText());
            }
            move(Path.of(jar + ".part.jar"), jar);
        }
        List<Path> classPath = new ArrayList<>(List.of(jar));
        compiler.stream().filter(p -> p.getFileName().toString().startsWith("kotlin-stdlib-")
                || p.getFileName().toString().startsWith("annotations-")).forEach(classPath::add);
        return simple("kotlin", "a Kotlin 2.1 program (Words.kt: data and sealed classes, lambdas, sequences, Regex) on kotlin-stdlib 2.1.0",
                classPath, "profq.compat.kotlin.WordsKt", List.of("20000"));
    }

    private Program forker() {
        Path classes = inputs.resolve("forker-classes");
        Path file = classes.resolve("profq/bench/compat/Forker.class");
        try (InputStream in = CompatibilityPrograms.class.getResourceAsStream("/profq/bench/compat/Forker.class")) {
            Files.createDirectories(file.getParent());
            Files.write(file, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return simple("forker", "profq.bench.compat.Forker: starts 2 child JVMs with its own JVM options (the agent too), relays their output",
                List.of(classes), "profq.bench.compat.Forker", List.of("2"));
    }

    private static Program simple(String name, String input, List<Path> classPath, String mainClass, List<String> args) {
        return new Program(name, input, classPath, mainClass, List.of(), run -> args, List.of(), "*", null,
                Program.Normalisation.NONE, null);
    }

    /** Copies a {@code compat/} resource of the bench jar into the inputs directory. */
    private Path resource(String name) {
        Path file = inputs.resolve(name);
        try (InputStream in = CompatibilityPrograms.class.getResourceAsStream("/compat/" + name)) {
            Files.createDirectories(file.getParent());
            Files.write(file, in.readAllBytes());
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Orders with lines, customers, regions, dates and notes, from a fixed seed. */
    static Path writeOrders(Path file, int orders) {
        Random random = new Random(7);
        String[] names = {"ada", "bob", "cyd", "dee"};
        String[] regions = {"north", "south", "east", "west"};
        String[] notes = {"ab", "cd", "ef"};
        StringBuilder xml = new StringBuilder("<orders>\n");
        for (int i = 0; i < orders; i++) {
            xml.append(String.format(Locale.ROOT, "<order id=\"%d\" customer=\"%s-%d\" region=\"%s\" date=\"2026-%02d-%02d\" note=\"%s%d ok\">",
                    i, names[random.nextInt(4)], random.nextInt(40), regions[random.nextInt(4)], 1 + random.nextInt(12),
                    1 + random.nextInt(28), notes[random.nextInt(3)], random.nextInt(100)));
            for (int j = 1 + random.nextInt(5); j > 0; j--) {
                xml.append(String.format(Locale.ROOT, "<line product=\"p%d\" qty=\"%d\" price=\"%d.%02d\"/>", random.nextInt(50),
                        1 + random.nextInt(8), 1 + random.nextInt(299), random.nextInt(100)));
            }
            xml.append("</order>\n");
        }
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, xml.append("</orders>\n"));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
