package org.profq.weave;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A user's aspects ({@code aspects=JAR}): the jar's classes join the program's class path and
 * the aspects its {@code META-INF/aop.xml} names join profq's in the weaver's configuration.
 * Only the aspect names are taken from the user's file: which classes are woven stays profq's
 * choice ({@code include}, {@code exclude}), so the user's aspects see what profq records.
 *
 * @param jars the jars, as given
 * @param aspects the aspect classes their aop.xml files name, in order
 */
public record UserAspects(List<Path> jars, List<String> aspects) {
    public static final UserAspects NONE = new UserAspects(List.of(), List.of());
    static final String AOP_XML = "META-INF/aop.xml";

    public UserAspects {
        jars = List.copyOf(jars);
        aspects = List.copyOf(aspects);
    }

    /** Reads the jars' aop.xml files; a jar that is missing or names no aspect throws IllegalArgumentException, one sentence. */
    public static UserAspects read(List<Path> jars) {
        List<String> aspects = new ArrayList<>();
        for (Path jar : jars) {
            if (!Files.isRegularFile(jar)) {
                throw new IllegalArgumentException("aspects jar " + jar.toAbsolutePath() + " does not exist; give the jar"
                        + " that holds your aspects and their META-INF/aop.xml.");
            }
            List<String> named = aspectsIn(jar);
            if (named.isEmpty()) {
                throw new IllegalArgumentException("aspects jar " + jar + " has no " + AOP_XML + " naming an aspect; add one"
                        + " with <aspectj><aspects><aspect name=\"com.example.MyAspect\"/></aspects></aspectj>.");
            }
            aspects.addAll(named);
        }
        return new UserAspects(jars, aspects);
    }

    /**
     * These aspects without those AspectJ cannot weave ({@link AspectDebugInfo}: advice whose
     * parameter names javac left out), each left out told to {@code leftOut} in one sentence. The
     * weaver would fail on every class such an aspect advises, leaving the program unrecorded;
     * without it profq's own aspects still record the program. Run in the agent only (it reads
     * the class files with ASM, which the command line does not carry).
     */
    public UserAspects weavable(Consumer<String> leftOut) {
        List<String> kept = new ArrayList<>();
        for (String aspect : aspects) {
            Optional<String> advice = Optional.empty();
            for (Path jar : jars) {
                byte[] classFile = classFile(jar, aspect);
                if (classFile != null) {
                    try {
                        advice = AspectDebugInfo.adviceWithoutNames(classFile);
                    } catch (RuntimeException e) {
                        // a class file ASM cannot read: the weaver, which reads it too, says why
                    }
                    break;
                }
            }
            if (advice.isPresent()) {
                leftOut.accept("left the aspect " + aspect + " unwoven: its advice " + advice.get() + " binds its pointcut's"
                        + " values to parameters whose names are not in its class file, and AspectJ needs them; compile"
                        + " the aspects with javac -g, or name the parameters in the annotation's argNames");
            } else {
                kept.add(aspect);
            }
        }
        return kept.size() == aspects.size() ? this : new UserAspects(jars, kept);
    }

    /** The class file of {@code className} in {@code jar}; null when the jar has none (it may be on the program's class path). */
    private static byte[] classFile(Path jar, String className) {
        try (JarFile file = new JarFile(jar.toFile())) {
            ZipEntry entry = file.getEntry(className.replace('.', '/') + ".class");
            if (entry == null) {
                return null;
            }
            try (InputStream in = file.getInputStream(entry)) {
                return in.readAllBytes();
            }
        } catch (IOException e) {
            return null; // the weaver, which reads the jar too, says why
        }
    }

    /** What the woven bytes depend on besides the names: each jar's path, size and time. */
    String identity() {
        StringBuilder identity = new StringBuilder();
        for (Path jar : jars) {
            try {
                identity.append(jar.toAbsolutePath()).append(' ').append(Files.size(jar)).append(' ')
                        .append(Files.getLastModifiedTime(jar).toMillis()).append('\n');
            } catch (IOException e) {
                identity.append(jar).append(" unknown ").append(System.nanoTime()).append('\n');
            }
        }
        return identity.toString();
    }

    private static List<String> aspectsIn(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            ZipEntry entry = file.getEntry(AOP_XML);
            if (entry == null) {
                return List.of();
            }
            try (InputStream in = file.getInputStream(entry)) {
                DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
                factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
                factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
                factory.setExpandEntityReferences(false);
                NodeList elements = factory.newDocumentBuilder().parse(in).getElementsByTagName("aspect");
                List<String> names = new ArrayList<>();
                for (int i = 0; i < elements.getLength(); i++) {
                    String name = ((Element) elements.item(i)).getAttribute("name").strip();
                    if (!name.isEmpty()) {
                        names.add(name);
                    }
                }
                return names;
            }
        } catch (Exception e) {
            throw new IllegalArgumentException("cannot read " + AOP_XML + " in aspects jar " + jar + " (" + e.getMessage()
                    + "); check that it is a jar with a well-formed aop.xml.");
        }
    }
}
