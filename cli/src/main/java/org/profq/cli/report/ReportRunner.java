package org.profq.cli.report;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

import org.profq.cli.output.ResultTable;
import org.profq.engine.report.Report;

/** Runs a report on a connection: its SQL prepared, its parameters bound with their typed values. */
public final class ReportRunner {

    /** The report's result; IllegalArgumentException for a bad parameter, SQLException if the SQL fails. */
    public static ResultTable run(Connection connection, Report report, Map<String, String> parameters) throws SQLException {
        Report.BoundQuery query = report.bind(parameters);
        try (PreparedStatement statement = connection.prepareStatement(query.sql())) {
            List<Object> values = query.values();
            for (int i = 0; i < values.size(); i++) {
                statement.setObject(i + 1, values.get(i));
            }
            try (ResultSet results = statement.executeQuery()) {
                return ResultTable.read(results);
            }
        }
    }

    private ReportRunner() {
    }
}
