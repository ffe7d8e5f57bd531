package org.profq.weave;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;

/**
 * The superclass, interfaces and kind (class or interface) of the types a class loader can see,
 * read from their class files through {@link ClassLoader#getResourceAsStream} — never by loading
 * a class, which would run the program's code in an order it did not choose, or load classes it
 * never loads. The verifier needs no more: it treats every interface as {@code Object}. A type
 * whose class file the loader does not offer (a class generated at run time, say) is unknown, and
 * the caller takes the conservative answer; so is a type one of whose supertypes is unknown, as
 * the JVM cannot load a class without loading all its supertypes. One instance per loader, kept as long as the loader
 * lives; {@code java.*} types, the same in every loader, are read once through the platform loader.
 */
final class ClassHierarchy {
    /** What a class file says about its place in the hierarchy; {@code superName} is null for {@code java/lang/Object}. */
    record Header(String superName, boolean isInterface, List<String> interfaces) {
    }

    /** Deeper than any real hierarchy: class files that make a cycle (the JVM would refuse them) end the walk. */
    private static final int MAX_DEPTH = 1_000;

    /**
     * The closures AspectJ makes for around advice ({@code Outer$AjcClosure1}) are defined by the
     * weaver, never read from a class file, and always extend this class.
     */
    private static final Header AROUND_CLOSURE = new Header("org/aspectj/runtime/internal/AroundClosure", false, List.of());
    private static final Pattern AROUND_CLOSURE_NAME = Pattern.compile(".*\\$AjcClosure[0-9]+");

    private static final Map<ClassLoader, ClassHierarchy> BY_LOADER = Collections.synchronizedMap(new WeakHashMap<>());
    private static final ClassHierarchy PLATFORM = new ClassHierarchy(ClassLoader.getPlatformClassLoader());

    /** Weak: the instance is the value of a weak map keyed by the loader, and must not keep it alive. */
    private final WeakReference<ClassLoader> loader;
    private final Map<String, Optional<Header>> headers = new ConcurrentHashMap<>();
    /** For each type asked about: the first of it and its supertypes whose class file cannot be read, or empty. */
    private final Map<String, Optional<String>> unreadableSupertypes = new ConcurrentHashMap<>();

    private ClassHierarchy(ClassLoader loader) {
        this.loader = new WeakReference<>(loader);
    }

    static ClassHierarchy of(ClassLoader loader) {
        return BY_LOADER.computeIfAbsent(loader, ClassHierarchy::new);
    }

    /** The header of the class or interface with this internal name, or null when it cannot be read. */
    Header header(String internalName) {
        if (internalName.startsWith("java/") && this != PLATFORM) {
            return PLATFORM.header(internalName); // only the JDK may define java.* classes
        }
        Optional<Header> known = headers.get(internalName);
        if (known == null) {
            // Not computeIfAbsent: reading may load the loader's own classes, and so weave and come back here.
            known = Optional.ofNullable(read(internalName));
            headers.put(internalName, known);
        }
        return known.orElse(null);
    }

    /**
     * The type itself, or the first of its supertypes (superclasses and interfaces, all the way
     * up), whose class file cannot be read; null when all can. The JVM loads a class only with
     * all its supertypes: where this is not null, making the JVM load the type fails with a
     * {@code NoClassDefFoundError} (or is at least not known to succeed).
     */
    String unreadableSupertype(String internalName) {
        return unreadableSupertype(internalName, 0);
    }

    private String unreadableSupertype(String internalName, int depth) {
        if (internalName.startsWith("java/") && this != PLATFORM) {
            return PLATFORM.unreadableSupertype(internalName, depth);
        }
        Optional<String> known = unreadableSupertypes.get(internalName);
        if (known != null) {
            return known.orElse(null);
        }
        Header header = header(internalName);
        String unreadable = header == null || depth > MAX_DEPTH ? internalName : null;
        if (unreadable == null && header.superName() != null) {
            unreadable = unreadableSupertype(header.superName(), depth + 1);
        }
        for (int i = 0; unreadable == null && i < header.interfaces().size(); i++) {
            unreadable = unreadableSupertype(header.interfaces().get(i), depth + 1);
        }
        unreadableSupertypes.put(internalName, Optional.ofNullable(unreadable));
        return unreadable;
    }

    private Header read(String internalName) {
        ClassLoader source = loader.get();
        if (source == null) {
            return null;
        }
        try (InputStream classFile = source.getResourceAsStream(internalName + ".class")) {
            if (classFile == null) {
                return AROUND_CLOSURE_NAME.matcher(internalName).matches() ? AROUND_CLOSURE : null;
            }
            ClassReader reader = new ClassReader(classFile);
            if (!reader.getClassName().equals(internalName)) {
                return null; // a file in the wrong place is not the class the JVM would load
            }
            return new Header(reader.getSuperName(), (reader.getAccess() & Opcodes.ACC_INTERFACE) != 0, List.of(reader.getInterfaces()));
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }
}
