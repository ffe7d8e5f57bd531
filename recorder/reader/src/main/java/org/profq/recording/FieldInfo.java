package org.profq.recording;

/**
 * An instance field that woven code read or wrote on a tracked object.
 *
 * @param classId the class that declares it
 * @param type its Java type name, e.g. {@code int} or {@code java.lang.String}
 */
public record FieldInfo(int id, int classId, String name, String type) {
}
