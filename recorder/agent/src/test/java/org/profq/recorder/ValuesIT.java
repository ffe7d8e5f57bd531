package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.format.RecordingFormat;
import org.profq.recording.RecordedEvent;
import org.profq.recording.RecordedEvent.FieldWrite;
import org.profq.recording.RecordedEvent.Followed;
import org.profq.recording.RecordedEvent.Parameter;
import org.profq.recording.RecordedEvent.ReferenceField;
import org.profq.recording.Recording;
import org.profq.recording.ValueKind;
import profq.samples.AstObjects;
import profq.samples.HashCodeTrap;
import profq.samples.JdkMutation;
import profq.samples.MutableArgument;
import profq.samples.ValueKinds;

/** Value profiles ({@code values=}) through the real agent: parameters, followed objects, field writes, reference fields. */
class ValuesIT {
    private final Jdk jdk = Jdk.current();

    /** Every kind of parameter, as the reader API gives it; strings by hash, with their text only with rawstrings. */
    @Test
    void parametersOfEveryKind(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "values=*ValueKinds.describe:*.greet",
                ValueKinds.class);
        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals("", result.stderr());
        try (Recording recording = result.open()) {
            assertEquals(RecordingFormat.DEATHS_RECORDED_MINOR_VERSION, recording.run().formatMinor());
            List<String> describe = new ArrayList<>();
            List<String> greet = new ArrayList<>();
            recording.forEachEvent(event -> {
                if (event instanceof Parameter parameter) {
                    String method = recording.method(parameter.methodId()).name();
                    (method.equals("describe") ? describe : greet).add(describe(recording, parameter));
                }
            });
            assertEquals(List.of(
                    "1 int int 42",
                    "2 long long 5000000000",
                    "3 double double 2.5",
                    "4 boolean boolean true",
                    "5 char char x",
                    "6 string java.lang.String #? 5",
                    "7 enum profq.samples.ValueKinds$Color GREEN",
                    "8 null",
                    "9 object profq.samples.ValueKinds$Shape stamp 0",
                    "10 array int[] stamp 0",
                    "11 int java.lang.Integer 7"), describe.stream().map(line -> line.replaceAll("#[0-9a-f]{16}", "#?")).toList());
            assertEquals(3, greet.size() / 2);
            assertTrue(recording.text(0).isEmpty());
            assertEquals(greet.get(1), greet.get(3), "the same string, the same hash");
            assertTrue(!greet.get(1).equals(greet.get(5)), greet.toString());
        }
        try (Recording raw = SampleRun.record(jdk, temp.resolve("raw.profq"), "values=*.greet,rawstrings=true", ValueKinds.class)
                .open()) {
            List<String> texts = new ArrayList<>();
            raw.forEachEvent(event -> {
                if (event instanceof Parameter parameter && parameter.kind() == ValueKind.STRING) {
                    texts.add(raw.text(parameter.value()).orElse("?"));
                }
            });
            assertEquals(List.of("Ada", "Ada", "Grace"), texts);
        }
    }

    /**
     * The paper's scenario: ast is followed with the objects it reaches (its TypeDec parent and
     * two SourceLocations), the write to lineNumber is recorded with its write sequence, and each
     * method's reference field set is what it read.
     */
    @Test
    void objectsAreFollowedAndTheirWritesRecorded(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"),
                "values=*AstObjects*.getSourceLine:*AstObjects*.getBytecodeTypeDec", AstObjects.class);
        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals("lines 10 -1, same type declaration: true\n", result.stdout());
        try (Recording recording = result.open()) {
            List<RecordedEvent> events = recording.readAllEvents();
            Map<Long, String> followed = new TreeMap<>();
            events.stream().filter(Followed.class::isInstance).map(Followed.class::cast)
                    .forEach(f -> followed.put(f.objectId(), simple(recording.classInfo(f.classId()).name()) + (f.seenInto() ? "" : " unseen")));
            assertEquals(List.of("ASTObject", "TypeDec", "SourceLocation", "SourceLocation"), List.copyOf(followed.values()));
            List<String> writes = events.stream().filter(FieldWrite.class::isInstance).map(FieldWrite.class::cast)
                    .map(w -> followed.get(w.objectId()) + "." + recording.field(w.fieldId()).name() + " #" + w.writeSeq()
                            + (w.valueObjectId() == 0 ? "" : " -> " + followed.get(w.valueObjectId())))
                    .toList();
            assertEquals(List.of(
                    "ASTObject.parent #0 -> TypeDec",
                    "ASTObject.srcLoc #0 -> SourceLocation",
                    "TypeDec.parent #0",
                    "TypeDec.srcLoc #0 -> SourceLocation",
                    "SourceLocation.lineNumber #1"), writes);
            Map<String, List<String>> referenceFields = new TreeMap<>();
            events.stream().filter(ReferenceField.class::isInstance).map(ReferenceField.class::cast)
                    .forEach(r -> referenceFields.computeIfAbsent(recording.method(r.methodId()).name(), k -> new ArrayList<>())
                            .add(recording.field(r.fieldId()).name()));
            assertEquals(Map.of("getSourceLine", List.of("srcLoc", "lineNumber"), "getBytecodeTypeDec", List.of("parent")),
                    referenceFields);
            List<String> stamps = events.stream().filter(Parameter.class::isInstance).map(Parameter.class::cast)
                    .map(p -> recording.method(p.methodId()).name() + " " + p.position() + " " + followed.get(p.objectId())
                            + " stamp " + p.stamp() + " seq " + p.writeSeq())
                    .toList();
            assertEquals(List.of(
                    "getSourceLine 0 ASTObject stamp 0 seq 0",
                    "getBytecodeTypeDec 0 ASTObject stamp 0 seq 0",
                    "getSourceLine 0 ASTObject stamp 0 seq 1",
                    "getBytecodeTypeDec 0 ASTObject stamp 0 seq 1"), stamps);
        }
    }

    /** Writes advance the stamp of the object written; the label's write counts too (its field is not read). */
    @Test
    void stampsFollowWrites(@TempDir Path temp) {
        try (Recording recording = SampleRun.record(jdk, temp.resolve("rec.profq"), "values=*MutableArgument.read",
                MutableArgument.class).open()) {
            List<String> stamps = new ArrayList<>();
            recording.forEachEvent(event -> {
                if (event instanceof Parameter p) {
                    stamps.add(p.stamp() + "/" + p.writeSeq());
                }
            });
            assertEquals(List.of("0/0", "0/0", "0/0", "1/1", "1/1", "2/2", "2/2", "3/3", "3/3", "3/3"), stamps);
        }
    }

    /** An ArrayList is followed unseen: its writes happen inside the JDK. */
    @Test
    void jdkCollectionsAreFollowedUnseen(@TempDir Path temp) {
        try (Recording recording = SampleRun.record(jdk, temp.resolve("rec.profq"), "values=*JdkMutation.total",
                JdkMutation.class).open()) {
            List<String> followed = new ArrayList<>();
            recording.forEachEvent(event -> {
                if (event instanceof Followed f) {
                    followed.add(recording.classInfo(f.classId()).name() + " " + f.seenInto());
                }
            });
            assertEquals(List.of("java.util.ArrayList false"), followed);
        }
    }

    /** The djprof §5 trap under values: hashCode reads a field; followed objects are found by identity, with no recursion. */
    @Test
    void aHashCodeThatReadsAFieldIsProfiledWithoutRecursion(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "values=*HashCodeTrap*.hashCode:*HashCodeTrap*.equals",
                HashCodeTrap.class);
        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals("found 10\n", result.stdout());
        try (Recording recording = result.open()) {
            Map<String, Long> parameters = new TreeMap<>();
            recording.forEachEvent(event -> {
                if (event instanceof Parameter p) {
                    parameters.merge(recording.method(p.methodId()).name() + " " + p.position(), 1L, Long::sum);
                }
            });
            assertEquals(Map.of("hashCode 0", 20L, "equals 0", 10L, "equals 1", 10L), parameters);
            assertEquals(0, recording.eventsLost());
        }
    }

    private static String describe(Recording recording, Parameter parameter) {
        String type = parameter.primitiveType() != 0 ? ValueKind.primitiveTypeName(parameter.primitiveType())
                : parameter.classId() != 0 ? recording.classInfo(parameter.classId()).name()
                : parameter.kind() == ValueKind.STRING ? "java.lang.String" : "";
        String value = switch (parameter.kind()) {
            case STRING -> ValueKind.hashText(parameter.value()) + " " + parameter.length();
            case ENUM -> recording.constant((int) parameter.value()).name();
            case OBJECT, ARRAY -> "stamp " + parameter.stamp();
            case NULL -> "";
            default -> ValueKind.primitiveText(parameter.primitiveType(), parameter.value());
        };
        return (parameter.position() + " " + parameter.kind().label() + " " + type + " " + value).strip();
    }

    private static String simple(String name) {
        return name.substring(name.lastIndexOf('$') + 1);
    }
}
