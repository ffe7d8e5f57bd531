package org.profq.agent;

/**
 * System properties Chronicle reads when its classes load: usage analytics off (nothing phones
 * home), and no banners or resource tracing that would print into the program's output.
 */
final class ChronicleSettings {
    static void apply() {
        System.setProperty("chronicle.analytics.disable", "true");
        System.setProperty("chronicle.announcer.disable", "true");
        System.setProperty("jvm.resource.tracing", "false");
        System.setProperty("chronicle.disk.monitor.disable", "true");
    }

    private ChronicleSettings() {
    }
}
