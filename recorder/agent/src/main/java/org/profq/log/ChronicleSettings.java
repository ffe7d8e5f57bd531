package org.profq.log;

import org.profq.format.UnsafeWarning;

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
        UnsafeWarning.silence();
    }

    private ChronicleSettings() {
    }
}
