package org.profq.engine.plan;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.Map;

import org.codehaus.commons.compiler.CompileException;
import org.codehaus.commons.compiler.CompilerFactoryFactory;
import org.codehaus.commons.compiler.Cookable;
import org.codehaus.commons.compiler.ErrorHandler;
import org.codehaus.commons.compiler.ISimpleCompiler;
import org.codehaus.commons.compiler.WarningHandler;
import org.codehaus.janino.CompilerFactory;
import org.codehaus.janino.SimpleCompiler;
import org.profq.udf.UdfJars;

/**
 * Janino, as Calcite uses it to compile the Java it generates (each query plan, and the metadata
 * handlers the planner asks for row counts and costs), except that what it compiled is kept on
 * disk ({@link CompiledClassCache}) and a later JVM given the same source defines those classes
 * instead of compiling again. In a new JVM, Janino (itself not yet compiled by the JIT) took
 * about 0.2 s of a first query's CPU time, most of it on the thread that waits for the answer.
 *
 * <p>The cache is on only when the system property {@value #DIRECTORY_PROPERTY} names a
 * directory (the {@code ./profq} launcher names {@code cli/target/startup/code}): then
 * {@link #installFromSystemProperty} makes this Janino's default compiler factory, the one
 * Calcite asks for. Otherwise Calcite compiles as it always does, until a connection loads a
 * user's function jar: then {@link #installForFunctionJars} makes it the default without a
 * cache. Either way, the classes it compiles see the function jars' classes
 * ({@link UdfJars#classLoader}): Calcite gives its own class loader as their parent, and a
 * query that calls a user's function names the function's class.
 */
public final class CachingCompilerFactory extends CompilerFactory {
    public static final String DIRECTORY_PROPERTY = "profq.codeCache";

    private final CompiledClassCache cache;

    CachingCompilerFactory(CompiledClassCache cache) {
        this.cache = cache;
    }

    /**
     * Makes a caching factory Janino's default when {@value #DIRECTORY_PROPERTY} is set, and says
     * whether it is (a Janino whose internals moved keeps its own factory: the cache only saves time).
     */
    public static synchronized boolean installFromSystemProperty() {
        String directory = System.getProperty(DIRECTORY_PROPERTY);
        if (directory == null || directory.isBlank()) {
            return false;
        }
        try {
            // Janino keeps its default in a private static field, set on first use; there is no setter.
            Field defaultFactory = CompilerFactoryFactory.class.getDeclaredField("defaultCompilerFactory");
            defaultFactory.setAccessible(true);
            if (!(defaultFactory.get(null) instanceof CachingCompilerFactory)) {
                defaultFactory.set(null, new CachingCompilerFactory(new CompiledClassCache(Path.of(directory))));
            }
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    /** Makes this Janino's default compiler factory, without a cache if there is none, so compiled queries see function jars. */
    public static synchronized void installForFunctionJars() {
        if (installFromSystemProperty()) {
            return;
        }
        try {
            Field defaultFactory = CompilerFactoryFactory.class.getDeclaredField("defaultCompilerFactory");
            defaultFactory.setAccessible(true);
            if (!(defaultFactory.get(null) instanceof CachingCompilerFactory)) {
                defaultFactory.set(null, new CachingCompilerFactory(null));
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("Janino's compiler factory cannot be set, so queries cannot call functions from jars: " + e, e);
        }
    }

    @Override
    public ISimpleCompiler newSimpleCompiler() {
        return new CachingSimpleCompiler(cache);
    }

    /** Janino's {@link SimpleCompiler}, consulting the cache before it compiles a source. */
    private static final class CachingSimpleCompiler extends Cookable implements ISimpleCompiler {
        private final CompiledClassCache cache;
        private final SimpleCompiler janino = new SimpleCompiler();
        private ClassLoader parent = UdfJars.classLoader(Thread.currentThread().getContextClassLoader());
        private boolean debugging;
        private Map<String, byte[]> classFiles;
        private ClassLoader classes;

        CachingSimpleCompiler(CompiledClassCache cache) {
            this.cache = cache;
            janino.setParentClassLoader(parent);
        }

        @Override
        public void cook(String fileName, Reader reader) throws CompileException, IOException {
            StringWriter text = new StringWriter();
            reader.transferTo(text);
            String source = text.toString();
            // Debugging information changes the class files, so it is part of what they were made from.
            String key = debugging ? "debugging\n" + source : source;
            Map<String, byte[]> kept = cache == null ? null : cache.get(key);
            if (kept != null) {
                classFiles = kept;
                classes = new ClassFileLoader(kept, parent);
                return;
            }
            janino.cook(fileName, new StringReader(source));
            classFiles = janino.getBytecodes();
            classes = janino.getClassLoader();
            if (cache != null) {
                cache.put(key, classFiles);
            }
        }

        @Override
        public ClassLoader getClassLoader() {
            if (classes == null) {
                throw new IllegalStateException("nothing has been compiled yet");
            }
            return classes;
        }

        @Override
        public Map<String, byte[]> getBytecodes() {
            if (classFiles == null) {
                throw new IllegalStateException("nothing has been compiled yet");
            }
            return classFiles;
        }

        @Override
        public void setParentClassLoader(ClassLoader parentClassLoader) {
            parent = UdfJars.classLoader(parentClassLoader);
            janino.setParentClassLoader(parent);
        }

        @Override
        public void setDebuggingInformation(boolean source, boolean lines, boolean vars) {
            debugging = source || lines || vars;
            janino.setDebuggingInformation(source, lines, vars);
        }

        @Override
        public void setCompileErrorHandler(ErrorHandler compileErrorHandler) {
            janino.setCompileErrorHandler(compileErrorHandler);
        }

        @Override
        public void setWarningHandler(WarningHandler warningHandler) {
            janino.setWarningHandler(warningHandler);
        }

        @Override
        public void setSourceVersion(int version) {
            janino.setSourceVersion(version);
        }

        @Override
        public void setTargetVersion(int version) {
            janino.setTargetVersion(version);
        }
    }

    /** Defines the classes of one cached source, each on first request. */
    private static final class ClassFileLoader extends ClassLoader {
        private final Map<String, byte[]> classFiles;

        ClassFileLoader(Map<String, byte[]> classFiles, ClassLoader parent) {
            super(parent);
            this.classFiles = classFiles;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] bytes = classFiles.get(name);
            if (bytes == null) {
                throw new ClassNotFoundException(name);
            }
            return defineClass(name, bytes, 0, bytes.length);
        }
    }
}
