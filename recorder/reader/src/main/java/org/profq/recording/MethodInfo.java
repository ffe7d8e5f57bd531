package org.profq.recording;

/**
 * A method or constructor ({@code <init>}, {@code <clinit>}) named in the recording.
 *
 * @param descriptor the JVM descriptor, e.g. {@code (I)I}
 * @param line the first line of the method in {@code sourceFile}, 0 if unknown
 */
public record MethodInfo(int id, int classId, String name, String descriptor, int modifiers,
                         String sourceFile, int line) {
}
