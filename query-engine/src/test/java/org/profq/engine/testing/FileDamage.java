package org.profq.engine.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

/**
 * One reproducible damage to a file, drawn from a seeded {@link Random}: the file truncated at
 * an offset, a run of 1–64 bytes zero-filled, or 1–4 bits flipped, aimed at a byte range (for a
 * queue file, its written part; past it the file is pre-allocated zeros). It reads and writes
 * only the bytes it touches, so large files cost nothing.
 */
public final class FileDamage {
    public enum Kind { TRUNCATE, ZERO_FILL, FLIP_BITS }

    private final Path file;
    private final Kind kind;
    private final long[] offsets;
    private final int length;
    private final int[] bits;
    private boolean changed;

    private FileDamage(Path file, Kind kind, long[] offsets, int length, int[] bits) {
        this.file = file;
        this.kind = kind;
        this.offsets = offsets;
        this.length = length;
        this.bits = bits;
    }

    /** A damage to {@code file} within bytes {@code from .. to-1} (which must be a non-empty range). */
    public static FileDamage draw(Random random, Path file, long from, long to) {
        Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
        long span = to - from;
        return switch (kind) {
            case TRUNCATE -> new FileDamage(file, kind, new long[] {from + random.nextLong(span)}, 0, new int[0]);
            case ZERO_FILL -> {
                long offset = from + random.nextLong(span);
                yield new FileDamage(file, kind, new long[] {offset}, 1 + random.nextInt((int) Math.min(64, to - offset)), new int[0]);
            }
            case FLIP_BITS -> {
                int count = 1 + random.nextInt(4);
                long[] offsets = new long[count];
                int[] bits = new int[count];
                for (int i = 0; i < count; i++) {
                    offsets[i] = from + random.nextLong(span);
                    bits[i] = random.nextInt(8);
                }
                yield new FileDamage(file, kind, offsets, 0, bits);
            }
        };
    }

    /** The first byte each part of the damage touches (for a truncation, the new length). */
    public long[] offsets() {
        return offsets.clone();
    }

    public Kind kind() {
        return kind;
    }

    public Path file() {
        return file;
    }

    /**
     * Damages the file; false if that left its bytes as they were (zeros over zeros, two flips of
     * one bit). The file's modification time ends later than before, as a later write's does
     * (a write in the same clock tick as the last one is the racy case docs/engine-internals.md names).
     */
    public boolean apply() {
        FileTime modifiedBefore = modified();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            switch (kind) {
                case TRUNCATE -> {
                    changed = offsets[0] < channel.size();
                    channel.truncate(offsets[0]);
                }
                case ZERO_FILL -> {
                    ByteBuffer before = ByteBuffer.allocate(length);
                    channel.read(before, offsets[0]);
                    changed = before.position() < length;
                    before.flip();
                    while (before.hasRemaining()) {
                        changed |= before.get() != 0;
                    }
                    channel.write(ByteBuffer.allocate(length), offsets[0]);
                }
                case FLIP_BITS -> {
                    for (int i = 0; i < offsets.length; i++) {
                        ByteBuffer one = ByteBuffer.allocate(1);
                        channel.read(one, offsets[i]);
                        one.put(0, (byte) (one.get(0) ^ (1 << bits[i])));
                        one.rewind();
                        channel.write(one, offsets[i]);
                    }
                    changed = distinctFlips();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (modified().compareTo(modifiedBefore) <= 0) {
            setModified(FileTime.from(modifiedBefore.toInstant().plusMillis(1)));
        }
        return changed;
    }

    private FileTime modified() {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void setModified(FileTime time) {
        try {
            Files.setLastModifiedTime(file, time);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private boolean distinctFlips() {
        Map<Long, Integer> flipped = new HashMap<>();
        for (int i = 0; i < offsets.length; i++) {
            flipped.merge(offsets[i], 1 << bits[i], (a, b) -> a ^ b);
        }
        return flipped.values().stream().anyMatch(mask -> mask != 0);
    }

    @Override
    public String toString() {
        String where = file.getFileName().toString();
        return switch (kind) {
            case TRUNCATE -> where + " truncated to " + offsets[0] + " bytes";
            case ZERO_FILL -> where + " zero-filled at " + offsets[0] + " for " + length + " bytes";
            case FLIP_BITS -> {
                StringBuilder flips = new StringBuilder(where + " bits flipped at");
                for (int i = 0; i < offsets.length; i++) {
                    flips.append(' ').append(offsets[i]).append(':').append(bits[i]);
                }
                yield flips.toString();
            }
        };
    }
}
