package org.profq.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which directories of a group are JVM recordings, and their order (recordings are made by MultiJvmIT). */
class RecordingGroupTest {
    @Test
    void oneJvmWhenThereIsNoJvmsDirectory(@TempDir Path group) {
        assertEquals(List.of(new RecordingGroup.Jvm(1, group)), RecordingGroup.jvms(group));
    }

    @Test
    void laterJvmsInNumericStartOrderSkippingWhatIsNotARecording(@TempDir Path group) throws IOException {
        for (String name : List.of("jvm10.profq", "jvm2.profq", "jvm9.profq", "jvm1.profq", "jvm02.profq", "other.profq")) {
            Files.createDirectories(group.resolve("jvms").resolve(name).resolve("events"));
        }
        Files.createDirectories(group.resolve("jvms/jvm3.profq")); // claimed, refused before its log was made
        Files.writeString(group.resolve("jvms/notes.txt"), "not a JVM");

        List<RecordingGroup.Jvm> jvms = RecordingGroup.jvms(group);

        assertEquals(List.of("jvm1", "jvm2", "jvm9", "jvm10"), jvms.stream().map(RecordingGroup.Jvm::name).toList());
        assertEquals(List.of(group, group.resolve("jvms/jvm2.profq"), group.resolve("jvms/jvm9.profq"), group.resolve("jvms/jvm10.profq")),
                jvms.stream().map(RecordingGroup.Jvm::directory).toList());
    }
}
