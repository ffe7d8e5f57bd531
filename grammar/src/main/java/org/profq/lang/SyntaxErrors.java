package org.profq.lang;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * Turns the parser's first syntax error into a {@link LanguageException} that names what was
 * expected in words ("expected 'by', found 'bye'; did you mean 'by'?") rather than ANTLR's
 * token names, and stops there: one mistake at a time, pointed at.
 */
final class SyntaxErrors extends BaseErrorListener {
    /** Keywords that are names too: listed as "a name" when a name is expected. */
    private static final Set<Integer> NAME_KEYWORDS = Set.of(ProfqParser.METHOD, ProfqParser.SITE, ProfqParser.CLASS,
            ProfqParser.CALLS, ProfqParser.TIME, ProfqParser.LIFETIME, ProfqParser.WASTE, ProfqParser.TREE,
            ProfqParser.EXCEPTIONS, ProfqParser.VALUES, ProfqParser.HEAP);
    private static final List<String> COMPARISONS = List.of("'='", "'!='", "'<>'", "'<'", "'<='", "'>'", "'>='");

    private final String statement;

    SyntaxErrors(String statement) {
        this.statement = statement;
    }

    @Override
    public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int column, String message,
                            RecognitionException error) {
        Token found = (Token) offendingSymbol;
        Parser parser = (Parser) recognizer;
        IntervalSet expected = new IntervalSet(expected(parser, error));
        if (found.getTokenIndex() > 0
                && parser.getInputStream().get(found.getTokenIndex() - 1).getType() == ProfqParser.TREE) {
            expected.add(ProfqParser.UNDER); // the optional 'under' was passed over before the clauses refused the token
        }
        if (found.getType() == ProfqParser.UNCLOSED) {
            throw new LanguageException(statement, line, column + 1, found.getText().length(),
                    "the quoted text is never closed; end it with a quote (')");
        }
        List<String> words = new ArrayList<>();
        for (int type : expected.toList()) {
            String literal = parser.getVocabulary().getLiteralName(type);
            if (literal != null && literal.length() > 2 && Character.isLetter(literal.charAt(1))) {
                words.add(literal.substring(1, literal.length() - 1));
            }
        }
        String problem = "expected " + describe(parser, expected) + ", found " + shown(found);
        if (found.getType() == ProfqParser.UNKNOWN) {
            problem = "unexpected character " + shown(found) + "; expected " + describe(parser, expected);
        } else if (found.getType() != Token.EOF) {
            List<String> candidates = new ArrayList<>(words);
            if (found.getTokenIndex() == 0 || expected.contains(ProfqParser.HEAP)) {
                candidates.addAll(Profile.SPELLED_AS_VIEWS.keySet());
            }
            String suggestion = Suggestions.nearest(found.getText(), candidates)
                    .map(word -> Profile.SPELLED_AS_VIEWS.getOrDefault(word, word)).map(word -> "; did you mean '" + word + "'?")
                    .orElse("");
            if (suggestion.isEmpty() && found.getTokenIndex() == 0
                    && Profile.SPELLED_AS_VIEWS.containsKey(found.getText().toLowerCase(Locale.ROOT))) {
                suggestion = "; did you mean '" + Profile.SPELLED_AS_VIEWS.get(found.getText().toLowerCase(Locale.ROOT)) + "'?";
            }
            problem += suggestion;
        }
        int length = found.getType() == Token.EOF ? 1 : found.getText().length();
        throw new LanguageException(statement, line, column + 1, length, problem);
    }

    private static IntervalSet expected(Parser parser, RecognitionException error) {
        try {
            if (error != null && error.getExpectedTokens() != null) {
                return error.getExpectedTokens();
            }
            return parser.getExpectedTokens();
        } catch (RuntimeException e) {
            return new IntervalSet();
        }
    }

    /** The expected tokens in words: "'by'", "a name, 'not' or '('", "a comparison (=, !=, <, <=, >, >=)". */
    private static String describe(Parser parser, IntervalSet expected) {
        Set<String> words = new LinkedHashSet<>();
        List<Integer> types = expected.toList();
        boolean name = types.contains(ProfqParser.IDENT);
        List<String> literals = new ArrayList<>();
        for (int type : types) {
            literals.add(parser.getVocabulary().getLiteralName(type));
        }
        // Names and values first, then keywords, then punctuation, then the end.
        if (name) {
            words.add("a name");
        }
        if (types.contains(ProfqParser.STRING)) {
            words.add("a quoted pattern such as '*Parser.parse*'");
        }
        if (types.contains(ProfqParser.INTEGER) || types.contains(ProfqParser.DECIMAL)) {
            words.add("a number");
        }
        if (types.contains(ProfqParser.PARAMETER) && types.size() == 1) {
            words.add("a :parameter");
        }
        if (literals.containsAll(COMPARISONS)) {
            words.add("a comparison (=, !=, <, <=, >, >=)");
        }
        List<String> punctuation = new ArrayList<>();
        for (int type : types) {
            String literal = parser.getVocabulary().getLiteralName(type);
            if (literal == null || type == ProfqParser.T__0 || (name && NAME_KEYWORDS.contains(type))
                    || COMPARISONS.contains(literal)) {
                continue; // ';' is optional, and names and comparisons are said above
            }
            if (type == ProfqParser.ORDER) {
                words.add("'order by'");
            } else if (Character.isLetter(literal.charAt(1))) {
                words.add(literal);
            } else {
                punctuation.add(literal);
            }
        }
        words.addAll(punctuation);
        if (types.contains(Token.EOF)) {
            words.add("the end of the statement");
        }
        List<String> list = new ArrayList<>(words);
        if (list.isEmpty()) {
            return "something else";
        }
        if (list.size() == 1) {
            return list.get(0);
        }
        return String.join(", ", list.subList(0, list.size() - 1)) + " or " + list.get(list.size() - 1);
    }

    private static String shown(Token token) {
        return token.getType() == Token.EOF ? "the end of the statement" : "'" + token.getText() + "'";
    }
}
