package org.profq.cli;

import java.io.IOException;
import java.util.concurrent.Callable;

import com.sun.tools.attach.VirtualMachine;
import org.profq.agent.AgentProperties;
import org.profq.agent.ProfqAgent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code profq detach PID}: ends the recording {@code profq attach} began: every thread's events
 * are flushed and the end record written. The program runs on; its woven classes keep their
 * advice, which records nothing more.
 */
@Command(name = "detach",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        header = "Ends the recording of a running JVM that profq attach began.",
        customSynopsis = "profq detach PID",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the recording ended", "1:the JVM is not being recorded, or cannot be attached to", "2:usage error"})
public final class DetachCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PID", description = "The process id of the JVM profq attach records.")
    long pid;

    @Override
    public Integer call() throws IOException {
        VirtualMachine jvm = AttachCommand.AttachedJvm.attach(pid);
        try {
            String recording = jvm.getAgentProperties().getProperty(AgentProperties.RECORDING);
            if (recording == null) {
                throw new CommandFailure("profq is not recording JVM " + pid + "; profq attach " + pid + " starts a recording.");
            }
            AttachCommand.AttachedJvm.loadAgent(jvm, pid, AgentJar.locate(), ProfqAgent.DETACH);
            String refused = jvm.getAgentProperties().getProperty(AgentProperties.REFUSED);
            if (refused != null) {
                throw new CommandFailure("the agent in JVM " + pid + " did not end its recording: " + refused.replaceFirst("\\.$", "") + ".");
            }
            System.err.println("profq: " + RecordingSummary.of(java.nio.file.Path.of(recording)));
            return 0;
        } finally {
            jvm.detach();
        }
    }
}
