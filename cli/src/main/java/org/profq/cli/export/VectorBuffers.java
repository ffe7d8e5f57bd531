package org.profq.cli.export;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

import org.duckdb.DuckDBWritableVector;

/**
 * Writes runs of numbers straight into the buffers of a DuckDB output vector: its values and its
 * validity mask (one bit a row, in 64-bit words, every row invalid until marked). DuckDB's own
 * setters check the row and the type and take a lock for every value, which cost a sixth of an
 * export's CPU. The buffers are private fields of {@link DuckDBWritableVector}, reached by
 * reflection; if a DuckDB version lays them out otherwise, {@link #available} is false and
 * {@link IndexedRows} keeps to the setters ({@code VectorBuffersTest} tells when that happens).
 */
final class VectorBuffers {
    private static final VarHandle DATA = field("data");
    private static final VarHandle VALIDITY = field("validity");

    private VectorBuffers() {
    }

    /** Whether the vectors' buffers are reachable with the DuckDB on the class path. */
    static boolean available() {
        return DATA != null && VALIDITY != null;
    }

    /** {@code vector}'s values, in the machine's byte order; a BIGINT value {@code i} is at byte {@code 8 * i}. */
    static ByteBuffer data(DuckDBWritableVector vector) {
        return (ByteBuffer) DATA.get(vector);
    }

    /** Marks the rows {@code from} to {@code from + count} (excluded) of {@code vector} valid: not null. */
    static void markValid(DuckDBWritableVector vector, int from, int count) {
        ByteBuffer validity = (ByteBuffer) VALIDITY.get(vector);
        int end = from + count;
        for (int word = from >>> 6; word << 6 < end; word++) {
            int first = Math.max(from, word << 6) & 63;
            int last = Math.min(end, (word + 1) << 6) - (word << 6); // excluded, 1..64
            long bits = (last == 64 ? -1L : (1L << last) - 1) & (-1L << first);
            validity.putLong(word * Long.BYTES, validity.getLong(word * Long.BYTES) | bits);
        }
    }

    /** Marks row {@code row} of {@code vector} null, after {@link #markValid} marked it valid. */
    static void markNull(DuckDBWritableVector vector, int row) {
        ByteBuffer validity = (ByteBuffer) VALIDITY.get(vector);
        int at = (row >>> 6) * Long.BYTES;
        validity.putLong(at, validity.getLong(at) & ~(1L << (row & 63)));
    }

    private static VarHandle field(String name) {
        try {
            return MethodHandles.privateLookupIn(DuckDBWritableVector.class, MethodHandles.lookup())
                    .findVarHandle(DuckDBWritableVector.class, name, ByteBuffer.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // another DuckDB: the setters do
        }
    }
}
