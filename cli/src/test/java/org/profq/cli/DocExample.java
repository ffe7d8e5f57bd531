package org.profq.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One example block of the documentation: a fenced block whose info string says {@code example}
 * ({@code ```sh example}, {@code ```text example}, {@code ```sql example Allocations}), where it
 * is (page and line), and its text. {@code DocExamplesIT} runs each.
 */
record DocExample(String page, int line, String kind, String recording, String text) {
    private static final Pattern OPENING = Pattern.compile("```(\\w+) example(?: (\\S+))?\\s*");

    /** Every example block of {@code markdown}, the text of {@code page}, in order. */
    static List<DocExample> in(String page, String markdown) {
        List<DocExample> examples = new ArrayList<>();
        List<String> lines = markdown.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            Matcher opening = OPENING.matcher(lines.get(i));
            if (lines.get(i).startsWith("```") && !opening.matches() && lines.get(i).contains("example")) {
                throw new IllegalArgumentException(page + ":" + (i + 1) + ": an example block is ```sh example, ```text example"
                        + " or ```sql example RECORDING, not " + lines.get(i));
            }
            if (opening.matches()) {
                int end = i + 1;
                while (end < lines.size() && !lines.get(end).equals("```")) {
                    end++;
                }
                if (end == lines.size()) {
                    throw new IllegalArgumentException(page + ":" + (i + 1) + ": the example block is never closed");
                }
                examples.add(new DocExample(page, i + 1, opening.group(1), opening.group(2),
                        String.join("\n", lines.subList(i + 1, end)) + "\n"));
                i = end;
            }
        }
        return examples;
    }

    /** Whether the example records a program itself (then it starts from a directory without recordings). */
    boolean records() {
        return text.contains("profq record") || text.contains("-javaagent:");
    }

    /** The commands of a {@code text example}: each {@code $ } line (with its {@code \} continuations) and the output after it. */
    List<Command> commands() {
        List<Command> commands = new ArrayList<>();
        List<String> lines = text.lines().toList();
        int i = 0;
        while (i < lines.size()) {
            if (!lines.get(i).startsWith("$ ")) {
                throw new IllegalArgumentException(page + ":" + (line + 1 + i) + ": output before any $ command: " + lines.get(i));
            }
            StringBuilder command = new StringBuilder(lines.get(i).substring(2));
            while (command.toString().endsWith("\\") && i + 1 < lines.size()) {
                command.append('\n').append(lines.get(++i));
            }
            i++;
            List<String> output = new ArrayList<>();
            while (i < lines.size() && !lines.get(i).startsWith("$ ")) {
                output.add(lines.get(i++));
            }
            while (!output.isEmpty() && output.get(output.size() - 1).isBlank()) { // a blank line between commands reads better
                output.remove(output.size() - 1);
            }
            commands.add(new Command(command.toString(), output));
        }
        return commands;
    }

    /** A command of a {@code text example} and the output the page shows for it. */
    record Command(String shell, List<String> output) {
        private static final Pattern EXITS = Pattern.compile(".*#\\s*exits (\\d+)\\s*");

        /** The exit code the command is shown with: {@code # exits N} at its end, else 0. */
        int exitCode() {
            Matcher exits = EXITS.matcher(shell);
            return exits.matches() ? Integer.parseInt(exits.group(1)) : 0;
        }

        /**
         * Whether {@code actual} is the output shown: line by line, trailing spaces aside, a line
         * {@code ...} standing for any number of lines.
         */
        boolean shows(List<String> actual) {
            return matches(output.stream().map(String::stripTrailing).toList(), 0,
                    actual.stream().map(String::stripTrailing).toList(), 0);
        }

        private static boolean matches(List<String> expected, int e, List<String> actual, int a) {
            if (e == expected.size()) {
                return a == actual.size();
            }
            if (expected.get(e).equals("...")) {
                for (int skip = a; skip <= actual.size(); skip++) {
                    if (matches(expected, e + 1, actual, skip)) {
                        return true;
                    }
                }
                return false;
            }
            return a < actual.size() && expected.get(e).equals(actual.get(a)) && matches(expected, e + 1, actual, a + 1);
        }
    }

    @Override
    public String toString() {
        return page + ":" + line;
    }
}
