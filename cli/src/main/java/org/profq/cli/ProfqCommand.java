package org.profq.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

import org.profq.engine.api.Indexing;
import org.profq.engine.jdbc.EngineWarmUp;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code profq} command: names the subcommands and starts them. Exit codes follow the
 * platform's habit: 0 ok, 1 failure, 2 usage; {@code record} passes its program's code through.
 */
@Command(name = "profq",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        description = "Records a run of a Java program and queries it as a database.")
public final class ProfqCommand implements Callable<Integer> {
    /** The subcommands by name, in the order {@code profq --help} lists them. */
    private static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();
    /** The commands that query a recording through the query engine. */
    private static final Set<String> QUERYING = Set.of("sql", "report", "flame", "info", "top", "serve", "mcp", "export", "check");

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        Indexing.showProgressOn(new IndexProgressBar());
        if (args.length > 0 && QUERYING.contains(args[0])) {
            EngineWarmUp.start(); // Calcite gets ready while the command line is parsed and the recording opened
        }
        System.exit(commandLine(args).execute(args));
    }

    /** The command line with every subcommand. */
    static CommandLine commandLine() {
        return commandLine(SUBCOMMANDS.keySet());
    }

    /**
     * The command line for {@code args}: with the one subcommand they name, since picocli reads
     * the annotations of every subcommand it is given (a tenth of a second of a new JVM's start);
     * with all of them for anything else ({@code profq --help}, a misspelt command) and for
     * {@code demo}, which runs the others.
     */
    static CommandLine commandLine(String[] args) {
        boolean one = args.length > 0 && SUBCOMMANDS.containsKey(args[0]) && !args[0].equals("demo");
        return commandLine(one ? Set.of(args[0]) : SUBCOMMANDS.keySet());
    }

    /** The configured command line: one-sentence errors, and {@code @file} arguments left to java. */
    private static CommandLine commandLine(Set<String> names) {
        CommandLine commandLine = new CommandLine(new ProfqCommand())
                // @argfiles after "--" belong to the java launcher, not to us.
                .setExpandAtFiles(false)
                .setParameterExceptionHandler(ErrorReporting::usageError)
                .setExecutionExceptionHandler(ErrorReporting::failure);
        SUBCOMMANDS.forEach((name, command) -> {
            if (names.contains(name)) {
                commandLine.addSubcommand(name, command.get());
            }
        });
        // "record java -cp x Main" (no "--") stops at "java", so we can say what is missing;
        // the other commands take options after their positional arguments too.
        CommandLine record = commandLine.getSubcommands().get("record");
        if (record != null) {
            record.setStopAtPositional(true);
        }
        return commandLine;
    }

    private static Map<String, Supplier<Object>> subcommands() {
        Map<String, Supplier<Object>> subcommands = new LinkedHashMap<>();
        subcommands.put("record", RecordCommand::new);
        subcommands.put("sql", SqlCommand::new);
        subcommands.put("report", ReportCommand::new);
        subcommands.put("reports", ReportsCommand::new);
        subcommands.put("flame", FlameCommand::new);
        subcommands.put("info", InfoCommand::new);
        subcommands.put("attach", AttachCommand::new);
        subcommands.put("detach", DetachCommand::new);
        subcommands.put("top", TopCommand::new);
        subcommands.put("serve", ServeCommand::new);
        subcommands.put("mcp", McpCommand::new);
        subcommands.put("export", ExportCommand::new);
        subcommands.put("check", CheckCommand::new);
        subcommands.put("demo", DemoCommand::new);
        return subcommands;
    }

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(),
                "name a command, e.g. profq record -- java -cp app.jar com.example.Main; see profq --help.");
    }
}
