package org.profq.agent;

import static org.profq.format.RecordingFormat.*;

import java.nio.file.Path;
import java.time.Instant;

import org.profq.format.HostName;
import org.profq.log.DocumentWriter;
import org.profq.log.EventLog;

/**
 * The recording's first document: magic, format version and run metadata. The host name is
 * read locally ({@link HostName}), never by a DNS look-up.
 */
final class RunHeader {
    static void write(EventLog log, AgentOptions options) {
        Instant now = Instant.now();
        String[] command = javaCommand();
        DocumentWriter header = new DocumentWriter().start(DOC_HEADER)
                .putBytes(MAGIC)
                .putVarint(MAJOR_VERSION)
                .putVarint(DEATHS_RECORDED_MINOR_VERSION) // every recording has calibration and CPU events, and collections and their deaths recorded with deaths
                .putString(command[0])
                .putString(command[1])
                .putString(System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                        + " (" + System.getProperty("java.vm.vendor") + ")")
                .putVarint(ProcessHandle.current().pid())
                .putString(HostName.local())
                .putVarint(now.getEpochSecond() * 1_000_000_000L + now.getNano())
                .putString(options.raw())
                .putString(options.exactClock() ? "exact" : "tick")
                .putVarint(options.exactClock() ? 0 : options.tickMicros() * 1_000);
        log.write(header.bytes(), 0, header.length());
    }

    /** The simple name of the main class (or jar), for the default recording name. */
    static String mainClassSimpleName() {
        String main = javaCommand()[0];
        if (main.endsWith(".jar")) {
            main = Path.of(main).getFileName().toString().replaceFirst("\\.jar$", "");
        }
        String simple = main.substring(main.lastIndexOf('.') + 1);
        return simple.isEmpty() ? "recording" : simple.replaceAll("[^\\w.-]", "_");
    }

    /** {main class or jar, arguments} from the launcher's {@code sun.java.command}. */
    private static String[] javaCommand() {
        String command = System.getProperty("sun.java.command", "").trim();
        int space = command.indexOf(' ');
        return space < 0 ? new String[] {command, ""} : new String[] {command.substring(0, space), command.substring(space + 1)};
    }

    private RunHeader() {
    }
}
