package org.profq.event;

import java.util.Iterator;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Tells a thread profq (or a library inside its agent jar, such as Chronicle) started from a
 * thread of the program: a started thread (its outermost frame {@code Thread.run}) whose
 * outermost frame that is not the JDK's is one of profq's classes (the shutdown hook, Chronicle's
 * resource releaser). The main thread runs profq's {@code premain} too, but is the program's.
 * Read once a thread, when it records its first event.
 */
final class ProfqThreads {
    private static final StackWalker WALKER = StackWalker.getInstance();
    private static final String PROFQ = "org.profq.";

    /** Whether the calling thread was started by profq's code; false when its stack cannot be read. */
    static boolean isProfqs() {
        try {
            String outermost = WALKER.walk(new OutermostNotJdk());
            return outermost != null && outermost.startsWith(PROFQ);
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /**
     * The class of the outermost frame that is not the JDK's, on a started thread; null on another.
     * A class, not a lambda: no call site to link, which runs code another agent may have instrumented.
     */
    private static final class OutermostNotJdk implements Function<Stream<StackWalker.StackFrame>, String> {
        @Override
        public String apply(Stream<StackWalker.StackFrame> frames) {
            String outermost = null;
            String last = null;
            for (Iterator<StackWalker.StackFrame> it = frames.iterator(); it.hasNext(); ) {
                StackWalker.StackFrame frame = it.next();
                String name = frame.getClassName();
                last = name + '.' + frame.getMethodName();
                if (!(name.startsWith("java.") || name.startsWith("jdk.") || name.startsWith("sun.") || name.startsWith("com.sun."))) {
                    outermost = name;
                }
            }
            return "java.lang.Thread.run".equals(last) ? outermost : null;
        }
    }

    private ProfqThreads() {
    }
}
