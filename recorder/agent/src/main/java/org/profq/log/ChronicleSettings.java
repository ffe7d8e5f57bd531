package org.profq.log;

/**
 * Keeps Chronicle quiet and private in every JVM that writes or reads a recording: usage
 * analytics off (nothing phones home), no banners or resource tracing. (Nor JDK 24+'s
 * {@code sun.misc.Unsafe} warning: the agent's Chronicle calls {@link InternalUnsafe} instead.)
 * Call it before the first Chronicle class loads.
 */
public final class ChronicleSettings {
    public static void apply() {
        System.setProperty("chronicle.analytics.disable", "true");
        System.setProperty("chronicle.announcer.disable", "true");
        System.setProperty("jvm.resource.tracing", "false");
        System.setProperty("chronicle.disk.monitor.disable", "true");
    }

    private ChronicleSettings() {
    }
}
