package org.profq.agent;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.management.ObjectName;

import org.profq.format.RecordingLayout;

/**
 * Asks HotSpot's JIT not to inline the recorder's entry points ({@code Recorder.enter},
 * {@code exit}, {@code allocation}, …) into the woven methods that call them, through a
 * compiler directive added at run time (what {@code jcmd <pid> Compiler.directives_add} does).
 * Every woven method calls them; inlined, each one's whole path (thread-local look-up, method
 * ids, encoding) is compiled again into every hot method of the program, and on real programs
 * the JIT then spends more time than the program: Lucene's SearchFiles ran 7.0–7.6 s under
 * profq with inlining, 5.8–6.2 s without, 0.8 s unprofiled. Called once, the entry points are
 * compiled once, with their own callees inlined.
 *
 * <p>Done on the recorder's calibration thread, before it measures the advice's cost (which must
 * be measured as the program's methods call it), because starting the platform MBean server takes
 * 120–180 ms and the directive is only needed once methods get hot. On a JVM without the diagnostic
 * command (not HotSpot) nothing happens: only speed differs.
 */
final class CompilerHints {
    static final String DIRECTIVE = "[{ match: \"*.*\", inline: \"-org/profq/event/Recorder.*\" }]";
    static final String DIRECTIVE_FILE = "compiler-directive.json";

    /**
     * The directive file is written in the recording directory, not in /tmp: the program may
     * end before this thread deletes it, and then it is left in the recording, not on the system.
     */
    static void apply(Path recording) {
        applyThrough(RecordingLayout.weavingDirectory(recording.toAbsolutePath()).resolve(DIRECTIVE_FILE));
    }

    /** Adds the directive, through {@code file}; true if the JVM took it. */
    static boolean applyThrough(Path file) {
        try {
            Files.writeString(file, DIRECTIVE, StandardCharsets.UTF_8);
            Object result = ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesAdd",
                    new Object[] {new String[] {file.toString()}}, new String[] {String[].class.getName()});
            return String.valueOf(result).contains("1 compiler directives added");
        } catch (Exception | LinkageError notHotSpot) {
            return false;
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (Exception ignored) {
                // 60 bytes left in the recording directory
            }
        }
    }

    private CompilerHints() {
    }
}
