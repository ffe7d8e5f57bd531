package org.profq.engine.index;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The totals of {@code allocations} per site and per class ({@link KeyTotals}), added up as its
 * rows are written. They are the table's collector state ({@link ResumeState}), so they are
 * committed by the same manifest as the rows they add up, checksummed with it, and an extension
 * goes on adding from them; a query over the whole table answers {@code _allocations_by_site}
 * and {@code heap_by_class}'s counts from them instead of reading 400 M rows
 * ({@code org.profq.engine.scan.AggregationScan}).
 */
public record AllocationTotals(KeyTotals bySite, KeyTotals byClass) {
    private static final int MAGIC = 0x70717431; // "pqt1"

    AllocationTotals() {
        this(new KeyTotals(), new KeyTotals());
    }

    /** Adds one row. */
    void add(int siteId, int classId, long sizeBytes, boolean tracked) {
        bySite.add(siteId, sizeBytes, tracked);
        byClass.add(classId, sizeBytes, tracked);
    }

    byte[] toBytes() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(16 + (bySite.keys() + byClass.keys()) * 28);
        try (DataOutputStream out = new DataOutputStream(buffer)) {
            out.writeInt(MAGIC);
            bySite.writeTo(out);
            byClass.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return buffer.toByteArray();
    }

    /**
     * The totals {@link #toBytes} wrote, which must each add up to {@code rows} rows (unless
     * they were not kept); damaged when they are not whole or do not.
     */
    static AllocationTotals fromBytes(byte[] state, long rows) throws IndexDamagedException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(state));
        try {
            if (in.readInt() != MAGIC) {
                throw new IndexDamagedException("the state of allocations is not its totals");
            }
            AllocationTotals totals = new AllocationTotals(KeyTotals.readFrom(in, rows), KeyTotals.readFrom(in, rows));
            if (in.read() != -1) {
                throw new IndexDamagedException("the totals of allocations have bytes after their end");
            }
            return totals;
        } catch (IndexDamagedException e) {
            throw e;
        } catch (IOException e) {
            throw new IndexDamagedException("the totals of allocations are cut short"); // a byte array fails only at its end
        }
    }
}
