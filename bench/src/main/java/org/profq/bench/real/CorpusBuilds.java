package org.profq.bench.real;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * What the corpus's programs need built before they run, each built once into the inputs
 * directory (a {@code complete} marker says it finished): the corpus's Java drivers compiled
 * from the bench jar's {@code compat/corpus/} resources with the JDK's compiler, jars with a
 * manifest of their own (an OSGi bundle), and a Spring Boot executable fat jar laid out as
 * Boot's own build plugin lays it out (nested jars stored, Boot's loader at the root).
 */
final class CorpusBuilds {
    private final Path inputs;

    CorpusBuilds(Path inputs) {
        this.inputs = inputs;
    }

    /** A {@code compat/corpus/} resource copied into the inputs directory. */
    Path resource(String relative) {
        Path file = inputs.resolve("corpus").resolve(relative);
        try (InputStream in = CorpusBuilds.class.getResourceAsStream("/compat/corpus/" + relative)) {
            if (in == null) {
                throw new IllegalStateException("no resource compat/corpus/" + relative + " in the bench jar");
            }
            Files.createDirectories(file.getParent());
            Files.write(file, in.readAllBytes());
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Compiles {@code compat/corpus/drivers/<driver>/<sources>} against {@code classPath} with
     * {@code javac --release <release>} into {@code <inputs>/corpus/classes/<driver>}; compiled once.
     */
    Path compile(String driver, List<String> sources, List<Path> classPath, int release) {
        Path classes = inputs.resolve("corpus").resolve("classes").resolve(driver);
        Path complete = classes.resolveSibling(driver + ".complete");
        if (Files.exists(complete)) {
            return classes;
        }
        List<String> files = new ArrayList<>();
        for (String source : sources) {
            files.add(resource("drivers/" + driver + "/" + source).toString());
        }
        List<String> arguments = new ArrayList<>(List.of("--release", String.valueOf(release), "-nowarn", "-d", classes.toString()));
        if (!classPath.isEmpty()) {
            arguments.addAll(List.of("-cp", String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList())));
        }
        arguments.addAll(files);
        javac(driver, arguments);
        touch(complete);
        return classes;
    }

    /** Compiles the named modules under {@code compat/corpus/drivers/<driver>/<module>/} into exploded modules. */
    Path compileModules(String driver, Map<String, List<String>> modules, int release) {
        Path out = inputs.resolve("corpus").resolve("modules").resolve(driver);
        Path complete = out.resolveSibling(driver + ".complete");
        if (Files.exists(complete)) {
            return out;
        }
        List<String> arguments = new ArrayList<>(List.of("--release", String.valueOf(release), "-d", out.toString(), "--module-source-path",
                inputs.resolve("corpus").resolve("drivers").resolve(driver).toString()));
        modules.forEach((module, sources) -> sources.forEach(source ->
                arguments.add(resource("drivers/" + driver + "/" + module + "/" + source).toString())));
        javac(driver, arguments);
        touch(complete);
        return out;
    }

    /** A Java source written by the harness (a method near the 64 KB limit), compiled into its own directory. */
    Path compileGenerated(String name, String className, String source, int release) {
        Path classes = inputs.resolve("corpus").resolve("classes").resolve(name);
        Path complete = classes.resolveSibling(name + ".complete");
        if (Files.exists(complete)) {
            return classes;
        }
        Path file = inputs.resolve("corpus").resolve("generated").resolve(name).resolve(className.replace('.', '/') + ".java");
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        javac(name, List.of("--release", String.valueOf(release), "-d", classes.toString(), file.toString()));
        touch(complete);
        return classes;
    }

    private static void javac(String what, List<String> arguments) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw new IllegalStateException("the harness runs on a JRE without javac; run it on a JDK");
        }
        java.io.ByteArrayOutputStream errors = new java.io.ByteArrayOutputStream();
        int status = compiler.run(null, errors, errors, arguments.toArray(String[]::new));
        if (status != 0) {
            throw new IllegalStateException("compiling the corpus's " + what + " failed: " + errors.toString(StandardCharsets.UTF_8));
        }
    }

    /** A jar of a directory's files with the given main attributes in its manifest. */
    Path jar(String name, Path classes, Map<String, String> manifestAttributes) {
        Path jar = inputs.resolve("corpus").resolve("jars").resolve(name + ".jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifestAttributes.forEach((key, value) -> manifest.getMainAttributes().putValue(key, value));
        try {
            Files.createDirectories(jar.getParent());
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest); Stream<Path> files = Files.walk(classes)) {
                for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                    out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace(File.separatorChar, '/')));
                    out.write(Files.readAllBytes(file));
                    out.closeEntry();
                }
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A Spring Boot executable jar: Boot's loader classes at the root, the application's classes
     * and resources under {@code BOOT-INF/classes/}, each dependency stored (not deflated, as the
     * nested-jar loader requires) under {@code BOOT-INF/lib/}, and a manifest naming
     * {@code JarLauncher} and the application's main class.
     */
    Path springBootJar(String name, Path classes, Path loaderJar, List<Path> libraries, String startClass) {
        Path jar = inputs.resolve("corpus").resolve("jars").resolve(name + ".jar");
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Main-Class", "org.springframework.boot.loader.launch.JarLauncher");
        main.putValue("Start-Class", startClass);
        main.putValue("Spring-Boot-Classes", "BOOT-INF/classes/");
        main.putValue("Spring-Boot-Lib", "BOOT-INF/lib/");
        try {
            Files.createDirectories(jar.getParent());
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
                try (JarFile loader = new JarFile(loaderJar.toFile())) {
                    for (Enumeration<JarEntry> entries = loader.entries(); entries.hasMoreElements(); ) {
                        JarEntry entry = entries.nextElement();
                        if (!entry.isDirectory() && entry.getName().startsWith("org/")) {
                            out.putNextEntry(new JarEntry(entry.getName()));
                            try (InputStream in = loader.getInputStream(entry)) {
                                in.transferTo(out);
                            }
                            out.closeEntry();
                        }
                    }
                }
                // Boot's loader finds BOOT-INF/classes/ and its packages by their directory entries.
                out.putNextEntry(new JarEntry("BOOT-INF/"));
                out.closeEntry();
                try (Stream<Path> files = Files.walk(classes)) {
                    for (Path file : files.sorted().toList()) {
                        String entryName = "BOOT-INF/classes/" + classes.relativize(file).toString().replace(File.separatorChar, '/');
                        if (Files.isDirectory(file)) {
                            out.putNextEntry(new JarEntry(entryName.endsWith("/") ? entryName : entryName + "/"));
                        } else {
                            out.putNextEntry(new JarEntry(entryName));
                            out.write(Files.readAllBytes(file));
                        }
                        out.closeEntry();
                    }
                }
                out.putNextEntry(new JarEntry("BOOT-INF/lib/"));
                out.closeEntry();
                for (Path library : libraries) {
                    byte[] bytes = Files.readAllBytes(library);
                    CRC32 crc = new CRC32();
                    crc.update(bytes);
                    JarEntry entry = new JarEntry("BOOT-INF/lib/" + library.getFileName());
                    entry.setMethod(ZipEntry.STORED);
                    entry.setSize(bytes.length);
                    entry.setCompressedSize(bytes.length);
                    entry.setCrc(crc.getValue());
                    out.putNextEntry(entry);
                    out.write(bytes);
                    out.closeEntry();
                }
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies a file into a class directory (a resource the program reads from its class path). */
    static void copyInto(Path file, Path classes, String relative) {
        try {
            Path target = classes.resolve(relative);
            Files.createDirectories(target.getParent());
            Files.copy(file, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void touch(Path file) {
        try (OutputStream ignored = Files.newOutputStream(file)) {
            // an empty marker
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
