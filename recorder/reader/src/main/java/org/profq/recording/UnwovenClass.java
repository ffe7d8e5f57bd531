package org.profq.recording;

import org.profq.format.RecordingFormat;

/**
 * A class the recording does not cover, named by {@code Class.getName()}, and why: such as
 * {@link #LOADED_BEFORE_ATTACH}, a class the JVM had loaded before profq was attached to it.
 */
public record UnwovenClass(String name, String reason) {
    /** The reason of every class a JVM had loaded when {@code profq attach} loaded the agent into it. */
    public static final String LOADED_BEFORE_ATTACH = RecordingFormat.LOADED_BEFORE_ATTACH;
}
