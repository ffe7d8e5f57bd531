package org.profq.engine.jdbc;

import org.apache.calcite.avatica.MetaImpl.MetaTable;
import org.apache.calcite.jdbc.CalciteMetaImpl.CalciteMetaTable;
import org.apache.calcite.jdbc.CalciteMetaTableFactoryImpl;
import org.apache.calcite.schema.Table;
import org.profq.engine.SchemaDocs;
import org.profq.engine.table.RecordingTable;

/**
 * The rows of {@code DatabaseMetaData.getTables}, with each table's and view's meaning as its
 * REMARKS. Calcite instantiates it by name (the connection property {@code metaTableFactory}).
 */
public final class DocumentedTables extends CalciteMetaTableFactoryImpl {
    public static final DocumentedTables INSTANCE = new DocumentedTables();

    /** A table's metadata row; its {@code remarks} hides Calcite's, always null. */
    public static final class DocumentedTable extends CalciteMetaTable {
        public final String remarks;

        DocumentedTable(Table table, String catalog, String schema, String name) {
            super(table, catalog, schema, name);
            this.remarks = table instanceof RecordingTable recordingTable
                    ? "one row per " + recordingTable.definition().onePerRow() : SchemaDocs.table(name);
        }
    }

    @Override
    public CalciteMetaTable createTable(Table table, String catalog, String schema, String name) {
        return new DocumentedTable(table, catalog, schema, name);
    }

    @Override
    public Class<? extends MetaTable> getMetaTableClass() {
        return DocumentedTable.class;
    }
}
