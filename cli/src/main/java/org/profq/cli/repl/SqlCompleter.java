package org.profq.cli.repl;

import java.util.List;
import java.util.TreeSet;

import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import org.profq.cli.report.ReportCatalog;
import org.profq.engine.api.RelationDoc;
import org.profq.engine.api.Relations;
import org.profq.lang.ProfqLanguage;

/**
 * Tab completion: SQL keywords, the profiling language's keywords and profiles (heap by method,
 * ...), the tables and views with their columns (from the documented catalog, the same one
 * {@code \d} shows), the schemas of the connection, report names after {@code \report}, and the
 * meta-commands.
 */
final class SqlCompleter implements Completer {
    static final List<String> KEYWORDS = List.of(
            "SELECT", "FROM", "WHERE", "GROUP BY", "ORDER BY", "HAVING", "LIMIT", "JOIN", "LEFT JOIN", "ON", "AS",
            "AND", "OR", "NOT", "IN", "IS NULL", "IS NOT NULL", "LIKE", "BETWEEN", "CASE", "WHEN", "THEN", "ELSE",
            "END", "DISTINCT", "COUNT", "SUM", "AVG", "MIN", "MAX", "WITH", "UNION ALL", "DESC", "ASC", "CAST",
            "EXPLAIN PLAN FOR", "FETCH FIRST", "ROWS ONLY", "OVER", "PARTITION BY", "COALESCE");

    private final TreeSet<String> words = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    private final ReportCatalog reports;

    SqlCompleter(List<String> schemas, ReportCatalog reports) {
        this.reports = reports;
        words.addAll(KEYWORDS);
        words.addAll(ProfqLanguage.PROFILES);
        words.addAll(ProfqLanguage.KEYWORDS);
        for (List<RelationDoc> relations : List.of(Relations.tables(), Relations.views())) {
            for (RelationDoc relation : relations) {
                words.add(relation.name());
                relation.columns().forEach(column -> words.add(column.name()));
            }
        }
        words.addAll(schemas);
        words.addAll(MetaCommands.NAMES);
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        List<String> before = line.words().subList(0, line.wordIndex());
        if (!before.isEmpty() && before.get(0).equals("\\report")) {
            if (line.wordIndex() == 1) {
                reports.names().forEach(name -> candidates.add(new Candidate(name)));
            }
            return;
        }
        String word = line.word().substring(0, line.wordCursor());
        int dot = word.lastIndexOf('.');
        String prefix = dot < 0 ? "" : word.substring(0, dot + 1); // a schema or alias: complete what follows
        for (String candidate : words) {
            if (candidate.contains(" ")) {
                candidates.add(new Candidate(prefix + candidate, candidate, null, null, null, null, true));
            } else {
                candidates.add(new Candidate(prefix + candidate));
            }
        }
    }
}
