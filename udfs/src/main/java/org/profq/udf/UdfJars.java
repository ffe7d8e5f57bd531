package org.profq.udf;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * A user's function jars: the ones named ({@code --udf JAR}, the connection property
 * {@code udf=}) and every jar in the user's UDF directories ({@link #userDirectories}). Each
 * public class of a jar gives its functions by {@link FunctionLibrary#functionsOf}'s rules. A
 * jar is loaded once per JVM (again when it changes on disk), in a class loader of its own
 * whose parent sees this module, so {@link Description} is the same annotation; the classes
 * that Calcite compiles for a query find the jars' classes through {@link #classLoader}.
 */
public final class UdfJars {
    /** The connection property that names jars, separated by the platform's path separator or commas. */
    public static final String PROPERTY = "udf";

    private static final Map<Path, Loaded> LOADED = new HashMap<>();
    private static final List<ClassLoader> LOADERS = new CopyOnWriteArrayList<>();

    private UdfJars() {
    }

    /** One jar's functions, and what it was loaded from. */
    private record Loaded(FileTime modified, long size, List<SqlFunction> functions) {
    }

    /** A jar that gives no functions, and why, in one sentence that names it. */
    public static final class UdfJarException extends Exception {
        private final Path jar;

        UdfJarException(Path jar, String problem, Throwable cause) {
            super("the function jar " + jar + " " + problem, cause);
            this.jar = jar;
        }

        public Path jar() {
            return jar;
        }
    }

    /**
     * The directories a user drops function jars in: {@code $XDG_DATA_HOME/profq/udfs} when
     * {@code XDG_DATA_HOME} is set, and {@code $HOME/.profq/udfs} ({@code $HOME} first, as a
     * shell has it, then the JVM's {@code user.home}).
     */
    public static List<Path> userDirectories(Map<String, String> environment, String userHome) {
        List<Path> directories = new ArrayList<>();
        String xdg = environment.get("XDG_DATA_HOME");
        if (xdg != null && !xdg.isBlank()) {
            directories.add(Path.of(xdg, "profq", "udfs"));
        }
        String home = environment.get("HOME");
        if (home == null || home.isBlank()) {
            home = userHome;
        }
        if (home != null && !home.isBlank()) {
            directories.add(Path.of(home, ".profq", "udfs"));
        }
        return directories;
    }

    /** The user's directories of this process ({@link #userDirectories} of its environment). */
    public static List<Path> userDirectories() {
        return userDirectories(System.getenv(), System.getProperty("user.home"));
    }

    /** The jars named by a {@code udf=} property's value: paths separated by the path separator or commas. */
    public static List<Path> named(String property) {
        List<Path> jars = new ArrayList<>();
        if (property != null) {
            for (String part : property.split("[,\\" + java.io.File.pathSeparator + "]")) {
                if (!part.isBlank()) {
                    jars.add(Path.of(part.strip()));
                }
            }
        }
        return jars;
    }

    /** The jars in {@code directories} ({@code *.jar}, by name; a directory that does not exist has none). */
    public static List<Path> inDirectories(List<Path> directories) {
        List<Path> jars = new ArrayList<>();
        for (Path directory : directories) {
            if (!Files.isDirectory(directory)) {
                continue;
            }
            try (Stream<Path> files = Files.list(directory)) {
                files.filter(file -> file.getFileName().toString().endsWith(".jar") && Files.isRegularFile(file))
                        .sorted().forEach(jars::add);
            } catch (IOException e) {
                // an unreadable directory holds no jars we can load; the jars in it are not named by anyone
            }
        }
        return jars;
    }

    /** The functions of {@code jar}; a {@link UdfJarException} naming it (and the class or function) if it has none to give. */
    public static synchronized List<SqlFunction> load(Path jar) throws UdfJarException {
        Path absolute = jar.toAbsolutePath().normalize();
        FileTime modified;
        long size;
        try {
            modified = Files.getLastModifiedTime(absolute);
            size = Files.size(absolute);
        } catch (IOException e) {
            throw new UdfJarException(jar, "cannot be read (" + e.getClass().getSimpleName() + "); check the path", e);
        }
        Loaded known = LOADED.get(absolute);
        if (known != null && known.modified().equals(modified) && known.size() == size) {
            return known.functions();
        }
        List<String> classNames = classNames(jar, absolute);
        URLClassLoader loader;
        try {
            loader = new URLClassLoader("profq-udf " + absolute.getFileName(), new URL[] {absolute.toUri().toURL()},
                    UdfJars.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new UdfJarException(jar, "has a path no class loader takes", e);
        }
        List<SqlFunction> functions = new ArrayList<>();
        for (String className : classNames) {
            Class<?> type;
            try {
                type = Class.forName(className, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                throw new UdfJarException(jar, "has a class that cannot be loaded, " + className + ": " + e, e);
            }
            if (!java.lang.reflect.Modifier.isPublic(type.getModifiers()) || type.isAnonymousClass() || type.isSynthetic()
                    || type.isInterface() || type.isAnnotation()) {
                continue;
            }
            try {
                functions.addAll(FunctionLibrary.functionsOf(type, absolute.toString()));
            } catch (IllegalArgumentException | LinkageError e) {
                throw new UdfJarException(jar, "has " + (e instanceof LinkageError ? "a class that cannot be linked, " + className
                        + ": " + e : e.getMessage()), e);
            }
        }
        if (functions.isEmpty()) {
            throw new UdfJarException(jar, "has no functions: no public class with a public static method or an aggregate's"
                    + " init, add and result", null);
        }
        LOADERS.add(loader);
        LOADED.put(absolute, new Loaded(modified, size, List.copyOf(functions)));
        return List.copyOf(functions);
    }

    private static List<String> classNames(Path jar, Path absolute) throws UdfJarException {
        List<String> names = new ArrayList<>();
        try (JarFile file = new JarFile(absolute.toFile())) {
            for (Enumeration<JarEntry> entries = file.entries(); entries.hasMoreElements(); ) {
                String entry = entries.nextElement().getName();
                if (entry.endsWith(".class") && !entry.startsWith("META-INF/") && !entry.endsWith("module-info.class")
                        && !entry.endsWith("package-info.class")) {
                    names.add(entry.substring(0, entry.length() - ".class".length()).replace('/', '.'));
                }
            }
        } catch (IOException | SecurityException e) {
            throw new UdfJarException(jar, "is not a jar (" + e.getMessage() + ")", e);
        }
        Collections.sort(names);
        return names;
    }

    /**
     * A class loader that finds classes as {@code parent} does and then in every function jar
     * loaded: what the code Calcite compiles for a query needs to call a user's function.
     */
    public static ClassLoader classLoader(ClassLoader parent) {
        if (LOADERS.isEmpty()) {
            return parent;
        }
        return new ClassLoader("profq-udfs", parent) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                for (ClassLoader loader : LOADERS) {
                    try {
                        return loader.loadClass(name);
                    } catch (ClassNotFoundException e) {
                        // the next jar's
                    }
                }
                throw new ClassNotFoundException(name);
            }

            @Override
            protected URL findResource(String name) {
                for (ClassLoader loader : LOADERS) {
                    URL resource = loader.getResource(name);
                    if (resource != null) {
                        return resource;
                    }
                }
                return null;
            }
        };
    }

    /** Whether any function jar has been loaded in this JVM. */
    public static boolean anyLoaded() {
        return !LOADERS.isEmpty();
    }

    /**
     * The sentence that names the user's function a failure came from and its jar, when the
     * failure (or one of its causes) was thrown in a class of {@code functions} that came from a
     * jar: {@code the function explode from /x/udfs.jar failed: java.lang.ArithmeticException: / by zero}.
     */
    public static java.util.Optional<String> explain(Throwable failure, List<SqlFunction> functions) {
        Map<Class<?>, List<SqlFunction>> byClass = new LinkedHashMap<>();
        for (SqlFunction function : functions) {
            if (!function.source().equals(FunctionLibrary.BUILT_IN) && function.declaringClass() != null) {
                byClass.computeIfAbsent(function.declaringClass(), type -> new ArrayList<>()).add(function);
            }
        }
        if (byClass.isEmpty()) {
            return java.util.Optional.empty();
        }
        Set<Throwable> seen = Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Throwable cause = failure; cause != null && seen.add(cause); cause = cause.getCause()) {
            for (StackTraceElement frame : cause.getStackTrace()) {
                for (Map.Entry<Class<?>, List<SqlFunction>> owner : byClass.entrySet()) {
                    if (!frame.getClassName().equals(owner.getKey().getName())) {
                        continue;
                    }
                    SqlFunction function = owner.getValue().stream()
                            .filter(candidate -> candidate.kind() == SqlFunction.Kind.AGGREGATE
                                    || javaName(candidate).equals(frame.getMethodName()))
                            .findFirst().orElse(owner.getValue().get(0));
                    return java.util.Optional.of("the function " + function.name() + " from " + function.source() + " failed: "
                            + cause);
                }
            }
        }
        return java.util.Optional.empty();
    }

    /** The Java method a scalar function runs (its SQL name unless @Description renamed it). */
    private static String javaName(SqlFunction function) {
        if (function.function() instanceof org.apache.calcite.schema.impl.ScalarFunctionImpl scalar) {
            return scalar.method.getName();
        }
        return function.name();
    }
}
