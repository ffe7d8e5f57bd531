package org.profq.engine.function;

import java.util.List;

import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.TableMacro;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.profq.engine.RecordingSchema;

/**
 * {@code ancestors(call_id)} or {@code descendants(call_id)} of one recording: a table macro,
 * so the call's id is known when the query is planned ({@code TABLE(descendants(42))}; the
 * id must be a literal or a parameter's value), and the table it gives reads the recording
 * when the query runs ({@link CallFamilyTable}).
 */
final class CallFamilyMacro implements TableMacro {
    private final RecordingSchema recording;
    private final boolean ancestors;

    CallFamilyMacro(RecordingSchema recording, boolean ancestors) {
        this.recording = recording;
        this.ancestors = ancestors;
    }

    @Override
    public TranslatableTable apply(List<?> arguments) {
        Object callId = arguments.get(0);
        if (callId == null) {
            // Calcite asks for the row type before it has the arguments' values (and then gives none)
            return new CallFamilyTable(recording, null, ancestors);
        }
        if (!(callId instanceof Number number)) {
            throw new IllegalArgumentException((ancestors ? "ancestors" : "descendants")
                    + "() takes a call's id as a number written in the query, e.g. TABLE(descendants(42)); got " + callId);
        }
        return new CallFamilyTable(recording, number.longValue(), ancestors);
    }

    @Override
    public List<FunctionParameter> getParameters() {
        return List.of(callIdParameter());
    }

    static FunctionParameter callIdParameter() {
        return new FunctionParameter() {
            @Override
            public int getOrdinal() {
                return 0;
            }

            @Override
            public String getName() {
                return "call_id";
            }

            @Override
            public RelDataType getType(RelDataTypeFactory types) {
                // a Java type: Calcite gives a macro the value of a literal argument only for a parameter
                // whose type names a Java class (SqlCallBinding.getOperandLiteralValue)
                return types instanceof JavaTypeFactory java ? java.createType(Long.class) : types.createSqlType(SqlTypeName.BIGINT);
            }

            @Override
            public boolean isOptional() {
                return false;
            }
        };
    }
}
