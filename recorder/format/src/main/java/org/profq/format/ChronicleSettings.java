package org.profq.format;

import java.lang.reflect.Field;

/**
 * Keeps Chronicle quiet and private in every JVM that writes or reads a recording: usage
 * analytics off (nothing phones home), no banners or resource tracing, and on JDK 24+ no
 * "terminally deprecated method in sun.misc.Unsafe" warning printed into the output. Call it
 * before the first Chronicle class loads.
 */
public final class ChronicleSettings {
    public static void apply() {
        System.setProperty("chronicle.analytics.disable", "true");
        System.setProperty("chronicle.announcer.disable", "true");
        System.setProperty("jvm.resource.tracing", "false");
        System.setProperty("chronicle.disk.monitor.disable", "true");
        silenceUnsafeMemoryAccessWarning();
    }

    /**
     * The JDK prints the warning once per JVM, for the first caller, guarded by a private
     * static flag in {@code sun.misc} (an open package). Marking it printed before Chronicle
     * loads keeps the program's output as it is without profq. The cost: a program that itself
     * uses Unsafe memory access does not get that one-time JVM warning while recorded.
     */
    private static void silenceUnsafeMemoryAccessWarning() {
        try {
            Class<?> unsafe = Class.forName("sun.misc.Unsafe");
            Field warned = unsafe.getDeclaredField("memoryAccessWarned");
            warned.setAccessible(true);
            warned.setBoolean(null, true);
        } catch (ReflectiveOperationException | RuntimeException notThere) {
            // JDK 17-23 has no such warning
        }
    }

    private ChronicleSettings() {
    }
}
