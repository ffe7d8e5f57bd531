package org.profq.recording;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

import org.profq.format.RecordingLayout;

/**
 * The recordings of every JVM that recorded into one directory: a program that starts JVMs
 * with its own agent option (a forking benchmark harness, a build running JVMs one after
 * another with the same {@code out=DIR}) records the first JVM in {@code DIR} and each later
 * one in {@code DIR/jvms/jvm<n>.profq} (see {@link RecordingLayout}).
 *
 * <pre>{@code
 * for (RecordingGroup.Jvm jvm : RecordingGroup.jvms(Path.of("build.profq"))) {
 *     try (Recording recording = Recording.open(jvm.directory())) {
 *         System.out.println(jvm.name() + " " + recording.run().mainClass() + " pid " + recording.run().pid());
 *     }
 * }
 * }</pre>
 *
 * {@link Recording#open} of {@code DIR} keeps giving the first JVM's recording alone.
 */
public final class RecordingGroup {
    /** One JVM's recording: {@code number} 1 is the group's own directory, 2, 3, ... the later JVMs in start order. */
    public record Jvm(int number, Path directory) {
        /** {@code jvm1}, {@code jvm2}, ...: the name of its directory under {@code jvms/}. */
        public String name() {
            return "jvm" + number;
        }
    }

    /**
     * Every JVM's recording in {@code directory}, in the order the JVMs started: {@code directory}
     * itself first, then each {@code jvms/jvm<n>.profq} that holds an {@code events/} log (a JVM
     * that had claimed a number but was refused before writing anything has none).
     */
    public static List<Jvm> jvms(Path directory) {
        List<Jvm> jvms = new ArrayList<>();
        jvms.add(new Jvm(1, directory));
        try (Stream<Path> entries = Files.list(RecordingLayout.jvmsDirectory(directory))) {
            entries.filter(entry -> Files.isDirectory(RecordingLayout.eventsDirectory(entry)))
                    .flatMap(entry -> laterJvm(entry).stream())
                    .sorted(Comparator.comparingInt(Jvm::number))
                    .forEach(jvms::add);
        } catch (NoSuchFileException oneJvm) {
            // no jvms/: one JVM recorded here
        } catch (IOException e) {
            throw new RecordingException("cannot list " + RecordingLayout.jvmsDirectory(directory) + ": " + e.getMessage(), e);
        }
        return List.copyOf(jvms);
    }

    private static Optional<Jvm> laterJvm(Path entry) {
        OptionalInt number = RecordingLayout.jvmNumber(entry);
        return number.isPresent() && number.getAsInt() > 1 ? Optional.of(new Jvm(number.getAsInt(), entry)) : Optional.empty();
    }

    private RecordingGroup() {
    }
}
