package org.profq.recording;

/**
 * An enum constant that was a parameter of a value-profiled call.
 *
 * @param classId the enum class
 * @param name the constant's name ({@code Enum.name()})
 */
public record ConstantInfo(int id, int classId, String name) {
}
