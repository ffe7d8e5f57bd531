package org.profq.bench.real;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.profq.bench.EmptyAllocationAdvice;
import org.profq.bench.EmptyCallAdvice;

/**
 * The floor under profq (a) on a real program: a jar, put on the program's class path, holding
 * the bench's empty-advice aspects (profq's pointcuts and advice shape for calls and
 * allocations, empty bodies) and the plain AspectJ weaver's configuration for them. A run with
 * it pays for weaving and for the woven code's size, and for nothing profq records.
 */
final class EmptyAdviceJar {
    /** A class path resource the weaver is pointed at, not META-INF/aop.xml, so nothing else picks it up. */
    static final String CONFIGURATION = "profq-empty-advice.xml";
    private static final List<Class<?>> ASPECTS = List.of(EmptyCallAdvice.class, EmptyAllocationAdvice.class);

    private EmptyAdviceJar() {
    }

    /** Writes the jar into {@code directory} (replacing an older one) and gives its path. */
    static Path write(Path directory) {
        Path jar = directory.resolve("empty-advice.jar");
        try {
            Files.createDirectories(directory);
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
                for (Class<?> aspect : ASPECTS) {
                    String entry = aspect.getName().replace('.', '/') + ".class";
                    out.putNextEntry(new JarEntry(entry));
                    try (InputStream in = aspect.getClassLoader().getResourceAsStream(entry)) {
                        in.transferTo(out);
                    }
                }
                out.putNextEntry(new JarEntry(CONFIGURATION));
                writeConfiguration(out);
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Both aspects over every class of the program, with profq's weaver options. No include
     * list: profq (a) weaves every class too. The javac-compiled aspects must pass the weaver's
     * filter to be completed (their aspectOf()), so they are not excluded; their pointcuts
     * leave {@code org.profq} alone.
     */
    private static void writeConfiguration(OutputStream out) throws IOException {
        StringBuilder xml = new StringBuilder("<aspectj>\n  <aspects>\n");
        for (Class<?> aspect : ASPECTS) {
            xml.append("    <aspect name=\"").append(aspect.getName()).append("\"/>\n");
        }
        xml.append("  </aspects>\n  <weaver options=\"-Xjoinpoints:arrayconstruction -nowarn -Xlint:ignore\">\n")
                .append("    <exclude within=\"org.aspectj..*\"/>\n  </weaver>\n</aspectj>\n");
        out.write(xml.toString().getBytes(StandardCharsets.UTF_8));
    }
}
