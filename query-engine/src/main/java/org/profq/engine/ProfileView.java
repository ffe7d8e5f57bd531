package org.profq.engine;

import java.util.List;
import java.util.function.Supplier;

import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeImpl;
import org.apache.calcite.rel.type.RelProtoDataType;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.TableMacro;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.ViewTable;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.Planner;
import org.apache.calcite.tools.ValidationException;
import org.profq.engine.plan.PlannedView;
import org.profq.engine.plan.PlanningCancel;
import org.profq.engine.plan.ProfileViewScan;
import org.profq.engine.plan.ProfqPrepare;

/**
 * One profile view: a view as Calcite's view macro makes it, except that the view's SQL is read
 * with the identifier rules of the connection it belongs to (names kept as written, matched
 * case-insensitively; Calcite's own view analysis parses with its defaults, which would
 * upper-case the view's column names), and only when a query first names the view: a
 * connection that never uses a view never reads or validates it.
 *
 * <p>On a connection planned by profq's planner, a query names the view through a
 * {@link ProfileViewScan} of its body, planned once per connection ({@link PlannedView}); on a
 * plain one, and inside the body of a view being planned, the view is expanded in place.
 */
final class ProfileView implements TableMacro {
    private final CalciteConnection connection;
    private final SchemaPlus schema;
    private final String name;
    private final List<String> schemaPath;
    private final List<String> viewPath;
    /** Makes the preparation that plans the view's body on its own; null where views are expanded in place. */
    private final Supplier<ProfqPrepare> bodyPlanner;
    private final Object planning = new Object();
    private PlannedView planned;
    /** The SQL and its row type, worked out on first use: the recording does not change them. */
    private String sql;
    private RelProtoDataType rowType;

    ProfileView(CalciteConnection connection, SchemaPlus schema, String schemaName, String name,
                Supplier<ProfqPrepare> bodyPlanner) {
        this.connection = connection;
        this.bodyPlanner = bodyPlanner;
        this.schema = schema;
        this.name = name;
        this.schemaPath = List.of(schemaName);
        this.viewPath = List.of(schemaName, name);
    }

    @Override
    public List<FunctionParameter> getParameters() {
        return List.of();
    }

    @Override
    public synchronized TranslatableTable apply(List<? extends Object> arguments) {
        PlanningCancel.check();
        if (rowType == null) {
            sql = ProfileViews.sql(name);
            rowType = RelDataTypeImpl.proto(rowType());
        }
        return new ViewTable(Object[].class, rowType, sql, schemaPath, viewPath) {
            @Override
            public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable table) {
                PlanningCancel.check(); // each expansion of a view parses and converts its SQL anew
                if (bodyPlanner != null && !PlannedView.planningViewBody()) {
                    return ProfileViewScan.of(context.getCluster(), table.getRowType(), planned());
                }
                return super.toRel(context, table);
            }
        };
    }

    /** The view's body, planned on first use by a query of this connection. */
    private PlannedView planned() {
        synchronized (planning) {
            if (planned == null) {
                planned = bodyPlanner.get().planView(new ViewPrepareContext(connection.createPrepareContext(), schemaPath),
                        name, sql);
            }
            return planned;
        }
    }

    /** The view's row type, as the connection's parser and validator see its SQL. */
    private RelDataType rowType() {
        CalciteConnectionConfig settings = connection.config();
        SqlParser.Config parser = SqlParser.config()
                .withQuoting(settings.quoting())
                .withQuotedCasing(settings.quotedCasing())
                .withUnquotedCasing(settings.unquotedCasing())
                .withCaseSensitive(settings.caseSensitive())
                .withConformance(settings.conformance());
        Planner planner = Frameworks.getPlanner(Frameworks.newConfigBuilder()
                .parserConfig(parser)
                .defaultSchema(schema)
                .build());
        try {
            return planner.validateAndGetType(planner.parse(sql)).right;
        } catch (SqlParseException | ValidationException e) {
            throw new IllegalStateException("the profile view " + viewPath + " does not compile: " + e.getMessage(), e);
        } finally {
            planner.close();
        }
    }
}
