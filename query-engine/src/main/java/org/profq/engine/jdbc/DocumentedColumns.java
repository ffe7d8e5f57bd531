package org.profq.engine.jdbc;

import org.apache.calcite.avatica.MetaImpl.MetaColumn;
import org.apache.calcite.jdbc.CalciteMetaColumnFactory;
import org.apache.calcite.schema.Table;
import org.profq.engine.SchemaDocs;
import org.profq.engine.table.RecordingTable;

/**
 * The rows of {@code DatabaseMetaData.getColumns}, with each column's meaning (and unit) as its
 * REMARKS. Calcite instantiates it by name (the connection property {@code metaColumnFactory}).
 */
public final class DocumentedColumns implements CalciteMetaColumnFactory {
    public static final DocumentedColumns INSTANCE = new DocumentedColumns();

    /** A column's metadata row; its {@code remarks} hides Calcite's, always null. */
    public static final class DocumentedColumn extends MetaColumn {
        public final String remarks;

        DocumentedColumn(String catalog, String schema, String table, String column, int dataType, String typeName,
                         Integer columnSize, Integer decimalDigits, int numPrecRadix, int nullable,
                         Integer charOctetLength, int ordinalPosition, String isNullable, String remarks) {
            super(catalog, schema, table, column, dataType, typeName, columnSize, decimalDigits, numPrecRadix, nullable,
                    charOctetLength, ordinalPosition, isNullable);
            this.remarks = remarks;
        }
    }

    @Override
    public MetaColumn createColumn(Table table, String catalog, String schema, String tableName, String column,
                                   int dataType, String typeName, Integer columnSize, Integer decimalDigits,
                                   int numPrecRadix, int nullable, Integer charOctetLength, int ordinalPosition,
                                   String isNullable) {
        String remarks = table instanceof RecordingTable recordingTable
                ? SchemaDocs.column(recordingTable.definition(), column) : SchemaDocs.column(tableName, column);
        return new DocumentedColumn(catalog, schema, tableName, column, dataType, typeName, columnSize, decimalDigits,
                numPrecRadix, nullable, charOctetLength, ordinalPosition, isNullable, remarks);
    }

    @Override
    public Class<? extends MetaColumn> getMetaColumnClass() {
        return DocumentedColumn.class;
    }
}
