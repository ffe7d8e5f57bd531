package org.profq.engine;

import java.util.List;

import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeImpl;
import org.apache.calcite.rel.type.RelProtoDataType;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.ViewTable;
import org.apache.calcite.schema.impl.ViewTableMacro;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.Planner;
import org.apache.calcite.tools.ValidationException;

/**
 * One profile view: Calcite's view macro, except that the view's SQL is read with the
 * identifier rules of the connection it belongs to (names kept as written, matched
 * case-insensitively). Calcite's own view analysis parses with its defaults, which would
 * upper-case the view's column names.
 */
final class ProfileView extends ViewTableMacro {
    private final CalciteConnection connection;
    /** The row type, worked out on first use: the recording does not change, so neither does it. */
    private RelProtoDataType rowType;

    ProfileView(CalciteConnection connection, SchemaPlus schema, String schemaName, String name, String sql) {
        super(CalciteSchema.from(schema), sql, List.of(schemaName), List.of(schemaName, name), false);
        this.connection = connection;
    }

    @Override
    public synchronized TranslatableTable apply(List<? extends Object> arguments) {
        if (rowType == null) {
            rowType = RelDataTypeImpl.proto(rowType());
        }
        return new ViewTable(Object[].class, rowType, viewSql, schemaPath, viewPath);
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
                .defaultSchema(schema.plus())
                .build());
        try {
            return planner.validateAndGetType(planner.parse(viewSql)).right;
        } catch (SqlParseException | ValidationException e) {
            throw new IllegalStateException("the profile view " + viewPath + " does not compile: " + e.getMessage(), e);
        } finally {
            planner.close();
        }
    }
}
