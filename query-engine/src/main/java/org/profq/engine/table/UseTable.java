package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.MappedColumn;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.recording.Recording;
import org.profq.recording.Signatures;
import org.profq.recording.UseKind;

/**
 * {@code uses}: one row per use of a tracked object (a field read or written, a method
 * called), read from the index's {@code uses} columns; {@code member_name} is named from the
 * field or method dictionary only for queries that read it.
 */
public final class UseTable extends IndexedTable {
    private static final UseKind[] KINDS = UseKind.values();

    public UseTable(LiveRecording live) {
        super(live, TableCatalog.USES, IndexColumn.Table.USES);
    }

    @Override
    ColumnReader reader(int column, StoredColumns index, Recording recording) {
        return switch (column) {
            case 0 -> ColumnReader.longs(index.column(USE_OBJECT_ID));
            case 1 -> ColumnReader.intIds(index.column(USE_THREAD_ID));
            case 2 -> ColumnReader.nullableIds(index.column(USE_CALL_ID));
            case 3 -> ColumnReader.longs(index.column(USE_NS));
            case 4 -> {
                MappedColumn kinds = index.column(USE_KIND);
                yield ColumnReader.computedText(row -> KINDS[kinds.getByte(row)].label());
            }
            case 5 -> ColumnReader.intIds(index.column(USE_MEMBER_ID));
            case 6 -> {
                MappedColumn kinds = index.column(USE_KIND);
                MappedColumn members = index.column(USE_MEMBER_ID);
                yield ColumnReader.computedText(row -> member(recording, KINDS[kinds.getByte(row)], members.getInt(row)));
            }
            default -> throw new IndexOutOfBoundsException(column);
        };
    }

    private static String member(Recording recording, UseKind kind, int memberId) {
        if (kind == UseKind.CALL) {
            return Signatures.of(recording, memberId);
        }
        return Signatures.field(recording, memberId);
    }
}
