package org.profq.cli.repl;

import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.impl.DefaultParser;
import org.profq.cli.sql.Statements;
import org.profq.lang.ProfqLanguage;

/**
 * JLine's parser, except that Enter does not accept a SQL statement until it ends with ';'
 * (the line continues, as in psql); a meta-command (starting with '\') and a statement of the
 * profiling language (heap by method ...) end at the line's end.
 */
final class StatementParser extends DefaultParser {
    StatementParser() {
        escapeChars(new char[0]);
        quoteChars(new char[0]);
    }

    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) {
        if (context == ParseContext.ACCEPT_LINE) {
            String input = line.strip();
            if (!input.isEmpty() && !input.startsWith("\\") && !ProfqLanguage.isStatement(input)
                    && !Statements.endsStatement(input)) {
                throw new EOFError(-1, -1, "the statement continues until ';'", "statement");
            }
        }
        return super.parse(line, cursor, context);
    }
}
