package org.profq.engine;

import java.util.List;

import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.tools.RelRunner;

/**
 * A connection's preparation context with the default schema of a view: a view's SQL names the
 * tables of its own recording's schema, whichever schema the connection has as its own.
 */
final class ViewPrepareContext implements CalcitePrepare.Context {
    private final CalcitePrepare.Context connection;
    private final List<String> schemaPath;

    ViewPrepareContext(CalcitePrepare.Context connection, List<String> schemaPath) {
        this.connection = connection;
        this.schemaPath = schemaPath;
    }

    @Override
    public JavaTypeFactory getTypeFactory() {
        return connection.getTypeFactory();
    }

    @Override
    public CalciteSchema getRootSchema() {
        return connection.getRootSchema();
    }

    @Override
    public CalciteSchema getMutableRootSchema() {
        return connection.getMutableRootSchema();
    }

    @Override
    public List<String> getDefaultSchemaPath() {
        return schemaPath;
    }

    @Override
    public CalciteConnectionConfig config() {
        return connection.config();
    }

    @Override
    public CalcitePrepare.SparkHandler spark() {
        return connection.spark();
    }

    @Override
    public DataContext getDataContext() {
        return connection.getDataContext();
    }

    @Override
    public List<String> getObjectPath() {
        return connection.getObjectPath();
    }

    @Override
    public RelRunner getRelRunner() {
        return connection.getRelRunner();
    }
}
