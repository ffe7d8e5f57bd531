package org.profq.agent;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompilerHintsTest {
    @Test
    void theJvmTakesTheDirectiveThatKeepsTheRecorderOutOfWovenMethods(@TempDir Path recording) {
        Path file = recording.resolve(CompilerHints.DIRECTIVE_FILE);
        assertTrue(CompilerHints.applyThrough(file), "HotSpot's Compiler.directives_add took " + CompilerHints.DIRECTIVE);
        assertFalse(Files.exists(file), "the directive's file is deleted once the JVM has read it");
    }
}
