package org.profq.format;

import java.lang.reflect.Field;

/**
 * Keeps JDK 24+'s "terminally deprecated method in sun.misc.Unsafe has been called" warning
 * out of a JVM profq runs in: the program's, where the agent writes with Chronicle, and a JDBC
 * client's, where Avatica's protobuf reads descriptors. The JDK prints it once per JVM, for the
 * first caller, guarded by a private static flag in {@code sun.misc} (an open package); marking
 * it printed before those libraries load keeps the host's output as it is without profq. The
 * cost: code of the host's own that uses Unsafe memory access does not get that one-time warning.
 */
public final class UnsafeWarning {

    public static void silence() {
        try {
            Class<?> unsafe = Class.forName("sun.misc.Unsafe");
            Field warned = unsafe.getDeclaredField("memoryAccessWarned");
            warned.setAccessible(true);
            warned.setBoolean(null, true);
        } catch (ReflectiveOperationException | RuntimeException notThere) {
            // JDK 17-23 has no such warning
        }
    }

    private UnsafeWarning() {
    }
}
