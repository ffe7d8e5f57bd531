package org.profq.engine.index;

import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The column files this process has checksummed and found whole, so that each is verified once
 * per process, when first mapped, and warm queries pay nothing: a file is known by its path and
 * what a write or a replacement changes (the file's identity, its size and its modification
 * time) with the extent it matched. A file rewritten in place keeps its path but gets a new
 * modification time; a rebuilt index's files are new files. A file that grew (an extension
 * appends to the same file) is checked from the first block this process had not checked, once
 * the entry before it is found unchanged: its sealed blocks are never written again.
 */
final class VerifiedColumnFiles {
    private record Stamp(Object fileKey, long size, FileTime modified, ColumnExtent extent) {
    }

    private static final Map<Path, Stamp> VERIFIED = new ConcurrentHashMap<>();

    private VerifiedColumnFiles() {
    }

    /** Whether {@code file}, as {@code attributes} describe it now, was found to hold {@code extent}. */
    static boolean verified(Path file, BasicFileAttributes attributes, ColumnExtent extent) {
        return Objects.equals(VERIFIED.get(file.toAbsolutePath()), stamp(attributes, extent));
    }

    /**
     * What this process checked of {@code file} when it was the same file (same identity) but
     * maybe shorter: a column that grew since is checked from there on. Null when it never did.
     */
    static ColumnExtent checkedBefore(Path file, BasicFileAttributes attributes) {
        Stamp stamp = VERIFIED.get(file.toAbsolutePath());
        return stamp != null && Objects.equals(stamp.fileKey(), attributes.fileKey()) ? stamp.extent() : null;
    }

    /** Remembers that {@code file}, as {@code attributes} describe it, holds {@code extent}. */
    static void remember(Path file, BasicFileAttributes attributes, ColumnExtent extent) {
        VERIFIED.put(file.toAbsolutePath(), stamp(attributes, extent));
    }

    private static Stamp stamp(BasicFileAttributes attributes, ColumnExtent extent) {
        return new Stamp(attributes.fileKey(), attributes.size(), attributes.lastModifiedTime(), extent);
    }
}
