package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.MappedColumn;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.recording.MethodInfo;
import org.profq.recording.Recording;
import org.profq.recording.Signatures;
import org.profq.recording.ValueKind;

/**
 * {@code params}: one row per parameter of a value-profiled call, read from the index's
 * {@code params} columns. {@code type} and {@code value} are named from the stored kind, type,
 * class and value only for queries that read them: a string's text (recorded with
 * {@code --raw-strings}) or hash, an enum constant's name, a null's declared type from the
 * method's descriptor.
 */
public final class ParamTable extends IndexedTable {
    private static final ValueKind[] KINDS = ValueKind.values();

    public ParamTable(LiveRecording live) {
        super(live, TableCatalog.PARAMS, IndexColumn.Table.PARAMS);
    }

    @Override
    ColumnReader reader(int column, StoredColumns index, Recording recording) {
        return switch (column) {
            case 0 -> ColumnReader.longs(index.column(PARAM_CALL_ID));
            case 1 -> ColumnReader.intIds(index.column(PARAM_METHOD_ID));
            case 2 -> ColumnReader.ints(index.column(PARAM_POSITION));
            case 3 -> {
                MappedColumn.Cursor methods = index.column(PARAM_METHOD_ID).cursor();
                MappedColumn.Cursor positions = index.column(PARAM_POSITION).cursor();
                MappedColumn.Cursor kinds = index.column(PARAM_KIND).cursor();
                MappedColumn.Cursor primitiveTypes = index.column(PARAM_PRIMITIVE_TYPE).cursor();
                MappedColumn.Cursor classes = index.column(PARAM_CLASS_ID).cursor();
                DeclaredTypes declared = new DeclaredTypes(recording);
                yield ColumnReader.computedText(row -> {
                    int primitiveType = (int) primitiveTypes.get(row);
                    int classId = (int) classes.get(row);
                    ValueKind kind = KINDS[(int) kinds.get(row)];
                    return primitiveType != 0 ? ValueKind.primitiveTypeName(primitiveType)
                            : classId != 0 ? recording.classInfo(classId).name()
                            : kind == ValueKind.STRING ? "java.lang.String"
                            : declared.of((int) methods.get(row), (int) positions.get(row));
                });
            }
            case 4 -> ColumnReader.text(index.column(PARAM_KIND), kind -> KINDS[(int) kind].label());
            case 5 -> {
                MappedColumn.Cursor kinds = index.column(PARAM_KIND).cursor();
                MappedColumn.Cursor primitiveTypes = index.column(PARAM_PRIMITIVE_TYPE).cursor();
                MappedColumn.Cursor values = index.column(PARAM_VALUE).cursor();
                yield ColumnReader.computedText(row -> {
                    long value = values.get(row);
                    return switch (KINDS[(int) kinds.get(row)]) {
                        case STRING -> recording.text(value).orElse(ValueKind.hashText(value));
                        case ENUM -> recording.constant((int) value).name();
                        case NULL, OBJECT, ARRAY -> null;
                        default -> ValueKind.primitiveText((int) primitiveTypes.get(row), value);
                    };
                });
            }
            case 6 -> ColumnReader.nullableInts(index.column(PARAM_LENGTH));
            case 7 -> ColumnReader.nullableIds(index.column(PARAM_OBJECT_ID));
            case 8 -> ColumnReader.nullableLongs(index.column(PARAM_STAMP));
            case 9 -> ColumnReader.longs(index.column(PARAM_WRITE_SEQ));
            default -> throw new IndexOutOfBoundsException(column);
        };
    }

    /** A parameter's declared type, from its method's descriptor (position 0: the declaring class), per method once. */
    private static final class DeclaredTypes {
        private final Recording recording;
        private final Map<Integer, List<String>> byMethod = new HashMap<>();

        DeclaredTypes(Recording recording) {
            this.recording = recording;
        }

        String of(int methodId, int position) {
            MethodInfo method = recording.method(methodId);
            if (position == 0) {
                return recording.classInfo(method.classId()).name();
            }
            List<String> types = byMethod.computeIfAbsent(methodId, id -> Signatures.parameterTypes(method.descriptor()));
            return position <= types.size() ? types.get(position - 1) : "?";
        }
    }
}
