package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import org.junit.jupiter.api.Test;

/**
 * What {@code profq-agent.jar} carries into every profiled program: the format the recorder
 * writes, never the reader API over a recording (the query engine's, not the program's).
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
}
