package org.profq.cli;

import java.util.Locale;
import java.util.regex.Pattern;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Turns what went wrong into one sentence on stderr and an exit code: 2 for a usage mistake
 * (the user can fix the command line), 1 for a failure. No stack traces and no usage dumps:
 * the sentence says what to do, {@code --help} shows the rest.
 */
final class ErrorReporting {
    static final int FAILURE = 1;
    static final int USAGE = 2;
    /** A message that ends with the statement's line and a caret line under the mistake, each indented by two spaces. */
    private static final Pattern CARET = Pattern.compile("(?s).*\\n {2}[^\\n]*\\n {2} *\\^+");

    /** picocli's parameter exception handler. */
    static int usageError(ParameterException error, String[] args) {
        CommandLine command = error.getCommandLine();
        System.err.println("profq: " + sentence(error, command));
        return USAGE;
    }

    /** picocli's execution exception handler: a command threw instead of returning a code. */
    static int failure(Exception error, CommandLine command, ParseResult parseResult) {
        if (error instanceof CommandFailure && hasCaret(error)) {
            System.err.println("profq: " + error.getMessage().strip()); // the sentence, then the statement and a caret under the mistake
        } else if (error instanceof CommandFailure) {
            System.err.println("profq: " + oneLine(error.getMessage()));
        } else {
            System.err.println("profq: internal error (" + oneLine(String.valueOf(error)) + "); please report it.");
        }
        return FAILURE;
    }

    private static String sentence(ParameterException error, CommandLine command) {
        String message = oneLine(error.getMessage());
        if (message.endsWith(".")) {
            return message; // ours: already a sentence that says what to do
        }
        String help = "see '" + command.getCommandSpec().qualifiedName() + " --help'.";
        if (error instanceof UnmatchedArgumentException unmatched && command.getParent() == null
                && !command.getSubcommands().isEmpty() && !unmatched.getUnmatched().isEmpty()
                && !unmatched.getUnmatched().get(0).startsWith("-")) {
            return "unknown command '" + unmatched.getUnmatched().get(0) + "'; " + help;
        }
        // picocli's own message ("Unknown option: '--foo'") names the culprit; add where to look.
        return message.substring(0, 1).toLowerCase(Locale.ROOT) + message.substring(1) + "; " + help;
    }

    /** Whether the failure's message ends with the statement and a caret under the mistake (a syntax error). */
    private static boolean hasCaret(Throwable error) {
        return error.getMessage() != null && CARET.matcher(error.getMessage().strip()).matches();
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    private ErrorReporting() {
    }
}
