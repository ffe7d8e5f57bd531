package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.profq.recording.Call;
import org.profq.recording.RecordedEvent;
import org.profq.recording.Recording;
import org.profq.recording.WeavingSummary;
import profq.samples.ProxyAnnotations;

/**
 * Programs that broke under profq before it checked what the weaver returns: the program runs
 * exactly as without profq, and what could not be woven is counted and named in the recording,
 * never printed.
 */
class WeaverSafetyIT {
    /** The calibration's warning when it could not measure a call at a woven call site. */
    private static final String CALIBRATION_REFUSED = "the advice's cost per call was measured on its own path, not at a woven call site (";

    static List<Jdk> jdks() {
        return Jdk.available();
    }

    /**
     * A Java 5 class file (no stack maps: the JVM's old verifier) with a method whose two returns
     * are reached with different stack heights. Woven as it is, AspectJ routes both to one exit and
     * the JVM would reject the class; with its returns' stacks emptied first (the values under the
     * result were about to be discarded), it is woven and recorded.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aJava5MethodThatReturnsOverOtherStackValuesIsWovenAndRecorded(Jdk jdk, @TempDir Path temp) throws IOException {
        everyMethodIsWovenAndRecorded(jdk, temp, legacyClass(Opcodes.V1_5), "x\n6\n", List.of("main", "name", "twice"));
    }

    /**
     * The same method in a Java 6 class file (version 50), with the stack map frame the JVM
     * checks first. AspectJ writes no frames into the woven code of version-50 classes, so the
     * JVM fails over to verifying the class by inference, which rejects the method woven as it is:
     * Jython died so at start-up ("Expecting a stackmap frame at branch target" in {@code site$py}),
     * and its exposer classes, of this shape, ran unrecorded.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aJava6MethodThatReturnsOverOtherStackValuesIsWovenAndRecorded(Jdk jdk, @TempDir Path temp) throws IOException {
        everyMethodIsWovenAndRecorded(jdk, temp, legacyClass(Opcodes.V1_6), "x\n6\n", List.of("main", "name", "twice"));
    }

    /**
     * A Java 8 class file (version 52), which the JVM verifies by its stack map frames only, with
     * a void method that returns with one value on the stack on one path and none on the other
     * (as a method of the Kotlin compiler does). Woven as it is, AspectJ routes both returns to one
     * exit and computes its frame from one path's stack height, which the other does not match
     * ("Inconsistent stackmap frames at branch target"); with its returns' stacks emptied first,
     * it is woven and recorded.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aJava8MethodThatReturnsOverOtherStackValuesIsWovenAndRecorded(Jdk jdk, @TempDir Path temp) throws IOException {
        everyMethodIsWovenAndRecorded(jdk, temp, voidReturnsClass(), "shown\n6\n", List.of("main", "show", "twice"));
    }

    /**
     * A Java 8 class file with a method whose woven stack map frames AspectJ cannot compute: an
     * allocation whose argument is computed on two paths, one of which throws with an object
     * allocated and never initialised (scalac's inliner writes such code). AspectJ's allocation
     * join point moves the wrong {@code new}, the woven paths meet at the method's exit with
     * different stack heights, and its frame computation fails ({@code ArrayIndexOutOfBoundsException}):
     * it hands back the class without frames, and the whole class ran unwoven (scalac's
     * {@code Inliner}, 143 methods). Now only that method runs with its original code.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aMethodWhoseWovenFramesCannotBeComputedRunsUnwovenAndTheRestOfItsClassIsRecorded(Jdk jdk, @TempDir Path temp)
            throws IOException {
        methodRunsUnwovenAndTheRestIsRecorded(jdk, temp, unfinishedAllocationClass(), "made\n6\n", "make(Z)Ljava/lang/Object;",
                List.of("main", "twice"));
    }

    /**
     * A static initialiser of 4,000 allocations (32 KB, as Kotlin's {@code FirErrors} has 895 in
     * 33 KB): woven with allocation join points it would pass the JVM's 64 KB limit, and AspectJ
     * failed on the whole class, which ran unwoven. Now the class is woven again with calls
     * only, said once in the recording, and its calls are recorded; from the cache too.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aClassTooLargeToWeaveWithEveryJoinPointIsWovenForCallsOnly(Jdk jdk, @TempDir Path temp) throws IOException {
        Path classes = Files.createDirectories(temp.resolve("classes/gen"));
        Files.write(classes.resolve("Legacy.class"), allocatingStaticInitialiserClass(4_000));
        List<String> program = List.of("-cp", temp.resolve("classes").toString(), "gen.Legacy");

        SampleRun.Result plain = SampleRun.run(jdk, null, command(jdk, null, program));
        assertEquals("8000\n", plain.stdout(), plain.stderr());
        for (String run : List.of("woven", "cached")) {
            Path out = temp.resolve(run + ".profq");
            SampleRun.Result recorded = SampleRun.run(jdk, out, command(jdk, "out=" + out + ",cache=" + temp.resolve("cache"), program));
            assertEquals(0, recorded.exitCode(), recorded.stderr());
            assertEquals(plain.stdout(), recorded.stdout());
            assertEquals("", recorded.stderr());
            try (Recording recording = recorded.open()) {
                assertEquals(List.of("wove gen.Legacy for calls only (woven for calls only: problem generating method gen.Legacy.<clinit> :"
                        + " Code size too big: 118978): its allocations, exceptions and uses are not recorded"), recording.warnings(), run);
                assertEquals(List.of("main", "twice"), calledMethods(recording), run);
                assertEquals(0, recording.readAllEvents().stream().filter(RecordedEvent.Allocation.class::isInstance).count(), run);
                WeavingSummary weaving = recording.weaving().orElseThrow();
                assertEquals(Map.of("woven for calls only", 1L), weaving.leftUnwovenByReason(), run);
                assertEquals(0L, weaving.methodsLeftUnwoven(), run);
                assertEquals(run.equals("cached") ? 1 : 0, weaving.fromCache(), run);
            }
        }
    }

    /** {@code gen.Legacy} runs as without profq, every method woven and recorded, nothing left unwoven, from the cache too. */
    private static void everyMethodIsWovenAndRecorded(Jdk jdk, Path temp, byte[] legacyClass, String stdout, List<String> methods)
            throws IOException {
        Path classes = Files.createDirectories(temp.resolve("classes/gen"));
        Files.write(classes.resolve("Legacy.class"), legacyClass);
        List<String> program = List.of("-cp", temp.resolve("classes").toString(), "gen.Legacy");

        SampleRun.Result plain = SampleRun.run(jdk, null, command(jdk, null, program));
        assertEquals(stdout, plain.stdout(), plain.stderr());
        assertEquals(0, plain.exitCode(), plain.stderr());
        for (String run : List.of("woven", "cached")) {
            Path out = temp.resolve(run + ".profq");
            SampleRun.Result recorded = SampleRun.run(jdk, out, command(jdk, "out=" + out + ",cache=" + temp.resolve("cache"), program));
            assertEquals(0, recorded.exitCode(), recorded.stderr());
            assertEquals(plain.stdout(), recorded.stdout());
            assertEquals("", recorded.stderr());
            try (Recording recording = recorded.open()) {
                assertEquals(List.of(), recording.warnings(), run);
                assertEquals(methods, calledMethods(recording), run);
                WeavingSummary weaving = recording.weaving().orElseThrow();
                assertEquals(Map.of(), weaving.leftUnwovenByReason(), run);
                assertEquals(0L, weaving.methodsLeftUnwoven(), run);
                assertEquals(run.equals("cached") ? 1 : 0, weaving.fromCache(), run);
            }
        }
    }

    /** {@code gen.Legacy} runs as without profq, {@code unwovenMethod} unwoven and named, the rest recorded. */
    private static void methodRunsUnwovenAndTheRestIsRecorded(Jdk jdk, Path temp, byte[] legacyClass, String stdout,
                                                              String unwovenMethod, List<String> recordedMethods) throws IOException {
        Path classes = Files.createDirectories(temp.resolve("classes/gen"));
        Files.write(classes.resolve("Legacy.class"), legacyClass);
        List<String> program = List.of("-cp", temp.resolve("classes").toString(), "gen.Legacy");

        SampleRun.Result plain = SampleRun.run(jdk, null, command(jdk, null, program));
        assertEquals(stdout, plain.stdout(), plain.stderr());
        assertEquals(0, plain.exitCode(), plain.stderr());
        for (String run : List.of("woven", "cached")) { // the second run takes the class from the cache, and says the same
            Path out = temp.resolve(run + ".profq");
            SampleRun.Result recorded = SampleRun.run(jdk, out, command(jdk, "out=" + out + ",cache=" + temp.resolve("cache"), program));
            assertEquals(0, recorded.exitCode(), recorded.stderr());
            assertEquals(plain.stdout(), recorded.stdout());
            assertEquals("", recorded.stderr());
            try (Recording recording = recorded.open()) {
                assertEquals(List.of("left the method gen.Legacy." + unwovenMethod + " unwoven (method would fail verification"),
                        withoutDetail(recording.warnings()), run);
                assertEquals(recordedMethods, calledMethods(recording), run);
                assertEquals(Map.of("method would fail verification", 1L), recording.weaving().orElseThrow().leftUnwovenByReason(), run);
                assertEquals(run.equals("cached") ? 1 : 0, recording.weaving().orElseThrow().fromCache(), run);
                assertEquals(1L, recording.weaving().orElseThrow().methodsLeftUnwoven(), run); // and counted as one method, from the cache too
            }
        }
    }

    /**
     * The shape of Spring Boot's {@code ServletWebServerApplicationContextFactory}: {@code create}
     * returns one of two contexts as an interface, {@code AnnotatedContext} extending
     * {@code WebContext}, whose superclass ({@code gen.Missing}, spring-web's
     * {@code GenericWebApplicationContext}) is not on the class path; the program never calls it.
     * The JVM links the original class loading only the interface. Woven, AspectJ's frame at the
     * advice's single exit types the result as {@code WebContext}, a class, so verifying it makes the
     * JVM load {@code WebContext} (and {@code AnnotatedContext}), and with it their missing
     * superclass: the class's linking died with {@code NoClassDefFoundError: gen/Missing}. The method is given its original code back,
     * and no class is loaded that the program does not load.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aWovenMethodWhoseFramesWouldMakeTheJvmLoadAClassWithAMissingSuperclassRunsUnwoven(Jdk jdk, @TempDir Path temp)
            throws IOException {
        Path classes = compile(temp, Map.of(
                "Missing", "package gen;\npublic class Missing {}\n",
                "Context", "package gen;\npublic interface Context { String name(); }\n",
                "WebContext", "package gen;\npublic class WebContext extends Missing implements Context { public String name() { return \"web\"; } }\n",
                "AnnotatedContext", "package gen;\npublic class AnnotatedContext extends WebContext { public String name() { return \"annotated\"; } }\n",
                "Factory", """
                        package gen;
                        public class Factory {
                            static Context create(boolean annotated) {
                                if (annotated) {
                                    return new AnnotatedContext();
                                }
                                return new WebContext();
                            }
                            static String describe(int contexts) { return contexts == 0 ? "no context" : contexts + " contexts"; }
                            public static void main(String[] args) {
                                System.out.println(args.length > 0 ? create(true).name() : describe(0));
                            }
                        }
                        """));
        Files.delete(classes.resolve("gen/Missing.class"));
        Path plainLog = temp.resolve("plain-classes.log");
        SampleRun.Result plain = SampleRun.run(jdk, null, command(jdk, null,
                List.of("-Xlog:class+load=info:file=" + plainLog, "-cp", classes.toString(), "gen.Factory")));
        assertEquals("no context\n", plain.stdout(), plain.stderr());
        assertEquals(0, plain.exitCode());

        for (String run : List.of("woven", "cached")) { // the second run takes the class from the cache, and says the same
            Path out = temp.resolve(run + ".profq");
            Path classLog = temp.resolve(run + "-classes.log");
            SampleRun.Result recorded = SampleRun.run(jdk, out, command(jdk, "out=" + out + ",cache=" + temp.resolve("cache"),
                    List.of("-Xlog:class+load=info:file=" + classLog, "-cp", classes.toString(), "gen.Factory")));
            assertEquals(plain.stdout(), recorded.stdout(), recorded.stderr());
            assertEquals("", recorded.stderr());
            assertEquals(0, recorded.exitCode());
            for (Path log : List.of(plainLog, classLog)) {
                String loaded = Files.readString(log);
                assertTrue(loaded.contains("gen.Factory "), log.toString());
                assertFalse(loaded.contains("gen.AnnotatedContext ") || loaded.contains("gen.WebContext "), log + " loads a context");
            }
            try (Recording recording = recorded.open()) {
                assertEquals(List.of("left the method gen.Factory.create(Z)Lgen/Context; unwoven (method would fail verification: verifying"
                        + " it would load gen.WebContext, whose supertype gen.Missing cannot be read); the rest of the class is woven"),
                        recording.warnings(), run);
                assertEquals(List.of("describe", "main"), calledMethods(recording), run);
                assertEquals(1L, recording.weaving().orElseThrow().methodsLeftUnwoven(), run);
            }
        }
    }

    /**
     * The shape of an OSGi framework's bundle class loader (Apache Felix's): its parent is the boot
     * loader, it defines the bundle's classes from their own place, and it finds a resource on the
     * application class path when the request comes from outside the bundle (Felix's implicit boot
     * delegation), as the weaver's requests do, but not a class the bundle's code asks for. Woven,
     * the bundle's class died with {@code NoClassDefFoundError} on AspectJ's and profq's classes;
     * now the loader's classes are left unwoven, counted and named once, and the rest is recorded.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aClassLoaderThatDoesNotDelegateToProfqsLoaderHasItsClassesLeftUnwoven(Jdk jdk, @TempDir Path temp) throws IOException {
        Path classes = compile(temp, Map.of(
                "Plugin", """
                        package gen;
                        public class Plugin implements java.util.function.Supplier<String> {
                            public String get() { return "plugin " + new StringBuilder("gnikrow").reverse(); }
                        }
                        """,
                "Host", """
                        package gen;
                        import java.io.IOException;
                        import java.net.URL;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.function.Supplier;
                        public class Host {
                            /** Defines the plugin's classes from their directory; everything else from the boot loader, but resources from anywhere. */
                            static final class BundleLoader extends ClassLoader {
                                private final Path bundle;
                                BundleLoader(Path bundle) { super(null); this.bundle = bundle; }
                                @Override protected Class<?> findClass(String name) throws ClassNotFoundException {
                                    try {
                                        byte[] bytes = Files.readAllBytes(bundle.resolve(name.replace('.', '/') + ".class"));
                                        return defineClass(name, bytes, 0, bytes.length);
                                    } catch (IOException e) {
                                        throw new ClassNotFoundException(name);
                                    }
                                }
                                @Override public URL getResource(String name) {
                                    URL own = super.getResource(name);
                                    return own != null ? own : ClassLoader.getSystemClassLoader().getResource(name);
                                }
                            }
                            public static void main(String[] args) throws Exception {
                                ClassLoader loader = new BundleLoader(Path.of(args[0]));
                                Supplier<?> plugin = (Supplier<?>) loader.loadClass("gen.Plugin").getDeclaredConstructor().newInstance();
                                System.out.println(plugin.get() + " in " + plugin.getClass().getClassLoader().getClass().getSimpleName());
                            }
                        }
                        """));
        Path bundle = Files.createDirectories(temp.resolve("bundle/gen"));
        Files.move(classes.resolve("gen/Plugin.class"), bundle.resolve("Plugin.class"));
        List<String> program = List.of("-cp", classes.toString(), "gen.Host", temp.resolve("bundle").toString());
        SampleRun.Result plain = SampleRun.run(jdk, null, command(jdk, null, program));
        assertEquals("plugin working in BundleLoader\n", plain.stdout(), plain.stderr());

        Path out = temp.resolve("rec.profq");
        SampleRun.Result recorded = SampleRun.run(jdk, out, command(jdk, "out=" + out + ",cache=off", program));

        assertEquals(plain.stdout(), recorded.stdout(), recorded.stderr());
        assertEquals("", recorded.stderr());
        assertEquals(0, recorded.exitCode());
        try (Recording recording = recorded.open()) {
            assertEquals(List.of("left the classes of gen.Host$BundleLoader unwoven (class loader does not see profq: it does not delegate to"
                    + " the class loader of profq's classes, which woven code calls); counted, the program runs on"), recording.warnings());
            assertEquals(Map.of("class loader does not see profq", 1L), recording.weaving().orElseThrow().leftUnwovenByReason());
            assertEquals(List.of("<init>", "findClass", "main"), calledMethods(recording)); // Plugin.get unwoven
        }
    }

    /**
     * AspectJ's stack-map computation fails on a class of Kotlin's standard library. Before,
     * every later class failed too, with a stack trace on stderr and an ajcore file each; then
     * that class alone was left unwoven; now its frames are computed method by method, it is woven
     * (and verified), and the 100 classes loaded after it are woven and recorded.
     */
    @Test
    void aClassTheWeaverFailsOnCostsThatClassAlone(@TempDir Path temp) throws IOException {
        Jdk jdk = Jdk.current();
        StringBuilder main = new StringBuilder("""
                package gen;
                public class Many {
                    public static void main(String[] args) throws Exception {
                        Class.forName("kotlin.collections.SlidingWindowKt$windowedIterator$1");
                        int sum = 0;
                """);
        Map<String, String> sources = new TreeMap<>();
        for (int i = 0; i < 100; i++) {
            main.append("        sum += C").append(i).append(".f();\n");
            sources.put("C" + i, "package gen;\nclass C" + i + " { static int f() { return " + i + "; } }\n");
        }
        sources.put("Many", main.append("        System.out.println(\"sum \" + sum);\n    }\n}\n").toString());
        Path classes = compile(temp, sources);
        Path workingDirectory = Files.createDirectories(temp.resolve("work"));
        List<String> program = List.of("-cp", classes + ":" + kotlinStandardLibrary(), "gen.Many");

        SampleRun.Result recorded = SampleRun.run(jdk, temp.resolve("rec.profq"),
                command(jdk, "out=" + temp.resolve("rec.profq") + ",cache=off", program), workingDirectory);

        assertEquals(0, recorded.exitCode(), recorded.stderr());
        assertEquals("sum 4950\n", recorded.stdout());
        assertEquals("", recorded.stderr());
        try (Stream<Path> files = Files.walk(temp); Stream<Path> here = Files.list(Path.of("."))) {
            assertTrue(Stream.concat(files, here).noneMatch(file -> file.getFileName().toString().startsWith("ajcore")));
        }
        try (Recording recording = recorded.open()) {
            assertEquals(List.of(), recording.warnings());
            List<String> classesOfF = new ArrayList<>();
            for (Call call : recording.readAllCalls()) {
                if (recording.method(call.methodId()).name().equals("f")) {
                    classesOfF.add(recording.classInfo(recording.method(call.methodId()).classId()).name());
                }
            }
            assertEquals(100, classesOfF.stream().distinct().count(), classesOfF.toString());
            WeavingSummary weaving = recording.weaving().orElseThrow();
            assertEquals(Map.of(), weaving.leftUnwovenByReason());
            assertTrue(weaving.woven() >= 101, weaving.toString());
        }
    }

    /** JDK 25 rejected a woven dynamic proxy (VerifyError, Bad local variable type … jdk/proxy2/$Proxy7): proxies are left alone. */
    @ParameterizedTest
    @MethodSource("jdks")
    void aDynamicProxyAndAnAnnotationReadThroughItRunAsWithoutProfq(Jdk jdk, @TempDir Path temp) {
        SampleRun.Result plain = SampleRun.plain(jdk, ProxyAnnotations.class);
        SampleRun.Result recorded = SampleRun.record(jdk, temp.resolve("rec.profq"), "cache=off", ProxyAnnotations.class);

        assertEquals("greeting hello, Ada\nlabel greeter\n", plain.stdout());
        assertEquals(plain.stdout(), recorded.stdout());
        assertEquals(plain.stderr(), recorded.stderr());
        assertEquals(plain.exitCode(), recorded.exitCode());
        try (Recording recording = recorded.open()) {
            WeavingSummary weaving = recording.weaving().orElseThrow();
            assertTrue(weaving.generated() >= 2, weaving.toString()); // the Greeter proxy, the Label annotation's, and the JDK's own
            assertEquals(0, weaving.leftUnwoven(), recording.warnings().toString());
            assertTrue(calledMethods(recording).contains("main"));
        }
    }

    /**
     * A SecurityManager installed after five classes are loaded, then a hundred more: under the
     * default policy profq may not read class files or its cache, so those hundred are left
     * unwoven, counted, and said once, with the woven-class cache empty and filled alike.
     */
    @Test
    void classesLoadedUnderARestrictiveSecurityManagerAreCountedAsUnwovenAndSaidOnce(@TempDir Path temp) throws IOException {
        Jdk jdk = Jdk.current();
        StringBuilder main = new StringBuilder("""
                package gen;
                public class Late {
                    @SuppressWarnings("removal")
                    public static void main(String[] args) {
                        int sum = 0;
                """);
        Map<String, String> sources = new TreeMap<>();
        for (int i = 0; i < 105; i++) {
            if (i == 5) {
                main.append("        System.setSecurityManager(new SecurityManager());\n");
            }
            main.append("        sum += C").append(i).append(".f();\n");
            sources.put("C" + i, "package gen;\nclass C" + i + " { static int f() { return " + i + "; } }\n");
        }
        sources.put("Late", main.append("        System.out.println(\"sum \" + sum);\n    }\n}\n").toString());
        Path classes = compile(temp, sources);
        List<String> program = List.of("-cp", classes.toString(), "gen.Late");
        SampleRun.Result plain = SampleRun.run(jdk, null, command(jdk, null, program));
        assertEquals("sum 5460\n", plain.stdout());

        for (String run : List.of("empty cache", "filled cache")) {
            Path out = temp.resolve(run.replace(' ', '-') + ".profq");
            SampleRun.Result recorded = SampleRun.run(jdk, out, command(jdk, "out=" + out + ",cache=" + temp.resolve("cache"), program));

            assertEquals(plain.stdout(), recorded.stdout(), run);
            assertEquals(plain.stderr(), recorded.stderr(), run);
            assertEquals(0, recorded.exitCode(), run);
            try (Recording recording = recorded.open()) {
                // the calibration's measure at a woven call site, when it comes after the SecurityManager, is refused too
                List<String> warnings = recording.warnings().stream()
                        .filter(warning -> !(warning.startsWith(CALIBRATION_REFUSED) && warning.contains("AccessControlException")))
                        .toList();
                assertEquals(List.of("a SecurityManager the program installed does not grant profq the permissions weaving needs"),
                        withoutDetail(warnings), run);
                assertEquals(100L, recording.weaving().orElseThrow().leftUnwovenByReason().get("forbidden by the SecurityManager"), run);
                assertEquals(6, RecordingFacts.programCalls(recording).size(), run + ": main and C0.f to C4.f, woven before the SecurityManager");
            }
        }
    }

    /**
     * {@code gen.Legacy}: {@code name} is the method of the issue, {@code twice} an ordinary one;
     * from version 50 on, with the one stack map frame {@code name} needs.
     */
    private static byte[] legacyClass(int classFileVersion) {
        ClassWriter writer = new ClassWriter(0);
        writer.visit(classFileVersion, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "gen/Legacy", null, "java/lang/Object", null);
        writer.visitField(Opcodes.ACC_STATIC, "FALLBACK", "Ljava/lang/String;", null, "fallback").visitEnd();

        MethodVisitor name = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "name", "(Ljava/lang/Object;)Ljava/lang/Object;", null, null);
        name.visitCode();
        Label named = new Label();
        name.visitVarInsn(Opcodes.ALOAD, 0);
        name.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "toString", "()Ljava/lang/String;", false);
        name.visitInsn(Opcodes.DUP);
        name.visitJumpInsn(Opcodes.IFNONNULL, named);
        name.visitFieldInsn(Opcodes.GETSTATIC, "gen/Legacy", "FALLBACK", "Ljava/lang/String;");
        name.visitInsn(Opcodes.ARETURN); // returns with two values on the stack
        name.visitLabel(named);
        if (classFileVersion >= Opcodes.V1_6) {
            name.visitFrame(Opcodes.F_FULL, 1, new Object[] {"java/lang/Object"}, 1, new Object[] {"java/lang/String"});
        }
        name.visitInsn(Opcodes.ARETURN); // returns with one
        name.visitMaxs(2, 1);
        name.visitEnd();

        MethodVisitor twice = writer.visitMethod(Opcodes.ACC_STATIC, "twice", "(I)I", null, null);
        twice.visitCode();
        twice.visitVarInsn(Opcodes.ILOAD, 0);
        twice.visitInsn(Opcodes.ICONST_2);
        twice.visitInsn(Opcodes.IMUL);
        twice.visitInsn(Opcodes.IRETURN);
        twice.visitMaxs(2, 1);
        twice.visitEnd();

        MethodVisitor main = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
        main.visitCode();
        main.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        main.visitLdcInsn("x");
        main.visitMethodInsn(Opcodes.INVOKESTATIC, "gen/Legacy", "name", "(Ljava/lang/Object;)Ljava/lang/Object;", false);
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/PrintStream", "println", "(Ljava/lang/Object;)V", false);
        main.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        main.visitInsn(Opcodes.ICONST_3);
        main.visitMethodInsn(Opcodes.INVOKESTATIC, "gen/Legacy", "twice", "(I)I", false);
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/PrintStream", "println", "(I)V", false);
        main.visitInsn(Opcodes.RETURN);
        main.visitMaxs(2, 1);
        main.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }

    /** {@code gen.Legacy}, version 52: {@code show} returns with a value left on the stack on one path, none on the other. */
    private static byte[] voidReturnsClass() {
        ClassWriter writer = new ClassWriter(0);
        writer.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "gen/Legacy", null, "java/lang/Object", null);

        MethodVisitor show = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "show", "(Ljava/lang/Object;)V", null, null);
        show.visitCode();
        Label shown = new Label();
        show.visitVarInsn(Opcodes.ALOAD, 0);
        show.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/lang/Object", "toString", "()Ljava/lang/String;", false);
        show.visitInsn(Opcodes.DUP);
        show.visitJumpInsn(Opcodes.IFNONNULL, shown);
        show.visitInsn(Opcodes.POP);
        show.visitInsn(Opcodes.RETURN); // returns with nothing on the stack
        show.visitLabel(shown);
        show.visitFrame(Opcodes.F_FULL, 1, new Object[] {"java/lang/Object"}, 1, new Object[] {"java/lang/String"});
        show.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        show.visitLdcInsn("shown");
        show.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/PrintStream", "println", "(Ljava/lang/String;)V", false);
        show.visitInsn(Opcodes.RETURN); // returns with the string on the stack
        show.visitMaxs(3, 1);
        show.visitEnd();

        MethodVisitor twice = writer.visitMethod(Opcodes.ACC_STATIC, "twice", "(I)I", null, null);
        twice.visitCode();
        twice.visitVarInsn(Opcodes.ILOAD, 0);
        twice.visitInsn(Opcodes.ICONST_2);
        twice.visitInsn(Opcodes.IMUL);
        twice.visitInsn(Opcodes.IRETURN);
        twice.visitMaxs(2, 1);
        twice.visitEnd();

        MethodVisitor main = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
        main.visitCode();
        main.visitLdcInsn("x");
        main.visitMethodInsn(Opcodes.INVOKESTATIC, "gen/Legacy", "show", "(Ljava/lang/Object;)V", false);
        main.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        main.visitInsn(Opcodes.ICONST_3);
        main.visitMethodInsn(Opcodes.INVOKESTATIC, "gen/Legacy", "twice", "(I)I", false);
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/PrintStream", "println", "(I)V", false);
        main.visitInsn(Opcodes.RETURN);
        main.visitMaxs(2, 1);
        main.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }

    /**
     * {@code gen.Legacy}, version 52: {@code make(fail)} allocates a {@code StringBuilder} whose
     * argument comes from one of two paths, the other of which allocates a second one and throws
     * before initialising it; an early return leaves the method with nothing else on the stack.
     */
    private static byte[] unfinishedAllocationClass() {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES);
        writer.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "gen/Legacy", null, "java/lang/Object", null);

        MethodVisitor make = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "make", "(Z)Ljava/lang/Object;", null, null);
        make.visitCode();
        Label early = new Label();
        Label fail = new Label();
        Label initialise = new Label();
        make.visitVarInsn(Opcodes.ILOAD, 0);
        make.visitJumpInsn(Opcodes.IFNE, early);
        make.visitTypeInsn(Opcodes.NEW, "java/lang/StringBuilder");
        make.visitInsn(Opcodes.DUP);
        make.visitVarInsn(Opcodes.ILOAD, 0);
        make.visitJumpInsn(Opcodes.IFNE, fail);
        make.visitLdcInsn("made");
        make.visitJumpInsn(Opcodes.GOTO, initialise);
        make.visitLabel(fail);
        make.visitTypeInsn(Opcodes.NEW, "java/lang/StringBuilder"); // allocated, never initialised: the path throws
        make.visitInsn(Opcodes.DUP);
        make.visitTypeInsn(Opcodes.NEW, "java/lang/IllegalStateException");
        make.visitInsn(Opcodes.DUP);
        make.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/IllegalStateException", "<init>", "()V", false);
        make.visitInsn(Opcodes.ATHROW);
        make.visitLabel(initialise);
        make.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/StringBuilder", "<init>", "(Ljava/lang/String;)V", false);
        make.visitInsn(Opcodes.ARETURN);
        make.visitLabel(early);
        make.visitLdcInsn("early");
        make.visitInsn(Opcodes.ARETURN);
        make.visitMaxs(0, 0);
        make.visitEnd();

        MethodVisitor twice = writer.visitMethod(Opcodes.ACC_STATIC, "twice", "(I)I", null, null);
        twice.visitCode();
        twice.visitVarInsn(Opcodes.ILOAD, 0);
        twice.visitInsn(Opcodes.ICONST_2);
        twice.visitInsn(Opcodes.IMUL);
        twice.visitInsn(Opcodes.IRETURN);
        twice.visitMaxs(0, 0);
        twice.visitEnd();

        MethodVisitor main = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
        main.visitCode();
        main.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        main.visitInsn(Opcodes.ICONST_0);
        main.visitMethodInsn(Opcodes.INVOKESTATIC, "gen/Legacy", "make", "(Z)Ljava/lang/Object;", false);
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/PrintStream", "println", "(Ljava/lang/Object;)V", false);
        main.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        main.visitInsn(Opcodes.ICONST_3);
        main.visitMethodInsn(Opcodes.INVOKESTATIC, "gen/Legacy", "twice", "(I)I", false);
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/PrintStream", "println", "(I)V", false);
        main.visitInsn(Opcodes.RETURN);
        main.visitMaxs(0, 0);
        main.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }

    /** {@code gen.Legacy}, version 52: a static initialiser that allocates {@code allocations} objects; main prints twice their number. */
    private static byte[] allocatingStaticInitialiserClass(int allocations) {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        writer.visit(Opcodes.V1_8, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "gen/Legacy", null, "java/lang/Object", null);
        writer.visitField(Opcodes.ACC_STATIC, "made", "I", null, null).visitEnd();

        MethodVisitor initialiser = writer.visitMethod(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
        initialiser.visitCode();
        for (int i = 0; i < allocations; i++) {
            initialiser.visitTypeInsn(Opcodes.NEW, "java/lang/Object");
            initialiser.visitInsn(Opcodes.DUP);
            initialiser.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
            initialiser.visitInsn(Opcodes.POP);
        }
        initialiser.visitIntInsn(Opcodes.SIPUSH, allocations);
        initialiser.visitFieldInsn(Opcodes.PUTSTATIC, "gen/Legacy", "made", "I");
        initialiser.visitInsn(Opcodes.RETURN);
        initialiser.visitMaxs(0, 0);
        initialiser.visitEnd();

        MethodVisitor twice = writer.visitMethod(Opcodes.ACC_STATIC, "twice", "(I)I", null, null);
        twice.visitCode();
        twice.visitVarInsn(Opcodes.ILOAD, 0);
        twice.visitInsn(Opcodes.ICONST_2);
        twice.visitInsn(Opcodes.IMUL);
        twice.visitInsn(Opcodes.IRETURN);
        twice.visitMaxs(0, 0);
        twice.visitEnd();

        MethodVisitor main = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main", "([Ljava/lang/String;)V", null, null);
        main.visitCode();
        main.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        main.visitFieldInsn(Opcodes.GETSTATIC, "gen/Legacy", "made", "I");
        main.visitMethodInsn(Opcodes.INVOKESTATIC, "gen/Legacy", "twice", "(I)I", false);
        main.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/PrintStream", "println", "(I)V", false);
        main.visitInsn(Opcodes.RETURN);
        main.visitMaxs(0, 0);
        main.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }

    private static List<String> command(Jdk jdk, String agentOptions, List<String> program) {
        List<String> command = new ArrayList<>(List.of(jdk.java().toString()));
        if (agentOptions != null) {
            command.add("-javaagent:" + SampleRun.agentJar() + "=" + agentOptions);
        }
        command.addAll(program);
        return command;
    }

    /** The names of the methods called, in the order their calls ended, without repeats. */
    private static List<String> calledMethods(Recording recording) {
        return recording.readAllCalls().stream().map(call -> recording.method(call.methodId()).name()).distinct().sorted().toList();
    }

    /** Each warning up to its first " (" or ":", which is where the varying detail starts. */
    private static List<String> withoutDetail(List<String> warnings) {
        return warnings.stream().map(warning -> {
            int colon = warning.indexOf(": ");
            return colon < 0 ? warning : warning.substring(0, colon);
        }).toList();
    }

    private static Path compile(Path temp, Map<String, String> sources) throws IOException {
        List<String> arguments = new ArrayList<>(List.of("--release", "17", "-d", temp.resolve("classes").toString()));
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Path file = temp.resolve("src/gen/" + source.getKey() + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            arguments.add(file.toString());
        }
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, arguments.toArray(String[]::new)));
        return temp.resolve("classes");
    }

    private static Path kotlinStandardLibrary() {
        try {
            return Path.of(kotlin.Unit.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
