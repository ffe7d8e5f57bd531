package org.profq.agent;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.aspectj.bridge.AbortException;
import org.aspectj.bridge.IMessage;
import org.aspectj.bridge.IMessageHandler;
import org.profq.event.Recorder;

/**
 * Receives the weaver's messages. Informational ones are dropped; an error means a class was
 * left unwoven (AspectJ then hands back the original bytes), which is said once on stderr and
 * kept in the recording as a warning. Nothing here throws into class loading.
 */
public final class WeaverMessages implements IMessageHandler {
    private static final Set<String> SAID = ConcurrentHashMap.newKeySet();

    @Override
    public boolean handleMessage(IMessage message) throws AbortException {
        if (message.getKind() == IMessage.ERROR || message.getKind() == IMessage.ABORT || message.getKind() == IMessage.FAIL) {
            String text = "left a class unwoven, the program runs on: " + oneLine(message.getMessage());
            if (SAID.add(text)) {
                System.err.println("profq: " + text);
                Recorder.warning(text);
            }
        }
        return true;
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

    private static String oneLine(String text) {
        String line = text == null ? "" : text.strip();
        int newline = line.indexOf('\n');
        return newline < 0 ? line : line.substring(0, newline);
    }
}
