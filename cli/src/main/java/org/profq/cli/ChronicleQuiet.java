package org.profq.cli;

import java.lang.reflect.Field;

/**
 * Chronicle settings for the profq JVM, which reads recordings, applied before Chronicle's
 * classes load: usage analytics off (nothing phones home), no banner after the program's output,
 * and on JDK 24+ no "terminally deprecated method in sun.misc.Unsafe" warning after the summary.
 * A copy of the agent's {@code org.profq.agent.ChronicleSettings}, which is not public.
 */
final class ChronicleQuiet {
    static void apply() {
        System.setProperty("chronicle.analytics.disable", "true");
        System.setProperty("chronicle.announcer.disable", "true");
        System.setProperty("jvm.resource.tracing", "false");
        System.setProperty("chronicle.disk.monitor.disable", "true");
        silenceUnsafeMemoryAccessWarning();
    }

    /**
     * The JDK prints the warning once per JVM, guarded by a private static flag in the open
     * package {@code sun.misc}; marking it printed keeps profq's stderr to its one sentence.
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

    private ChronicleQuiet() {
    }
}
