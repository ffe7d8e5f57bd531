package org.profq.cli.report;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.profq.cli.output.ResultTable;
import org.profq.cli.sql.RecorderOptionsOf;
import org.profq.engine.report.Report;
import org.profq.engine.report.ReportNeeds;

/**
 * Runs a report on a connection: its SQL prepared, its parameters bound with their typed values.
 * A report that needs what the recording left out fails with the sentence that says so, before
 * it runs: the values report on a recording made without {@code --values} would otherwise give
 * no rows, which reads as "no method repeats its arguments".
 */
public final class ReportRunner {

    /** The report's result; IllegalArgumentException for a bad parameter, SQLException if the SQL fails. */
    public static ResultTable run(Connection connection, Report report, Map<String, String> parameters) throws SQLException {
        return run(connection, report, parameters, 0);
    }

    /** The same, cancelled after {@code timeoutSeconds} (0: no limit). */
    public static ResultTable run(Connection connection, Report report, Map<String, String> parameters, int timeoutSeconds)
            throws SQLException {
        Report.BoundQuery query = report.bind(parameters);
        String options = RecorderOptionsOf.defaultSchema(connection);
        for (String need : ReportNeeds.of(report)) {
            Optional<String> missing = ReportNeeds.notRecorded(need, options);
            if (missing.isPresent()) {
                throw new SQLException(missing.get(), "02000");
            }
        }
        try (PreparedStatement statement = connection.prepareStatement(query.sql())) {
            statement.setQueryTimeout(timeoutSeconds);
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
