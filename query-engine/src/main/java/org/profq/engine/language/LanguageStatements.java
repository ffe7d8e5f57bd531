package org.profq.engine.language;

import java.sql.SQLException;

import org.profq.lang.LanguageException;
import org.profq.lang.ProfqLanguage;

/**
 * What a connection opened with {@code lang=profq} does with a statement's text: a statement
 * of the profiling language is compiled to SQL, anything else is SQL already and passes as
 * it is. A statement that does not compile fails as an SQLException (state 42000) whose
 * message is the language's, caret included, and whose cause is the LanguageException.
 */
public final class LanguageStatements {
    /** The connection property that turns the language on, and its value. */
    public static final String PROPERTY = "lang";
    public static final String PROFQ = "profq";

    private final LanguageCatalog catalog;

    public LanguageStatements(LanguageCatalog catalog) {
        this.catalog = catalog;
    }

    /** The SQL to run for {@code text}. */
    public String sql(String text) throws SQLException {
        if (text == null || !ProfqLanguage.isStatement(text)) {
            return text;
        }
        try {
            return ProfqLanguage.toSql(text, catalog);
        } catch (LanguageException e) {
            throw new SQLException(e.getMessage(), "42000", e);
        }
    }
}
