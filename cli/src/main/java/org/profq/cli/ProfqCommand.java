package org.profq.cli;

import java.util.concurrent.Callable;

import org.profq.engine.index.IndexProgress;
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
        description = "Records a run of a Java program and queries it as a database.",
        subcommands = {RecordCommand.class, SqlCommand.class, ReportCommand.class, ReportsCommand.class, FlameCommand.class, InfoCommand.class, DemoCommand.class})
public final class ProfqCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        IndexProgress.showOn(new IndexProgressBar());
        System.exit(commandLine().execute(args));
    }

    /** The configured command line: one-sentence errors, and {@code @file} arguments left to java. */
    static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new ProfqCommand())
                // @argfiles after "--" belong to the java launcher, not to us.
                .setExpandAtFiles(false)
                .setParameterExceptionHandler(ErrorReporting::usageError)
                .setExecutionExceptionHandler(ErrorReporting::failure);
        // "record java -cp x Main" (no "--") stops at "java", so we can say what is missing;
        // the other commands take options after their positional arguments too.
        commandLine.getSubcommands().get("record").setStopAtPositional(true);
        return commandLine;
    }

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(),
                "name a command, e.g. profq record -- java -cp app.jar com.example.Main; see profq --help.");
    }
}
