package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.recording.ValueKind;

/** The rows of {@code params}: one per recorded receiver or parameter of a value-profiled call, in log order. */
final class ParamRows extends RowCollector {
    ParamRows() {
        super(Table.PARAMS);
    }

    @Override
    public void parameter(int threadId, long callId, int methodId, int position, ValueKind kind, int primitiveType,
                          int classId, long value, int length, long objectId, long stamp, long writeSeq, long timeNanos) {
        RowChunk row = rows;
        row.put(PARAM_CALL_ID, callId);
        row.put(PARAM_METHOD_ID, methodId);
        row.put(PARAM_POSITION, position);
        row.put(PARAM_KIND, kind.ordinal());
        row.put(PARAM_PRIMITIVE_TYPE, primitiveType);
        row.put(PARAM_CLASS_ID, classId);
        row.put(PARAM_VALUE, value);
        row.put(PARAM_LENGTH, length);
        row.put(PARAM_OBJECT_ID, objectId);
        row.put(PARAM_STAMP, kind == ValueKind.OBJECT || kind == ValueKind.ARRAY ? stamp : -1); // -1: NULL
        row.put(PARAM_WRITE_SEQ, writeSeq);
        rows = rowWritten(row);
    }
}
