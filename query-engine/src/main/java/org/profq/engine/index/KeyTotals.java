package org.profq.engine.index;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * The totals of {@code allocations} per value of one of its id columns ({@code site_id},
 * {@code class_id}), added up as its rows are written: the objects of each key, their bytes and
 * how many were tracked, in the order the keys' first rows came. {@link AllocationTotals} keeps
 * them with the table's rows.
 */
public final class KeyTotals {
    /** Ids are dense from 0 or 1; with one past this the totals are not kept (the table is scanned instead). */
    private static final int MAX_KEY = 1 << 24;

    /** The keys in the order their first row came. */
    private int[] order = new int[16];
    private int keys;
    /** By key. */
    private long[] objects = new long[64];
    private long[] bytes = new long[64];
    private long[] tracked = new long[64];
    /** Set when a row's key was out of {@link #MAX_KEY}: these totals are not kept, not wrong. */
    private boolean abandoned;

    /** Adds one allocation of {@code sizeBytes} whose key is {@code key}. */
    void add(int key, long sizeBytes, boolean trackedObject) {
        if (abandoned || (key < 0 || key >= objects.length) && !makeRoomFor(key)) {
            return;
        }
        if (objects[key]++ == 0) {
            if (keys == order.length) {
                order = Arrays.copyOf(order, keys * 2);
            }
            order[keys++] = key;
        }
        bytes[key] += sizeBytes;
        tracked[key] += trackedObject ? 1 : 0;
    }

    private boolean makeRoomFor(int key) {
        if (key < 0 || key >= MAX_KEY) {
            abandoned = true;
            return false;
        }
        int length = Math.max(key + 1, objects.length * 2);
        objects = Arrays.copyOf(objects, length);
        bytes = Arrays.copyOf(bytes, length);
        tracked = Arrays.copyOf(tracked, length);
        return true;
    }

    /** Whether the totals were kept (every row's key was one they hold). */
    public boolean kept() {
        return !abandoned;
    }

    /** The keys that have rows. */
    public int keys() {
        return keys;
    }

    /** The {@code index}th key to have a row, in row order. */
    public int key(int index) {
        return order[index];
    }

    public long objects(int key) {
        return objects[key];
    }

    public long bytes(int key) {
        return bytes[key];
    }

    public long tracked(int key) {
        return tracked[key];
    }

    /** The rows added up: the table's, when these are its totals. */
    public long rows() {
        long rows = 0;
        for (int i = 0; i < keys; i++) {
            rows += objects[order[i]];
        }
        return rows;
    }

    void writeTo(DataOutputStream out) throws IOException {
        out.writeInt(abandoned ? -1 : keys);
        for (int i = 0; i < (abandoned ? 0 : keys); i++) {
            int key = order[i];
            out.writeInt(key);
            out.writeLong(objects[key]);
            out.writeLong(bytes[key]);
            out.writeLong(tracked[key]);
        }
    }

    /**
     * The totals {@link #writeTo} wrote, which must add up to {@code rows} rows (unless they
     * were not kept); damaged when they are not whole or do not.
     */
    static KeyTotals readFrom(DataInputStream in, long rows) throws IOException {
        KeyTotals totals = new KeyTotals();
        int keys = in.readInt();
        if (keys < 0) {
            totals.abandoned = true;
            return totals;
        }
        for (int i = 0; i < keys; i++) {
            int key = in.readInt();
            long objects = in.readLong();
            if (key < 0 || key >= MAX_KEY || objects <= 0 || (key < totals.objects.length && totals.objects[key] != 0)) {
                throw new IndexDamagedException("totals of allocations name key " + key + " with " + objects + " objects");
            }
            totals.add(key, 0, false); // puts the key in its place in the order
            totals.objects[key] = objects;
            totals.bytes[key] = in.readLong();
            totals.tracked[key] = in.readLong();
        }
        if (totals.rows() != rows) {
            throw new IndexDamagedException("totals of allocations add up to " + totals.rows() + " rows, not " + rows);
        }
        return totals;
    }
}
