package org.profq.recording;

/**
 * An allocation site: a {@code new} in a method at a line.
 *
 * @param classId the allocated class (an array class for array creations)
 * @param instanceSize the shallow size of each object made here; 0 for arrays, whose size is per event
 */
public record SiteInfo(int id, int methodId, int line, int classId, boolean isArray, long instanceSize) {
}
