package org.profq.event;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * The classes the weaver wove in this JVM, by loader and name: the classes whose every field
 * write the value profiler sees. Asked once per class ({@link ClassShapes}), never per event.
 */
public final class WovenClasses {
    private static final Map<ClassLoader, Set<String>> BY_LOADER = new WeakHashMap<>();

    /** The weaver wove (or took from its cache) {@code internalName} ({@code a/b/C}) for {@code loader}. */
    public static synchronized void add(ClassLoader loader, String internalName) {
        BY_LOADER.computeIfAbsent(loader, key -> new HashSet<>()).add(internalName);
    }

    static synchronized boolean contains(Class<?> type) {
        Set<String> names = type.getClassLoader() == null ? null : BY_LOADER.get(type.getClassLoader());
        return names != null && names.contains(type.getName().replace('.', '/'));
    }

    private WovenClasses() {
    }
}
