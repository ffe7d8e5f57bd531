package org.profq.engine;

import java.util.List;

import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.Schemas;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.ViewTableMacro;

/**
 * One profile view: Calcite's view macro, except that the view's SQL is analysed with the
 * connection it belongs to, so it is read with that connection's identifier rules
 * (lower-case, case-insensitive names) rather than Calcite's defaults.
 */
final class ProfileView extends ViewTableMacro {
    private final CalciteConnection connection;

    ProfileView(CalciteConnection connection, SchemaPlus schema, String schemaName, String name, String sql) {
        super(org.apache.calcite.jdbc.CalciteSchema.from(schema), sql, List.of(schemaName), List.of(schemaName, name), false);
        this.connection = connection;
    }

    @Override
    public TranslatableTable apply(List<? extends Object> arguments) {
        CalcitePrepare.AnalyzeViewResult analysed = Schemas.analyzeView(connection, schema, schemaPath, viewSql, viewPath, false);
        return viewTable(analysed, viewSql, schemaPath, viewPath);
    }
}
