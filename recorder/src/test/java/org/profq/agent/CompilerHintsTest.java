package org.profq.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CompilerHintsTest {
    @Test
    void theJvmTakesTheDirectiveThatKeepsTheRecorderOutOfWovenMethods() {
        assertTrue(CompilerHints.apply(), "HotSpot's Compiler.directives_add took " + CompilerHints.DIRECTIVE);
    }
}
