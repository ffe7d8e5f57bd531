package org.profq.engine.index;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * The totals of {@code allocations} per {@code site_id}, added up as its rows are written: the
 * objects each site made, their bytes and how many were tracked, in the order the sites first
 * appear in the table. They travel with the table's collector state ({@link ResumeState}), so
 * they are committed by the same manifest as the rows they add up, checksummed with it, and an
 * extension goes on adding from them; a query over the whole table answers
 * {@code _allocations_by_site} from them instead of reading 400 M rows
 * ({@code org.profq.engine.scan.AggregationScan}).
 */
public final class SiteTotals {
    private static final int MAGIC = 0x70717331; // "pqs1"
    /** Site ids are dense from 0 or 1; one past this is not kept (the table is answered by its scan instead). */
    private static final int MAX_SITE = 1 << 24;

    /** Site ids in the order their first row came. */
    private int[] order = new int[16];
    private int sites;
    /** By site id. */
    private long[] objects = new long[64];
    private long[] bytes = new long[64];
    private long[] tracked = new long[64];
    /** Set when a row's site id was out of {@link #MAX_SITE}: these totals are not kept, not wrong. */
    private boolean abandoned;

    /** Adds one allocation of {@code sizeBytes} at {@code site}. */
    void add(int site, long sizeBytes, boolean trackedObject) {
        if (abandoned || (site < 0 || site >= objects.length) && !makeRoomFor(site)) {
            return;
        }
        if (objects[site]++ == 0) {
            if (sites == order.length) {
                order = Arrays.copyOf(order, sites * 2);
            }
            order[sites++] = site;
        }
        bytes[site] += sizeBytes;
        tracked[site] += trackedObject ? 1 : 0;
    }

    private boolean makeRoomFor(int site) {
        if (site < 0 || site >= MAX_SITE) {
            abandoned = true;
            return false;
        }
        int length = Math.max(site + 1, objects.length * 2);
        objects = Arrays.copyOf(objects, length);
        bytes = Arrays.copyOf(bytes, length);
        tracked = Arrays.copyOf(tracked, length);
        return true;
    }

    /** Whether the totals were kept (every row's site id was one they hold). */
    public boolean kept() {
        return !abandoned;
    }

    /** The sites that made rows. */
    public int sites() {
        return sites;
    }

    /** The {@code index}th site to make a row, in row order. */
    public int site(int index) {
        return order[index];
    }

    public long objects(int site) {
        return objects[site];
    }

    public long bytes(int site) {
        return bytes[site];
    }

    public long tracked(int site) {
        return tracked[site];
    }

    /** The rows added up: the table's, when these are its totals. */
    public long rows() {
        long rows = 0;
        for (int i = 0; i < sites; i++) {
            rows += objects[order[i]];
        }
        return rows;
    }

    byte[] toBytes() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(8 + sites * 28);
        try (DataOutputStream out = new DataOutputStream(buffer)) {
            out.writeInt(MAGIC);
            out.writeInt(abandoned ? -1 : sites);
            for (int i = 0; i < (abandoned ? 0 : sites); i++) {
                int site = order[i];
                out.writeInt(site);
                out.writeLong(objects[site]);
                out.writeLong(bytes[site]);
                out.writeLong(tracked[site]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return buffer.toByteArray();
    }

    /**
     * The totals {@link #toBytes} wrote, which must add up to {@code rows} rows; damaged when
     * they are not whole or do not.
     */
    static SiteTotals fromBytes(byte[] state, long rows) throws IndexDamagedException {
        SiteTotals totals = new SiteTotals();
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(state));
        try {
            if (in.readInt() != MAGIC) {
                throw new IndexDamagedException("the state of allocations is not its site totals");
            }
            int sites = in.readInt();
            if (sites < 0) {
                totals.abandoned = true;
                return totals;
            }
            for (int i = 0; i < sites; i++) {
                int site = in.readInt();
                long objects = in.readLong();
                if (site < 0 || site >= MAX_SITE || objects <= 0
                        || (site < totals.objects.length && totals.objects[site] != 0)) {
                    throw new IndexDamagedException("the site totals of allocations name site " + site + " with "
                            + objects + " objects");
                }
                totals.add(site, 0, false); // puts the site in its place in the order
                totals.objects[site] = objects;
                totals.bytes[site] = in.readLong();
                totals.tracked[site] = in.readLong();
            }
            if (in.read() != -1) {
                throw new IndexDamagedException("the site totals of allocations have bytes after their end");
            }
        } catch (IndexDamagedException e) {
            throw e;
        } catch (IOException e) {
            throw new IndexDamagedException("the site totals of allocations are cut short"); // a byte array fails only at its end
        }
        if (totals.rows() != rows) {
            throw new IndexDamagedException("the site totals of allocations add up to " + totals.rows() + " rows, not "
                    + rows);
        }
        return totals;
    }
}
