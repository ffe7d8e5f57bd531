package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.sql.Connection;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.profq.engine.table.TableCatalog;
import org.profq.engine.table.TableDefinition;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;

import profq.samples.Recursion;

/**
 * What users read about a table or view is what a query returns: each view's header comment
 * and each table's catalog entry document exactly its columns, in order, with their types.
 */
class ViewDocsIT {
    static final List<String> VIEWS = ProfileViews.NAMES;
    static final List<String> TABLES = TableCatalog.all().stream().map(TableDefinition::name).toList();

    @ParameterizedTest
    @FieldSource("TABLES")
    void theCatalogDocumentsEveryColumnTheTableReturns(String table) throws SQLException {
        List<String> documented = TableCatalog.find(table).orElseThrow().columns().stream()
                .map(column -> column.name() + " " + column.type().getName()).toList();
        assertEquals(labelsAndTypes(table), documented);
    }

    @ParameterizedTest
    @FieldSource("VIEWS")
    void theHeaderDocumentsEveryColumnTheViewReturns(String view) throws SQLException {
        ViewDoc doc = ProfileViews.doc(view);
        assertFalse(doc.summary().isEmpty(), view + " says what it answers on its first line");
        List<String> documented = doc.columns().stream().map(column -> column.name() + " " + column.type()).toList();
        assertEquals(labelsAndTypes(view), documented);
    }

    /** "label TYPE" of each column {@code SELECT *} returns over JDBC. */
    private static List<String> labelsAndTypes(String tableOrView) throws SQLException {
        List<String> returned = new ArrayList<>();
        try (Connection connection = Rows.connect(SampleRecording.of(Recursion.class).toString());
             Statement statement = connection.createStatement()) {
            ResultSetMetaData columns = statement.executeQuery("SELECT * FROM " + tableOrView + " WHERE 1 = 0").getMetaData();
            for (int column = 1; column <= columns.getColumnCount(); column++) {
                returned.add(columns.getColumnLabel(column) + " " + columns.getColumnTypeName(column));
            }
        }
        return returned;
    }
}
