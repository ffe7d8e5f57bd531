package org.profq.bench;

/**
 * Heap by method across several recordings, as one SQL text for every engine of the export
 * check: objects and bytes per method signature, summed over the recordings (method ids are
 * each recording's own, so a method is its signature), one line per method,
 * {@code signature<TAB>objects<TAB>bytes}, by signature.
 */
final class HeapAcrossRecordings {
    /** Over an export's tables {@code allocations}, {@code sites}, {@code methods} (each with a recording column). */
    static final String OVER_EXPORT = """
            SELECT m.signature, COUNT(*) AS objects, SUM(a.size_bytes) AS bytes
            FROM allocations AS a
            JOIN sites AS s ON s.recording = a.recording AND s.site_id = a.site_id
            LEFT JOIN methods AS m ON m.recording = s.recording AND m.method_id = s.method_id
            GROUP BY m.signature
            ORDER BY m.signature""";

    /** Over profq's own {@code heap_by_method} of each schema {@code r1}, {@code r2}, ... of a connection. */
    static String overSchemas(int recordings) {
        StringBuilder union = new StringBuilder();
        for (int i = 1; i <= recordings; i++) {
            union.append(i == 1 ? "" : " UNION ALL ").append("SELECT signature, objects, bytes FROM r").append(i).append(".heap_by_method");
        }
        return "SELECT signature, SUM(objects) AS objects, SUM(bytes) AS bytes FROM (" + union + ") AS h GROUP BY signature ORDER BY signature";
    }

    static String line(Object signature, Object objects, Object bytes) {
        return signature + "\t" + ((Number) objects).longValue() + "\t" + ((Number) bytes).longValue();
    }

    private HeapAcrossRecordings() {
    }
}
