package org.profq.engine.jdbc;

import java.lang.reflect.Field;

/**
 * Keeps JDK 24+'s "terminally deprecated method in sun.misc.Unsafe has been called" warning
 * out of a JDBC client's output, where Avatica's protobuf reads descriptors with it. The JDK
 * prints it once per JVM, for the first caller, guarded by a private static flag in
 * {@code sun.misc} (an open package); marking it printed before protobuf loads keeps the client's
 * output as it is without the driver. The cost: the client's own code that uses Unsafe memory
 * access does not get that one-time warning. (The agent, in the profiled program's JVM, never
 * silences it: its libraries do not call {@code sun.misc.Unsafe} at all.)
 */
final class UnsafeWarning {

    static void silence() {
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
