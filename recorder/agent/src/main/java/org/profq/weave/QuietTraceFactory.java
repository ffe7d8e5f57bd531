package org.profq.weave;

import org.aspectj.weaver.tools.AbstractTrace;
import org.aspectj.weaver.tools.Trace;
import org.aspectj.weaver.tools.TraceFactory;

/**
 * AspectJ's trace, made silent: its default one logs through {@code java.util.logging} to the
 * program's stderr (a stack trace for every class it fails on). An error it traces with an
 * exception is noted as the current class's failure ({@link WeaverMessages}); the rest is dropped.
 * Named by the {@code org.aspectj.tracing.factory} property, which AspectJ reads once.
 */
public final class QuietTraceFactory extends TraceFactory {
    static final String PROPERTY = "org.aspectj.tracing.factory";

    /**
     * Makes AspectJ use this factory. Called before any other AspectJ class is loaded; the
     * property is removed again, so the program does not see it.
     */
    static void install() {
        String previous = System.getProperty(PROPERTY);
        System.setProperty(PROPERTY, QuietTraceFactory.class.getName());
        try {
            TraceFactory.getTraceFactory();
        } finally {
            if (previous == null) {
                System.clearProperty(PROPERTY);
            } else {
                System.setProperty(PROPERTY, previous);
            }
        }
    }

    @Override
    public Trace getTrace(Class clazz) {
        return new QuietTrace(clazz);
    }

    private static final class QuietTrace extends AbstractTrace {
        QuietTrace(Class<?> traced) {
            super(traced);
        }

        @Override
        public void enter(String methodName, Object thiz, Object[] args) {
        }

        @Override
        public void enter(String methodName, Object thiz) {
        }

        @Override
        public void exit(String methodName, Object ret) {
        }

        @Override
        public void exit(String methodName, Throwable th) {
        }

        @Override
        public void exit(String methodName) {
        }

        @Override
        public void event(String methodName) {
        }

        @Override
        public void event(String methodName, Object thiz, Object[] args) {
        }

        @Override
        public void debug(String message) {
        }

        @Override
        public void info(String message) {
        }

        @Override
        public void warn(String message, Throwable th) {
        }

        @Override
        public void error(String message, Throwable th) {
            WeaverMessages.noteFailure(th == null ? message : message + ": " + th);
        }

        @Override
        public void fatal(String message, Throwable th) {
            WeaverMessages.noteFailure(th == null ? message : message + ": " + th);
        }

        @Override
        public boolean isTraceEnabled() {
            return false;
        }

        @Override
        public void setTraceEnabled(boolean enabled) {
        }
    }
}
