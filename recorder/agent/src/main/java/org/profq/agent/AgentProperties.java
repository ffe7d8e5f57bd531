package org.profq.agent;

import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * What the agent tells {@code profq attach} and {@code detach}, through the JVM's agent properties
 * (the Attach API's {@code VirtualMachine.getAgentProperties()}, which the program never sees):
 * where it records, or why it refused. An agent loaded into a running JVM must not throw, since
 * the JVM would print the exception on the program's stderr.
 */
public final class AgentProperties {
    /** The recording directory, while the agent records. */
    public static final String RECORDING = "profq.recording";
    /** Why the last attach or detach was refused, one sentence. */
    public static final String REFUSED = "profq.refused";

    private AgentProperties() {
    }

    static void set(Instrumentation instrumentation, String key, String value) {
        Properties properties = properties(instrumentation);
        if (properties != null) {
            if (value == null) {
                properties.remove(key);
            } else {
                properties.setProperty(key, value);
            }
        }
    }

    /** jdk.internal.vm.VMSupport's agent properties, opened to the agent; null if this JDK has none. */
    private static Properties properties(Instrumentation instrumentation) {
        try {
            Module base = Object.class.getModule();
            if (base.getPackages().contains("jdk.internal.vm")) {
                instrumentation.redefineModule(base, Set.of(), Map.of("jdk.internal.vm", Set.of(AgentProperties.class.getModule())),
                        Map.of(), Set.of(), Map.of());
            }
            return (Properties) Class.forName("jdk.internal.vm.VMSupport").getMethod("getAgentProperties").invoke(null);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}
