package org.profq.agent;

import java.lang.instrument.Instrumentation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Opens the JDK packages Chronicle reaches into, to the agent's module only, so the target
 * needs no {@code --add-opens} flags ({@link Instrumentation#redefineModule}).
 */
final class ModuleOpener {
    private static final List<String> JAVA_BASE_PACKAGES = List.of(
            "java.lang", "java.lang.ref", "java.lang.reflect", "java.io", "java.nio", "java.util",
            "java.util.concurrent", "java.util.concurrent.atomic",
            "sun.nio.ch", "jdk.internal.ref", "jdk.internal.misc");

    static void openJavaBaseTo(Instrumentation instrumentation, Module agent) {
        open(instrumentation, Object.class.getModule(), JAVA_BASE_PACKAGES, agent);
        Optional<Module> unsupported = ModuleLayer.boot().findModule("jdk.unsupported");
        unsupported.ifPresent(module -> open(instrumentation, module, List.of("sun.misc"), agent));
    }

    private static void open(Instrumentation instrumentation, Module module, List<String> packages, Module agent) {
        Map<String, Set<Module>> grants = new HashMap<>();
        for (String name : packages) {
            if (module.getPackages().contains(name)) {
                grants.put(name, Set.of(agent));
            }
        }
        instrumentation.redefineModule(module, Set.of(), grants, grants, Set.of(), Map.of());
    }

    private ModuleOpener() {
    }
}
