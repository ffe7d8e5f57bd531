package org.profq.bench.real;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import org.profq.bench.DependencyResolver;

/**
 * The compatibility corpus: real programs from Maven Central (resolved by Maven, as the rest of
 * the suite) chosen to cover the JVM's bytecode producers (javac from Java 1.1 to 17 class files,
 * ecj, kotlinc, scalac 2 and 3, Groovy with and without invokedynamic, Clojure, JRuby, Jython,
 * Rhino, Nashorn), classes made at run time (cglib, Byte Buddy, Javassist, ASM, Janino, XSLTC,
 * lambdas and hidden classes) and the ways programs load code (a Spring Boot fat jar, embedded
 * Tomcat and Jetty, an OSGi framework, the module path, a multi-release jar, a signed jar,
 * another Java agent beside profq, a test launcher, build tools). Each is small: seconds without
 * a profiler, deterministic standard output. Drivers the programs need are Java sources in the
 * bench jar's {@code compat/corpus/drivers/}, outside {@code org.profq} so the agent weaves them.
 */
final class CorpusPrograms {
    /** One corpus row: its name, what it covers, and whether it runs on JDK 25 too. */
    record Entry(String name, String feature, boolean jdk25) {
    }

    static final List<Entry> ENTRIES = List.of(
            // javac, old class files
            new Entry("saxon", "javac, Java 5 class files (Saxon-HE 9.4)", true),
            new Entry("xalan", "javac, Java 1.3 class files (Xalan-J 2.7.3, interpreted XSLT)", true),
            new Entry("xalan-xsltc", "classes generated at run time: XSLTC translets (BCEL)", true),
            new Entry("collections3", "javac, Java 1.3 class files (commons-collections 3.2.2)", true),
            new Entry("log4j1", "javac, Java 1.1 class files (log4j 1.2.17)", true),
            new Entry("junit4", "javac, Java 5 class files (JUnit 4.13 JUnitCore)", true),
            new Entry("beanshell", "javac, Java 1.2 class files (BeanShell 2.0b4 interpreter)", true),
            new Entry("h2-shell", "javac, Java 8 class files (H2 1.4.200 Shell)", true),
            // javac, newer
            new Entry("guava", "javac, Java 8 class files (Guava 33)", true),
            new Entry("jsoup", "javac, Java 8 class files (jsoup 1.18)", true),
            new Entry("java17", "javac 17: records, sealed classes, enums with bodies, switch expressions", true),
            new Entry("lambdas", "javac 17: lambdas, method references, indy string concatenation", true),
            new Entry("hidden-classes", "hidden classes (Lookup.defineHiddenClass)", true),
            new Entry("big-method", "javac: a method of 61.6 KB, near the 64 KB limit", true),
            new Entry("jackson", "multi-release jar (jackson-core 2.18), records", true),
            new Entry("bouncycastle", "signed jar (bcprov-jdk18on 1.79, a JCA provider)", true),
            // other compilers
            new Entry("ecj", "ecj output (the Eclipse compiler, compiling a file)", true),
            new Entry("kotlin", "kotlinc 2.1 output on kotlin-stdlib", true),
            new Entry("kotlinc", "kotlinc 2.4.21 compiling a file (kotlin-compiler-embeddable)", true),
            new Entry("scalac2", "scalac 2.13 compiling a file", true),
            new Entry("scala2", "scalac 2.13 output on scala-library", true),
            new Entry("scala3", "scalac 3.3 output on scala3-library", true),
            new Entry("groovy4", "Groovy 4 script (invokedynamic call sites)", true),
            new Entry("groovy3", "Groovy 3 script (call-site arrays, no invokedynamic)", false),
            new Entry("clojure", "Clojure 1.12 script (classes generated per function)", true),
            new Entry("jruby", "JRuby 9.4 script", false),
            new Entry("jython", "Jython 2.7.4 running a Python script (version 50 classes, generated ones)", true),
            new Entry("rhino", "Rhino 1.7.15 shell, JavaScript compiled to classes", true),
            new Entry("nashorn", "Nashorn 15.4 shell, JavaScript compiled to classes", true),
            // run-time generated classes
            new Entry("cglib", "cglib 3.3 proxies generated at run time", false),
            new Entry("bytebuddy", "Byte Buddy 1.15 classes generated at run time", true),
            new Entry("javassist", "Javassist 3.30 class compiled from source text at run time", true),
            new Entry("asm", "ASM 9.7 class written at run time, own class loader", true),
            new Entry("janino", "Janino 3.1 compiling Java at run time", true),
            // class loaders and launch modes
            new Entry("spring-boot", "Spring Boot 3.5 executable fat jar (nested-jar class loader)", true),
            new Entry("tomcat", "embedded Tomcat 11 serving one request to itself", true),
            new Entry("jetty", "embedded Jetty 12 serving one request to itself", true),
            new Entry("felix", "OSGi framework (Apache Felix 7) with a bundle", true),
            new Entry("jpms", "JPMS application on the module path (--module), launched as profq record launches it", true),
            new Entry("forker", "a program that forks JVMs inheriting the agent", true),
            // other agents, tests, builds
            new Entry("jacoco", "JaCoCo 0.8.14 agent beside profq (on Saxon)", true),
            new Entry("opentelemetry", "OpenTelemetry Java agent 2.10 beside profq (on embedded Tomcat)", true),
            new Entry("junit5-mockito", "JUnit 5 console launcher with Mockito 5 inline mocks", true),
            new Entry("ant", "Ant 1.10 running a small build", true),
            new Entry("antlr4", "ANTLR 4.13 tool generating a parser", true));

    /** The rows run in CI: small programs, about 15-25 s a row (plain, profq, profq from the cache). */
    static final List<String> CI = List.of("collections3", "log4j1", "junit4", "beanshell", "java17", "lambdas", "hidden-classes",
            "big-method", "asm", "jsoup");

    static final List<String> NAMES = ENTRIES.stream().map(Entry::name).toList();

    private static final Set<String> SHARED = Set.of("saxon", "kotlin", "forker");

    private final DependencyResolver resolver;
    private final CompatibilityPrograms compat;
    private final CorpusBuilds builds;
    private final Path inputs;
    private final Path java;

    CorpusPrograms(DependencyResolver resolver, CompatibilityPrograms compat, Path inputs, Path java) {
        this.resolver = resolver;
        this.compat = compat;
        this.builds = new CorpusBuilds(inputs);
        this.inputs = inputs;
        this.java = java;
    }

    static Entry entry(String name) {
        return ENTRIES.stream().filter(e -> e.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown corpus program " + name + "; known: " + NAMES));
    }

    Program named(String name) {
        if (SHARED.contains(name)) {
            return compat.named(name);
        }
        return switch (name) {
            case "xalan" -> xalan(false);
            case "xalan-xsltc" -> xalan(true);
            case "collections3" -> driver(name, "commons-collections:commons-collections:3.2.2", "collections3",
                    List.of("Collections3.java"), "profq.corpus.Collections3", List.of());
            case "log4j1" -> driver(name, "log4j:log4j:1.2.17", "log4j1", List.of("Log4j1.java"), "profq.corpus.Log4j1", List.of());
            case "junit4" -> junit4();
            case "beanshell" -> script(name, List.of("org.beanshell:bsh:2.0b4"), "bsh.Interpreter", List.of(), "bench.bsh");
            case "h2-shell" -> h2Shell();
            case "guava" -> driver(name, "com.google.guava:guava:33.3.1-jre", "guava", List.of("GuavaCollections.java"),
                    "profq.corpus.GuavaCollections", List.of());
            case "jsoup" -> driver(name, "org.jsoup:jsoup:1.18.1", "jsoup", List.of("JsoupParse.java"), "profq.corpus.JsoupParse", List.of());
            case "java17" -> driver(name, null, "java17", List.of("Java17Features.java"), "profq.corpus.Java17Features", List.of());
            case "lambdas" -> driver(name, null, "lambdas", List.of("Lambdas.java"), "profq.corpus.Lambdas", List.of());
            case "hidden-classes" -> driver(name, null, "hidden", List.of("HiddenClasses.java", "HiddenCounter.java"),
                    "profq.corpus.HiddenClasses", List.of());
            case "big-method" -> bigMethod();
            case "jackson" -> driver(name, "com.fasterxml.jackson.core:jackson-databind:2.18.2", "jackson", List.of("JacksonRoundTrip.java"),
                    "profq.corpus.JacksonRoundTrip", List.of());
            case "bouncycastle" -> driver(name, "org.bouncycastle:bcprov-jdk18on:1.79", "bouncycastle", List.of("BouncyCastleCrypto.java"),
                    "profq.corpus.BouncyCastleCrypto", List.of());
            case "ecj" -> ecj();
            case "kotlinc" -> kotlinc();
            case "scalac2" -> scalac2();
            case "scala2" -> scala2();
            case "scala3" -> scala3();
            case "groovy4" -> script(name, List.of("org.apache.groovy:groovy:4.0.33"), "groovy.ui.GroovyMain", List.of(), "bench.groovy");
            case "groovy3" -> script(name, List.of("org.codehaus.groovy:groovy:3.0.25"), "groovy.ui.GroovyMain", List.of(), "bench.groovy");
            case "clojure" -> script(name, List.of("org.clojure:clojure:1.12.0"), "clojure.main", List.of(), "bench.clj");
            case "jruby" -> script(name, List.of("org.jruby:jruby-complete:9.4.9.0"), "org.jruby.Main", List.of(), "bench.rb");
            case "jython" -> script(name, List.of("org.python:jython-standalone:2.7.4"), "org.python.util.jython",
                    List.of("-Dpython.cachedir.skip=true"), "bench.py");
            case "rhino" -> script(name, List.of("org.mozilla:rhino:1.7.15"), "org.mozilla.javascript.tools.shell.Main", List.of(), "bench.js");
            case "nashorn" -> script(name, List.of("org.openjdk.nashorn:nashorn-core:15.4"), "org.openjdk.nashorn.tools.Shell", List.of(),
                    "bench.js");
            case "cglib" -> withOptions(driver(name, "cglib:cglib:3.3.0", "cglib", List.of("CglibProxies.java"), "profq.corpus.CglibProxies",
                    List.of()), List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED"));
            case "bytebuddy" -> driver(name, "net.bytebuddy:byte-buddy:1.15.11", "bytebuddy", List.of("ByteBuddyClasses.java"),
                    "profq.corpus.ByteBuddyClasses", List.of());
            case "javassist" -> driver(name, "org.javassist:javassist:3.30.2-GA", "javassist", List.of("JavassistClasses.java"),
                    "profq.corpus.JavassistClasses", List.of());
            case "asm" -> driver(name, "org.ow2.asm:asm:9.7.1", "asm", List.of("AsmClasses.java"), "profq.corpus.AsmClasses", List.of());
            case "janino" -> driver(name, "org.codehaus.janino:janino:3.1.12", "janino", List.of("JaninoClasses.java"),
                    "profq.corpus.JaninoClasses", List.of());
            case "spring-boot" -> springBoot();
            case "tomcat" -> tomcat(name, List.of());
            case "jetty" -> driver(name, "org.eclipse.jetty:jetty-server:12.1.14", "jetty", List.of("JettyRequest.java"),
                    "profq.corpus.JettyRequest", List.of());
            case "felix" -> felix();
            case "jpms" -> jpms();
            case "jacoco" -> jacoco();
            case "opentelemetry" -> openTelemetry();
            case "junit5-mockito" -> junit5();
            case "ant" -> ant();
            case "antlr4" -> antlr4();
            default -> throw new IllegalArgumentException("unknown corpus program " + name + "; known: " + NAMES);
        };
    }

    private List<Path> resolve(String name, String... coordinates) {
        return resolver.resolve("corpus-" + name, List.of(coordinates));
    }

    /** A driver from {@code compat/corpus/drivers/<driver>/} compiled against one library (or none) and run on it. */
    private Program driver(String name, String library, String driver, List<String> sources, String mainClass, List<String> args) {
        List<Path> libraries = library == null ? List.of() : resolve(name, library);
        Path classes = builds.compile(driver, sources, libraries, 17);
        List<Path> classPath = new ArrayList<>(libraries);
        classPath.add(0, classes);
        return program(name, classPath, mainClass, List.of(), run -> args, Program.Normalisation.NONE, null);
    }

    /** A language's own launcher running a script of {@code compat/corpus/scripts/}. */
    private Program script(String name, List<String> coordinates, String mainClass, List<String> jvmOptions, String script) {
        List<Path> classPath = resolve(name, coordinates.toArray(String[]::new));
        Path file = builds.resource("scripts/" + script);
        return program(name, classPath, mainClass, jvmOptions, run -> List.of(file.toString()), Program.Normalisation.NONE, null);
    }

    private Program xalan(boolean xsltc) {
        List<Path> classPath = resolve("xalan", "xalan:xalan:2.7.3", "xalan:serializer:2.7.3");
        Path xml = CompatibilityPrograms.writeOrders(inputs.resolve("corpus").resolve("orders.xml"), 3000);
        Path xsl = builds.resource("scripts/report.xsl");
        List<String> args = new ArrayList<>(List.of("-IN", xml.toString(), "-XSL", xsl.toString()));
        if (xsltc) {
            args.add(0, "-XSLTC");
        }
        return program(xsltc ? "xalan-xsltc" : "xalan", classPath, "org.apache.xalan.xslt.Process", List.of(), run -> args,
                Program.Normalisation.NONE, null);
    }

    private Program junit4() {
        List<Path> libraries = resolve("junit4", "junit:junit:4.13.2");
        Path classes = builds.compile("junit4", List.of("CalculatorTest.java"), libraries, 17);
        List<Path> classPath = new ArrayList<>(libraries);
        classPath.add(0, classes);
        return program("junit4", classPath, "org.junit.runner.JUnitCore", List.of(), run -> List.of("profq.corpus.CalculatorTest"),
                replacing("JUnit's `Time: N`", "(?m)^Time: [0-9.,]+$", "Time: <t>"), null);
    }

    private Program h2Shell() {
        List<Path> classPath = resolve("h2-shell", "com.h2database:h2:1.4.200");
        String sql = "CREATE TABLE T(ID INT PRIMARY KEY, NAME VARCHAR(20)); INSERT INTO T SELECT X, 'N' || X FROM SYSTEM_RANGE(1, 500);"
                + " SELECT COUNT(*), SUM(ID) FROM T; SELECT NAME FROM T WHERE MOD(ID, 100) = 0 ORDER BY ID;"
                + " SELECT MOD(ID, 7) M, COUNT(*) FROM T GROUP BY M ORDER BY M";
        return program("h2-shell", classPath, "org.h2.tools.Shell", List.of(), run -> List.of("-url", "jdbc:h2:mem:corpus", "-sql", sql),
                replacing("H2's `(N rows, T ms)`", "[0-9]+ ms\\)", "<t> ms)"), null);
    }

    /** A method of 4,400 pairs of int statements and a few calls: 61.6 KB of bytecode, javac's limit is 64 KB. */
    private Program bigMethod() {
        StringBuilder source = new StringBuilder("""
                package profq.corpus;

                /** Generated by the corpus: one method near the JVM's 64 KB limit on a method's code. */
                public final class BigMethod {
                    static int mix(int x) {
                        return Integer.rotateLeft(x, 5) ^ 0x5bd1e995;
                    }

                    static int run(int a, int b) {
                """);
        for (int i = 0; i < 4400; i++) {
            source.append("        a = a * 31 + b;\n        b ^= a >>> 7;\n");
            if (i % 500 == 0) {
                source.append("        b += mix(a);\n");
            }
        }
        source.append("""
                        return a ^ b;
                    }

                    public static void main(String[] args) {
                        int result = 0;
                        for (int i = 0; i < 200; i++) {
                            result += run(i, result);
                        }
                        System.out.println("big method result " + result);
                    }
                }
                """);
        Path classes = builds.compileGenerated("big-method", "profq.corpus.BigMethod", source.toString(), 17);
        return program("big-method", List.of(classes), "profq.corpus.BigMethod", List.of(), run -> List.of(), Program.Normalisation.NONE, null);
    }

    private Program ecj() {
        List<Path> classPath = resolve("ecj", "org.eclipse.jdt:ecj:3.33.0");
        Path source = builds.resource("scripts/Hello.java");
        return program("ecj", classPath, "org.eclipse.jdt.internal.compiler.batch.Main", List.of(),
                run -> List.of("-17", "-d", run.resolve("out").toString(), source.toString()), Program.Normalisation.NONE, null);
    }

    private Program kotlinc() {
        List<Path> classPath = resolve("kotlinc", "org.jetbrains.kotlin:kotlin-compiler-embeddable:2.4.21");
        Path stdlib = classPath.stream().filter(p -> p.getFileName().toString().startsWith("kotlin-stdlib-")).findFirst().orElseThrow();
        Path source = builds.resource("scripts/App.kt");
        return program("kotlinc", classPath, "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler", List.of(),
                run -> List.of("-no-stdlib", "-no-reflect", "-cp", stdlib.toString(), "-d", run.resolve("out").toString(), source.toString()),
                Program.Normalisation.NONE, null);
    }

    private Program scalac2() {
        List<Path> classPath = resolve("scalac2", "org.scala-lang:scala-compiler:2.13.18");
        Path source = builds.resource("scripts/Bench.scala");
        return program("scalac2", classPath, "scala.tools.nsc.Main", List.of(),
                run -> List.of("-usejavacp", "-d", run.toString(), source.toString()), Program.Normalisation.NONE, null); // scalac wants -d to exist
    }

    private Program scala2() {
        List<Path> compiler = resolve("scalac2", "org.scala-lang:scala-compiler:2.13.18");
        Path classes = compileScala("scala2", compiler, "scala.tools.nsc.Main");
        List<Path> classPath = new ArrayList<>(List.of(classes));
        compiler.stream().filter(p -> p.getFileName().toString().startsWith("scala-library-")).forEach(classPath::add);
        return program("scala2", classPath, "corpus.Bench", List.of(), run -> List.of(), Program.Normalisation.NONE, null);
    }

    private Program scala3() {
        List<Path> compiler = resolve("scala3", "org.scala-lang:scala3-compiler_3:3.3.7");
        Path classes = compileScala("scala3", compiler, "dotty.tools.dotc.Main");
        List<Path> classPath = new ArrayList<>(List.of(classes));
        compiler.stream().filter(p -> p.getFileName().toString().startsWith("scala-library-")
                || p.getFileName().toString().startsWith("scala3-library_3-")).forEach(classPath::add);
        return program("scala3", classPath, "corpus.Bench", List.of(), run -> List.of(), Program.Normalisation.NONE, null);
    }

    /** Compiles Bench.scala once, without a profiler, with the given compiler's main. */
    private Path compileScala(String name, List<Path> compiler, String main) {
        Path out = inputs.resolve("corpus").resolve("classes").resolve(name);
        Path complete = out.resolveSibling(name + ".complete");
        if (!Files.exists(complete)) {
            Path source = builds.resource("scripts/Bench.scala");
            System.err.println("compiling " + source + " with " + main);
            try {
                Files.createDirectories(out); // scalac wants its -d directory to exist
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            JvmRun.Result compiled = JvmRun.run(JvmRun.command(java, List.of(), compiler, main,
                    List.of("-usejavacp", "-d", out.toString(), source.toString())), out.resolveSibling(name + "-compile"),
                    Duration.ofMinutes(10));
            if (compiled.exitCode() != 0) {
                throw new IllegalStateException(main + " failed: " + compiled.stdoutText() + compiled.stderrText());
            }
            CorpusBuilds.copyInto(source, out, "Bench.scala.source");
            try {
                Files.writeString(complete, "");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    private Program springBoot() {
        List<Path> libraries = resolve("spring-boot", "org.springframework.boot:spring-boot-starter:3.5.7",
                "org.springframework.boot:spring-boot-loader:3.5.7");
        Path classes = builds.compile("boot", List.of("App.java"), libraries, 17);
        CorpusBuilds.copyInto(builds.resource("drivers/boot/application.properties"), classes, "application.properties");
        Path loader = libraries.stream().filter(p -> p.getFileName().toString().startsWith("spring-boot-loader-")).findFirst().orElseThrow();
        Path jar = builds.springBootJar("spring-boot-app", classes, loader, libraries.stream().filter(p -> !p.equals(loader)).toList(),
                "profq.corpus.boot.App");
        return program("spring-boot", List.of(jar), "org.springframework.boot.loader.launch.JarLauncher", List.of(), run -> List.of(),
                Program.Normalisation.NONE, null);
    }

    private Program tomcat(String name, List<String> jvmOptions) {
        Program tomcat = driver("tomcat", "org.apache.tomcat.embed:tomcat-embed-core:11.0.27", "tomcat", List.of("TomcatRequest.java"),
                "profq.corpus.TomcatRequest", List.of());
        return program(name, tomcat.classPath(), tomcat.mainClass(), jvmOptions, tomcat.arguments(), Program.Normalisation.NONE, null);
    }

    private Program felix() {
        List<Path> framework = resolve("felix", "org.apache.felix:org.apache.felix.framework:7.0.5");
        Path launcher = builds.compile("felix", List.of("FelixLauncher.java"), framework, 17);
        Path bundleClasses = builds.compile("felixbundle", List.of("Activator.java"), framework, 17);
        Map<String, String> manifest = new LinkedHashMap<>();
        manifest.put("Bundle-ManifestVersion", "2");
        manifest.put("Bundle-SymbolicName", "profq.corpus.bundle");
        manifest.put("Bundle-Version", "1.0.0");
        manifest.put("Bundle-Activator", "profq.corpus.bundle.Activator");
        manifest.put("Import-Package", "org.osgi.framework");
        Path bundle = builds.jar("profq-corpus-bundle", bundleClasses, manifest);
        List<Path> classPath = new ArrayList<>(framework);
        classPath.add(0, launcher);
        return program("felix", classPath, "profq.corpus.FelixLauncher", List.of(),
                run -> List.of(bundle.toString(), run.resolve("felix-cache").toString()), Program.Normalisation.NONE, null);
    }

    private Program jpms() {
        Map<String, List<String>> modules = new LinkedHashMap<>();
        modules.put("profq.corpus.lib", List.of("module-info.java", "profq/corpus/lib/Primes.java"));
        modules.put("profq.corpus.app", List.of("module-info.java", "profq/corpus/app/Main.java"));
        Path modulePath = builds.compileModules("jpms", modules, 17);
        // No class path: the launcher's --module=... stands where the main class would. Both runs add the two
        // modules profq's recorder and weaver need, as profq record does (an agent cannot add them to the boot
        // layer; -javaagent alone is refused in one line): the plain run is the same program with them.
        return program("jpms", List.of(), "--module=profq.corpus.app/profq.corpus.app.Main",
                List.of("--module-path", modulePath.toString(), "--add-modules", "jdk.unsupported,java.sql"),
                run -> List.of(), Program.Normalisation.NONE, null);
    }

    private Program jacoco() {
        Path agent = resolve("jacoco", "org.jacoco:org.jacoco.agent:0.8.14:runtime").stream()
                .filter(p -> p.getFileName().toString().contains("runtime")).findFirst().orElseThrow();
        Program saxon = compat.named("saxon");
        return program("jacoco", saxon.classPath(), saxon.mainClass(), List.of("-javaagent:" + agent + "=output=none"), saxon.arguments(),
                Program.Normalisation.NONE, null);
    }

    private Program openTelemetry() {
        Path agent = resolve("opentelemetry", "io.opentelemetry.javaagent:opentelemetry-javaagent:2.10.0").stream()
                .filter(p -> p.getFileName().toString().startsWith("opentelemetry-javaagent")).findFirst().orElseThrow();
        return tomcat("opentelemetry", List.of("-javaagent:" + agent, "-Dotel.traces.exporter=none", "-Dotel.metrics.exporter=none",
                "-Dotel.logs.exporter=none", "-Dotel.javaagent.logging=none"));
    }

    private Program junit5() {
        List<Path> libraries = resolve("junit5-mockito", "org.junit.platform:junit-platform-console-standalone:1.11.4",
                "org.mockito:mockito-core:5.14.2");
        Path classes = builds.compile("junit5", List.of("OrderServiceTest.java"), libraries, 17);
        List<Path> classPath = new ArrayList<>(libraries);
        classPath.add(0, classes);
        return program("junit5-mockito", classPath, "org.junit.platform.console.ConsoleLauncher", List.of(),
                run -> List.of("execute", "--disable-banner", "--disable-ansi-colors", "--details=tree", "--select-class",
                        "profq.corpus.OrderServiceTest"),
                new Program.Normalisation("the launcher's durations: a test's `N ms` (printed only for a slow test) left out,"
                        + " the total's `N ms`", text -> text.replaceAll("(?m) [0-9]+ ms(?= \\S+ *$)", "").replaceAll("(?m)[0-9]+ ms", "<t> ms"),
                        UnaryOperator.identity()), null);
    }

    private Program ant() {
        List<Path> classPath = resolve("ant", "org.apache.ant:ant:1.10.15");
        Path build = builds.resource("scripts/build.xml");
        return program("ant", classPath, "org.apache.tools.ant.Main", List.of(),
                run -> List.of("-f", build.toString(), "-Dout=" + run.resolve("build-out")),
                replacing("Ant's `Total time: N seconds`", "(?m)^Total time: .*$", "Total time: <t>"), null);
    }

    private Program antlr4() {
        List<Path> classPath = resolve("antlr4", "org.antlr:antlr4:4.13.2");
        Path grammar = builds.resource("scripts/Expr.g4");
        return program("antlr4", classPath, "org.antlr.v4.Tool", List.of(),
                run -> List.of("-o", run.resolve("gen").toString(), "-Xexact-output-dir", "-visitor", grammar.toString()),
                Program.Normalisation.NONE, "gen/ExprParser.java");
    }

    private static Program withOptions(Program program, List<String> jvmOptions) {
        return program(program.name(), program.classPath(), program.mainClass(), jvmOptions, program.arguments(), program.normalisation(),
                program.reportFile());
    }

    private static Program program(String name, List<Path> classPath, String mainClass, List<String> jvmOptions,
                                   Function<Path, List<String>> arguments, Program.Normalisation normalisation, String reportFile) {
        return new Program(name, entry(name).feature(), classPath, mainClass, jvmOptions, arguments, List.of(), "*", reportFile,
                normalisation, null);
    }

    private static Program.Normalisation replacing(String description, String regex, String replacement) {
        UnaryOperator<String> replace = text -> text.replaceAll(regex, replacement);
        return new Program.Normalisation(description, replace, UnaryOperator.identity());
    }
}
