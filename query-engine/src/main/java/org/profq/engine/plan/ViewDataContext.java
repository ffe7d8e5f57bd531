package org.profq.engine.plan;

import java.util.Map;

import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.schema.SchemaPlus;

/**
 * The {@code DataContext} a planned view's rows are read through ({@link PlannedView#rows}): the
 * statement's own, with the view plan's internal parameters (its stashed objects, the tables it
 * reads) in front. The tables see the statement itself ({@link #statementOf}), so a view and the
 * rest of the statement read one snapshot of a growing recording.
 */
public final class ViewDataContext implements DataContext {
    private final DataContext statement;
    private final Map<String, Object> viewParameters;

    ViewDataContext(DataContext statement, Map<String, Object> viewParameters) {
        this.statement = statementOf(statement);
        this.viewParameters = viewParameters;
    }

    /** The statement's own {@code DataContext} behind {@code root}, which may be a view's. */
    public static DataContext statementOf(DataContext root) {
        return root instanceof ViewDataContext view ? view.statement : root;
    }

    @Override
    public SchemaPlus getRootSchema() {
        return statement.getRootSchema();
    }

    @Override
    public JavaTypeFactory getTypeFactory() {
        return statement.getTypeFactory();
    }

    @Override
    public QueryProvider getQueryProvider() {
        return statement.getQueryProvider();
    }

    @Override
    public Object get(String name) {
        Object value = viewParameters.get(name);
        return value != null ? value : statement.get(name);
    }
}
