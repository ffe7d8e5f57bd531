package org.profq.event;

import org.aspectj.lang.JoinPoint;
import org.aspectj.lang.Signature;

/**
 * The source line at which an exception passed through a method: the line of that method's
 * frame in the exception's stack trace (the throw itself, or the call it came out of).
 * Runs once per exception recorded, never per call.
 */
final class ThrowLines {
    static int lineIn(Throwable thrown, JoinPoint.StaticPart execution) {
        if (execution == null) {
            return 0;
        }
        Signature signature = execution.getSignature();
        String className = signature.getDeclaringTypeName();
        String methodName = signature instanceof org.aspectj.lang.reflect.ConstructorSignature ? "<init>" : signature.getName();
        for (StackTraceElement frame : thrown.getStackTrace()) {
            if (frame.getClassName().equals(className) && frame.getMethodName().equals(methodName)) {
                return Math.max(0, frame.getLineNumber());
            }
        }
        return 0;
    }

    private ThrowLines() {
    }
}
