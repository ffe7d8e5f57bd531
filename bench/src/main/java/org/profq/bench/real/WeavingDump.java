package org.profq.bench.real;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.profq.recording.Recording;
import org.profq.recording.RecordingGroup;
import org.profq.recording.WeavingSummary;

/**
 * Runs in its own JVM (reading needs no JVM flags) for the compatibility
 * suite: one tab-separated line per JVM recorded in a directory (the group: the first JVM and
 * each {@code jvms/jvm<n>.profq}) with its weaving summary, then the recording's warnings.
 * <pre>
 * jvm	name	mainClass	events	lost	woven	unchanged	fromCache	generated	leftUnwoven	reason=n,...	methodsSeen	methodsLeftUnwoven
 *     (or "-" without a summary; the two method counts "-" when the recording does not count methods)
 * warning	name	text
 * </pre>
 */
public final class WeavingDump {
    public static void main(String[] args) {
        for (RecordingGroup.Jvm jvm : RecordingGroup.jvms(Path.of(args[0]))) {
            try (Recording recording = Recording.open(jvm.directory())) {
                StringBuilder line = new StringBuilder("jvm\t").append(jvm.name()).append('\t')
                        .append(recording.run().mainClass()).append('\t').append(recording.eventCount()).append('\t')
                        .append(recording.eventsLost());
                WeavingSummary weaving = recording.weaving().orElse(null);
                if (weaving == null) {
                    line.append("\t-");
                } else {
                    Map<String, Long> reasons = new TreeMap<>(weaving.leftUnwovenByReason());
                    line.append('\t').append(weaving.woven()).append('\t').append(weaving.unchanged()).append('\t')
                            .append(weaving.fromCache()).append('\t').append(weaving.generated()).append('\t')
                            .append(weaving.leftUnwoven()).append('\t')
                            .append(reasons.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                                    .reduce((a, b) -> a + "," + b).orElse(""))
                            .append('\t').append(weaving.countsMethods() ? String.valueOf(weaving.methodsSeen()) : "-")
                            .append('\t').append(weaving.countsMethods() ? String.valueOf(weaving.methodsLeftUnwoven()) : "-");
                }
                System.out.println(line);
                for (String warning : recording.warnings()) {
                    System.out.println("warning\t" + jvm.name() + "\t" + warning.replace('\n', ' '));
                }
            }
        }
    }

    private WeavingDump() {
    }
}
