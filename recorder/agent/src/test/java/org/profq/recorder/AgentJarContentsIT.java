package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import org.junit.jupiter.api.Test;

/**
 * What {@code profq-agent.jar} carries into every profiled program: the format the recorder
 * writes, never the reader API over a recording (the query engine's, not the program's); and no
 * call of {@code sun.misc.Unsafe}, whose first memory access prints a warning on JDK 24+ (its
 * libraries call profq's {@code InternalUnsafe} in its place).
 */
class AgentJarContentsIT {
    @Test
    void theAgentCarriesTheFormatButNotTheReader() throws IOException {
        List<String> classes;
        try (JarFile jar = new JarFile(SampleRun.agentJar().toFile())) {
            classes = jar.stream().map(ZipEntry::getName).filter(name -> name.endsWith(".class")).toList();
        }
        assertEquals(List.of(), classes.stream().filter(name -> name.startsWith("org/profq/recording/")).toList());
        assertTrue(classes.contains("org/profq/format/RecordingFormat.class"), "the format is in the agent jar");
    }

    @Test
    void noClassInTheAgentNamesSunMiscUnsafe() throws IOException {
        Path jar = SampleRun.agentJar();
        assertEquals(List.of(), ClassReferences.classesNaming(jar, "sun/misc/Unsafe"));
        assertEquals(List.of(), ClassReferences.classesNaming(jar, "sun.misc.Unsafe"));
    }

    /** A member the relocated libraries use and InternalUnsafe lacks would be a NoSuchMethodError in the program. */
    @Test
    void internalUnsafeHasEveryMemberTheAgentsLibrariesUse() throws IOException {
        Path jar = SampleRun.agentJar();
        Map<String, String> uses = ClassReferences.usesOf(jar, ClassReferences.INTERNAL_UNSAFE);
        Set<String> declared = ClassReferences.declaredBy(jar, ClassReferences.INTERNAL_UNSAFE, true);

        List<String> missing = new ArrayList<>();
        uses.forEach((member, user) -> {
            if (!declared.contains(member)) {
                missing.add(member + " (used by " + user + ")");
            }
        });
        assertEquals(List.of(), missing);
        assertTrue(uses.size() >= 60, "Chronicle and AspectJ call InternalUnsafe: " + uses.keySet());
        // read reflectively: Chronicle's and AspectJ's getDeclaredField("theUnsafe"), Chronicle's findVirtual(..., "invokeCleaner")
        assertTrue(ClassReferences.declaredBy(jar, ClassReferences.INTERNAL_UNSAFE, false)
                .contains("theUnsafe L" + ClassReferences.INTERNAL_UNSAFE + ";"));
        assertTrue(declared.contains("invokeCleaner (Ljava/nio/ByteBuffer;)V"));
    }

    /** InternalUnsafe is compiled against one JDK's jdk.internal.misc.Unsafe; it must link on every JDK profq supports. */
    @Test
    void everyMethodInternalUnsafeCallsExistsOnEveryJdk() throws Exception {
        for (Jdk jdk : Jdk.available()) {
            SampleRun.Result check = SampleRun.run(jdk, null, List.of(jdk.java().toString(), "-cp", System.getProperty("java.class.path"),
                    ClassReferences.class.getName(), SampleRun.agentJar().toString()));
            assertEquals(0, check.exitCode(), check.stderr());
            assertEquals("", check.stdout(), jdk + "'s jdk.internal.misc.Unsafe lacks these methods InternalUnsafe calls");
        }
    }
}
