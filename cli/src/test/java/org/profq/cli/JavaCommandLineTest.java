package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** How the java command line after {@code --} names the default recording and takes the agent. */
class JavaCommandLineTest {
    @Test
    void mainClassIsTheFirstWordAfterTheJvmOptionsAndTheirValues() {
        assertEquals(Optional.of("Main"), main("java", "-cp", "a.jar:b.jar", "-Xmx1g", "-Dx=y", "com.example.Main", "arg"));
        assertEquals(Optional.of("Main"), main("java", "-classpath", "lib", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "-p", "mods", "--add-modules", "m", "com.example.Main"));
        assertEquals(Optional.of("Main"), main("java", "--class-path=lib", "--add-opens=java.base/java.lang=ALL-UNNAMED", "Main"));
        assertEquals(Optional.of("Tool"), main("/opt/jdk/bin/java", "--module-path", "mods", "com.example.Tool", "-cp", "x"));
    }

    @Test
    void aJarIsNamedWithoutItsSuffixAndAModuleByItsMainClass() {
        assertEquals(Optional.of("app"), main("java", "-Xss2m", "-jar", "build/libs/app.jar", "run"));
        assertEquals(Optional.of("Main"), main("java", "-p", "mods", "-m", "com.example/com.example.Main"));
        assertEquals(Optional.of("Main"), main("java", "--module=com.example/com.example.Main"));
        assertEquals(Optional.of("app"), main("java", "--module", "org.example.app"));
        assertEquals(Optional.of("Hello"), main("java", "--source", "17", "src/Hello.java"));
    }

    @Test
    void namesAreKeptUsableAsDirectoryNames() {
        assertEquals(Optional.of("Outer_Inner"), main("java", "com.example.Outer$Inner"));
    }

    @Test
    void noNameWhenTheCommandLineDoesNotSay() {
        assertEquals(Optional.empty(), main("java", "-version"));
        assertEquals(Optional.empty(), main("java", "@options.txt"));
        assertEquals(Optional.empty(), main("java", "-cp"));
        assertEquals(Optional.empty(), main("java", "-jar"));
    }

    @Test
    void theAgentGoesRightAfterTheExecutableWithTheModuleTheRecorderNeeds() {
        JavaCommandLine java = JavaCommandLine.of(List.of("/usr/bin/java", "-cp", "x", "Main", "a"));

        assertEquals(List.of("/usr/bin/java", "-javaagent:a.jar=out=M.profq", "--add-modules", "jdk.unsupported,java.sql", "-cp", "x", "Main", "a"),
                java.withAgent("-javaagent:a.jar=out=M.profq"));
    }

    @Test
    void theFirstWordMustBeAJavaExecutable() {
        assertThrows(IllegalArgumentException.class, () -> JavaCommandLine.of(List.of()));
        assertThrows(IllegalArgumentException.class, () -> JavaCommandLine.of(List.of("javac", "Main.java")));
        assertThrows(IllegalArgumentException.class, () -> JavaCommandLine.of(List.of("./run.sh")));
        assertEquals("java.exe", JavaCommandLine.of(List.of("C:\\jdk\\bin\\java.exe", "Main")).words().get(0).substring(11));
    }

    private static Optional<String> main(String... words) {
        return JavaCommandLine.of(List.of(words)).mainSimpleName();
    }
}
