package org.profq.engine.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.codehaus.commons.compiler.CompilerFactoryFactory;
import org.codehaus.commons.compiler.ICompilerFactory;
import org.codehaus.commons.compiler.ISimpleCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Janino with its compilations kept on disk: a second JVM (here, a second factory over the same
 * directory) defines the classes a first one compiled instead of compiling them again; an entry
 * that cannot be read is compiled again and rewritten; the factory becomes Janino's default only
 * when {@code profq.codeCache} names a directory.
 */
class CachingCompilerFactoryTest {
    private static final String HELLO = "public class Greeting implements java.util.function.Supplier {"
            + " public Object get() { return \"hello\"; } }";
    private static final String OTHER = "public class Greeting implements java.util.function.Supplier {"
            + " public Object get() { return \"kept\"; } }";

    @Test
    void aNewJvmDefinesTheClassesAnEarlierOneCompiled(@TempDir Path cache) throws Exception {
        assertEquals("hello", greeting(new CachingCompilerFactory(new CompiledClassCache(cache)), HELLO));
        assertEquals(1, entries(cache).size());
        // What the cache holds for HELLO is replaced by OTHER's class files: a factory that
        // answers "kept" for HELLO defined them from the cache and compiled nothing.
        CompiledClassCache kept = new CompiledClassCache(cache);
        ISimpleCompiler other = new CachingCompilerFactory(new CompiledClassCache(cache.resolve("other"))).newSimpleCompiler();
        other.cook(OTHER);
        kept.put(HELLO, other.getBytecodes());

        assertEquals("kept", greeting(new CachingCompilerFactory(new CompiledClassCache(cache)), HELLO));
    }

    @Test
    void anEntryThatCannotBeReadWholeIsCompiledAgainAndRewritten(@TempDir Path cache) throws Exception {
        greeting(new CachingCompilerFactory(new CompiledClassCache(cache)), HELLO);
        Path entry = entries(cache).get(0);
        long size = Files.size(entry);
        Files.write(entry, Arrays.copyOf(Files.readAllBytes(entry), (int) size / 2));

        assertEquals("hello", greeting(new CachingCompilerFactory(new CompiledClassCache(cache)), HELLO));
        assertEquals(size, Files.size(entry));
    }

    @Test
    void isJaninosDefaultOnlyWhenTheDirectoryIsNamed(@TempDir Path cache) throws Exception {
        Field defaultFactory = CompilerFactoryFactory.class.getDeclaredField("defaultCompilerFactory");
        defaultFactory.setAccessible(true);
        ICompilerFactory before = CompilerFactoryFactory.getDefaultCompilerFactory(getClass().getClassLoader());
        String property = System.getProperty(CachingCompilerFactory.DIRECTORY_PROPERTY);
        try {
            System.clearProperty(CachingCompilerFactory.DIRECTORY_PROPERTY);
            assertFalse(CachingCompilerFactory.installFromSystemProperty());
            assertFalse(CompilerFactoryFactory.getDefaultCompilerFactory(getClass().getClassLoader()) instanceof CachingCompilerFactory);

            System.setProperty(CachingCompilerFactory.DIRECTORY_PROPERTY, cache.toString());
            assertTrue(CachingCompilerFactory.installFromSystemProperty());
            assertInstanceOf(CachingCompilerFactory.class, CompilerFactoryFactory.getDefaultCompilerFactory(getClass().getClassLoader()));
        } finally {
            defaultFactory.set(null, before);
            if (property == null) {
                System.clearProperty(CachingCompilerFactory.DIRECTORY_PROPERTY);
            } else {
                System.setProperty(CachingCompilerFactory.DIRECTORY_PROPERTY, property);
            }
        }
    }

    /** What {@code Greeting.get()} of {@code source}, cooked by {@code factory}, returns. */
    private static Object greeting(ICompilerFactory factory, String source) throws Exception {
        ISimpleCompiler compiler = factory.newSimpleCompiler();
        compiler.setParentClassLoader(CachingCompilerFactoryTest.class.getClassLoader());
        compiler.cook(source);
        return ((Supplier<?>) compiler.getClassLoader().loadClass("Greeting").getDeclaredConstructor().newInstance()).get();
    }

    private static List<Path> entries(Path cache) throws Exception {
        try (Stream<Path> files = Files.list(cache)) {
            return files.filter(path -> path.toString().endsWith(".classes")).toList();
        }
    }
}
