package org.profq.lang;

import org.antlr.v4.runtime.Token;

/** Errors in one statement, each pointing at the tokens it is about. */
record StatementErrors(String statement) {
    LanguageException at(Token token, String problem) {
        return at(token, token, problem);
    }

    LanguageException at(Token start, Token stop, String problem) {
        int length = stop.getLine() == start.getLine() ? stop.getStopIndex() - start.getStartIndex() + 1 : start.getText().length();
        return new LanguageException(statement, start.getLine(), start.getCharPositionInLine() + 1, length, problem);
    }
}
