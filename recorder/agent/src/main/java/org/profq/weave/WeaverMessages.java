package org.profq.weave;

import org.aspectj.bridge.AbortException;
import org.aspectj.bridge.IMessage;
import org.aspectj.bridge.IMessageHandler;

/**
 * Receives the weaver's messages (named in aop.xml by {@code -XmessageHandlerClass}).
 * Informational ones are dropped. An error is noted for the class being woven on this thread:
 * AspectJ can hand back a broken class after one (e.g. a method grown past 64 KB loses its
 * Code attribute), so {@link Weaver} then keeps the original bytes. A failure of AspectJ's
 * stack-map computation is noted apart: AspectJ then hands back the woven class without frames,
 * which {@link StackMapRecovery} can often complete.
 */
public final class WeaverMessages implements IMessageHandler {
    private static final ThreadLocal<String> ERROR_IN_CURRENT_CLASS = new ThreadLocal<>();
    private static final ThreadLocal<String> STACK_MAPS_FAILED_IN_CURRENT_CLASS = new ThreadLocal<>();

    /** Forgets any error noted on this thread; called before each class is woven. */
    static void startClass() {
        ERROR_IN_CURRENT_CLASS.remove();
        STACK_MAPS_FAILED_IN_CURRENT_CLASS.remove();
    }

    /** Notes that AspectJ could not compute the stack map frames of the class being woven on this thread. */
    static void noteStackMapFailure(String description) {
        if (STACK_MAPS_FAILED_IN_CURRENT_CLASS.get() == null) {
            STACK_MAPS_FAILED_IN_CURRENT_CLASS.set(firstLine(description));
        }
    }

    /** Whether the only failure in the current class was AspectJ's stack-map computation: its woven bytes lack frames only. */
    static boolean onlyStackMapsFailed() {
        return ERROR_IN_CURRENT_CLASS.get() == null && STACK_MAPS_FAILED_IN_CURRENT_CLASS.get() != null;
    }

    /** Notes a failure AspectJ traced (rather than reported) for the class being woven on this thread. */
    static void noteFailure(String description) {
        if (ERROR_IN_CURRENT_CLASS.get() == null) {
            ERROR_IN_CURRENT_CLASS.set(firstLine(description));
        }
    }

    /** The first error the weaver reported while weaving the current class (a stack-map failure last), or null. */
    static String errorInClass() {
        String error = ERROR_IN_CURRENT_CLASS.get();
        return error != null ? error : STACK_MAPS_FAILED_IN_CURRENT_CLASS.get();
    }

    @Override
    public boolean handleMessage(IMessage message) throws AbortException {
        if (!isIgnoring(message.getKind())) {
            noteFailure(message.getMessage());
        }
        return true; // handled: AspectJ prints nothing of its own
    }

    @Override
    public boolean isIgnoring(IMessage.Kind kind) {
        return kind != IMessage.ERROR && kind != IMessage.ABORT && kind != IMessage.FAIL;
    }

    @Override
    public void dontIgnore(IMessage.Kind kind) {
        // the set of reported kinds is fixed
    }

    @Override
    public void ignore(IMessage.Kind kind) {
        // the set of reported kinds is fixed
    }

    private static String firstLine(String text) {
        String line = text == null ? "" : text.strip();
        int newline = line.indexOf('\n');
        return newline < 0 ? line : line.substring(0, newline);
    }
}
