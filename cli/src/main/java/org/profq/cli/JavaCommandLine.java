package org.profq.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The java command line given after {@code --}: a java executable, JVM options, then the class,
 * jar, module or source file to run and its arguments. profq puts its agent right after the
 * executable, and names the default recording after what runs.
 */
record JavaCommandLine(List<String> words) {
    /** Launcher options whose value is the next word (java --help, JDK 17 to 25). */
    private static final Set<String> OPTIONS_WITH_VALUE = Set.of(
            "-cp", "-classpath", "--class-path", "-p", "--module-path", "--upgrade-module-path",
            "--add-modules", "--limit-modules", "--add-reads", "--add-exports", "--add-opens",
            "--patch-module", "--enable-native-access", "--source", "-d", "--describe-module");

    JavaCommandLine {
        words = List.copyOf(words);
    }

    /** Checks that {@code words} starts with a java executable; the message says what to type. */
    static JavaCommandLine of(List<String> words) {
        if (words.isEmpty()) {
            throw new IllegalArgumentException(
                    "give the java command to record after --, e.g. profq record -- java -cp app.jar com.example.Main.");
        }
        if (!startsWithJava(words)) {
            throw new IllegalArgumentException("the command after -- must start with java or the path of a java executable, not '"
                    + words.get(0) + "', e.g. profq record -- java -cp app.jar com.example.Main.");
        }
        return new JavaCommandLine(words);
    }

    /** True when the first word names a java executable ({@code java}, or a path ending in it). */
    static boolean startsWithJava(List<String> words) {
        String name = words.isEmpty() ? "" : fileName(words.get(0));
        return name.equals("java") || name.equals("java.exe");
    }

    /**
     * The same command with {@code agentOption} (a {@code -javaagent:...}) right after the
     * executable, and modules {@code jdk.unsupported} and {@code java.sql} added to the boot layer:
     * the recorder and the weaver need them, and a program run from the module path ({@code -m})
     * resolves only what its modules require (from the class path, they are there already).
     */
    List<String> withAgent(String agentOption) {
        List<String> command = new ArrayList<>(words.size() + 3);
        command.add(words.get(0));
        command.add(agentOption);
        command.add("--add-modules");
        command.add("jdk.unsupported,java.sql");
        command.addAll(words.subList(1, words.size()));
        return command;
    }

    /**
     * The simple name of what runs, as the agent names a default recording: {@code Main} for
     * {@code com.example.Main}, {@code app} for {@code -jar app.jar}, {@code Main} for
     * {@code -m mod/com.example.Main}, {@code Hello} for {@code Hello.java}. Empty when the
     * command line does not say (an {@code @argfile}, or only options such as {@code -version}).
     */
    Optional<String> mainSimpleName() {
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            boolean hasNext = i + 1 < words.size();
            if (word.equals("-jar")) {
                return hasNext ? simple(fileName(words.get(i + 1)).replaceFirst("\\.jar$", "")) : Optional.empty();
            }
            if (word.equals("-m") || word.equals("--module")) {
                return hasNext ? moduleMain(words.get(i + 1)) : Optional.empty();
            }
            if (word.startsWith("--module=")) {
                return moduleMain(word.substring("--module=".length()));
            }
            if (OPTIONS_WITH_VALUE.contains(word)) {
                i++; // skip the option's value: it is not the main class
            } else if (word.startsWith("@")) {
                return Optional.empty(); // an argument file: its contents decide, and we do not read it
            } else if (!word.startsWith("-")) {
                return word.endsWith(".java")
                        ? simple(fileName(word).replaceFirst("\\.java$", ""))
                        : simple(word.substring(word.lastIndexOf('.') + 1));
            }
        }
        return Optional.empty();
    }

    /** {@code module/class} names the class; a bare module runs its declared main class, unknown here. */
    private static Optional<String> moduleMain(String target) {
        int slash = target.indexOf('/');
        String name = slash >= 0 ? target.substring(slash + 1) : target;
        return simple(name.substring(name.lastIndexOf('.') + 1));
    }

    private static String fileName(String path) {
        return path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
    }

    /** Keeps the name usable as a directory name, as the agent does. */
    private static Optional<String> simple(String name) {
        return name.isEmpty() ? Optional.empty() : Optional.of(name.replaceAll("[^\\w.-]", "_"));
    }
}
