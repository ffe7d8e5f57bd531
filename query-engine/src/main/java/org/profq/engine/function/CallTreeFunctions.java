package org.profq.engine.function;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.NullPolicy;
import org.apache.calcite.adapter.enumerable.RexImpTable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Primitive;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.ImplementableFunction;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.apache.calcite.schema.ScalarFunction;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.profq.engine.RecordingSchema;
import org.profq.udf.FunctionLibrary;
import org.profq.udf.SqlFunction;

/**
 * The functions that walk a recording's calling-context tree from one call: {@code stack(call_id)}
 * (its path from the thread's outermost call, as {@code calls.stack} has it),
 * {@code TABLE(ancestors(call_id))} (the calls that enclose it, its parent first) and
 * {@code TABLE(descendants(call_id))} (every call made inside it). They are added to each
 * recording's schema, bound to it, so {@code b.descendants(7)} walks run b's calls.
 *
 * <p>They stream: each reads {@code calls} in its stored order, the order calls end, with
 * the thread pushed down as a filter, and holds no rows. That order makes both walks one
 * pass: a call's ancestors end after it, each found as the next row whose id is the parent
 * wanted; its descendants are the run of its thread's rows just before it that are deeper
 * than it (a post-order), found by one pass that counts to the run's start and a second that
 * reads it. A call that does not exist has no stack (NULL) and no ancestors or descendants.
 */
public final class CallTreeFunctions {
    /** Their names, which no user's function may take. */
    public static final List<String> NAMES = List.of("stack", "ancestors", "descendants");

    static final int CALL_ID = 0;
    static final int THREAD_ID = 1;
    static final int PARENT_CALL_ID = 3;
    static final int DEPTH = 4;
    static final int STACK = 12;

    private CallTreeFunctions() {
    }

    /** Adds the three functions to {@code schema} (named {@code schemaName} in the root), and says what they are. */
    public static List<SqlFunction> addTo(SchemaPlus schema, String schemaName, RecordingSchema recording) {
        List<SqlFunction> functions = List.of(
                new SqlFunction("stack", SqlFunction.Kind.SCALAR, "stack(call_id BIGINT) → VARCHAR",
                        "the call's path from its thread's outermost call: the signatures joined by ';' (calls.stack)",
                        FunctionLibrary.BUILT_IN, new StackFunction(schemaName), CallTreeFunctions.class),
                new SqlFunction("ancestors", SqlFunction.Kind.TABLE, "TABLE(ancestors(call_id BIGINT)) → calls' columns",
                        "the calls that enclose the call, its parent first, up to its thread's outermost call",
                        FunctionLibrary.BUILT_IN, new CallFamilyMacro(recording, true), CallTreeFunctions.class),
                new SqlFunction("descendants", SqlFunction.Kind.TABLE, "TABLE(descendants(call_id BIGINT)) → calls' columns",
                        "every call made inside the call, at any depth, in the order they ended",
                        FunctionLibrary.BUILT_IN, new CallFamilyMacro(recording, false), CallTreeFunctions.class));
        for (SqlFunction function : functions) {
            schema.add(function.name(), function.function());
        }
        return functions;
    }

    /** What the compiled query calls for {@code stack(call_id)}: the stack of the call in {@code schemaName}'s recording. */
    public static String stack(DataContext root, String schemaName, Object callId) {
        SchemaPlus schema = root.getRootSchema().getSubSchema(schemaName);
        RecordingSchema recording = schema == null ? null : schema.unwrap(RecordingSchema.class);
        if (recording == null) {
            throw new IllegalStateException("stack() is bound to the schema " + schemaName + ", which this connection does not have");
        }
        ProjectableFilterableTable calls = recording.calls();
        long id = ((Number) callId).longValue();
        try (Enumerator<Object[]> rows = scan(calls, root, CALL_ID, id, new int[] {CALL_ID, STACK}).enumerator()) {
            while (rows.moveNext()) {
                Object[] row = rows.current();
                if (((Number) row[0]).longValue() == id) {
                    return (String) row[1];
                }
            }
        }
        return null;
    }

    /** The call's thread, parent and depth: {@code {call_id, thread_id, parent_call_id, depth}}; null when there is no such call. */
    static Object[] find(ProjectableFilterableTable calls, DataContext root, long callId) {
        try (Enumerator<Object[]> rows = scan(calls, root, CALL_ID, callId, new int[] {CALL_ID, THREAD_ID, PARENT_CALL_ID, DEPTH})
                .enumerator()) {
            while (rows.moveNext()) {
                if (((Number) rows.current()[0]).longValue() == callId) {
                    return rows.current();
                }
            }
        }
        return null;
    }

    /**
     * {@code calls}' rows whose column {@code column} equals {@code value} (pushed down to the
     * index; a caller checks the value again, as a scan may leave a filter to its caller), in
     * stored order, with the columns {@code projects}.
     */
    static Enumerable<Object[]> scan(ProjectableFilterableTable calls, DataContext root, int column, long value, int[] projects) {
        RelDataTypeFactory types = root.getTypeFactory();
        RelDataType rowType = calls.getRowType(types);
        RexBuilder rex = new RexBuilder(types);
        RelDataType columnType = rowType.getFieldList().get(column).getType();
        RexNode equals = rex.makeCall(SqlStdOperatorTable.EQUALS, rex.makeInputRef(columnType, column),
                rex.makeExactLiteral(BigDecimal.valueOf(value), types.createTypeWithNullability(columnType, false)));
        List<RexNode> filters = new ArrayList<>(List.of(equals));
        return calls.scan(root, filters, projects);
    }

    /** {@code stack(call_id)}: a scalar function whose compiled code passes the statement's context and its schema's name. */
    static final class StackFunction implements ScalarFunction, ImplementableFunction {
        private final String schemaName;

        StackFunction(String schemaName) {
            this.schemaName = schemaName;
        }

        @Override
        public RelDataType getReturnType(RelDataTypeFactory types) {
            return types.createTypeWithNullability(types.createSqlType(SqlTypeName.VARCHAR), true);
        }

        @Override
        public List<FunctionParameter> getParameters() {
            return List.of(new FunctionParameter() {
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
                    return types.createSqlType(SqlTypeName.BIGINT);
                }

                @Override
                public boolean isOptional() {
                    return false;
                }
            });
        }

        @Override
        public org.apache.calcite.adapter.enumerable.CallImplementor getImplementor() {
            return RexImpTable.createImplementor((translator, call, operands) -> {
                Expression callId = operands.get(0);
                if (Primitive.is(callId.getType())) {
                    callId = Expressions.box(callId);
                }
                return Expressions.call(CallTreeFunctions.class, "stack", translator.getRoot(), Expressions.constant(schemaName),
                        Expressions.convert_(callId, Object.class));
            }, NullPolicy.STRICT, false);
        }
    }
}
