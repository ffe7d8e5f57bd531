package org.profq.bench.real;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The configurations each program runs under: profq (a) calls + allocations, (b) everything,
 * (c) a narrow include pattern, (d) {@code --for heap} (allocations alone: demand-driven); the floor under (a), AspectJ with (a)'s join points and empty
 * advice; and the peers, JFR method timing (JDK 25) and async-profiler in CPU, wall-clock and
 * allocation modes. profq and AspectJ keep their woven classes between runs in caches of the
 * harness's own, emptied at its start, so round 1 of each configuration weaves and later
 * rounds read the cache. What the agents accept on this machine is found out by trying
 * ({@link #probe}), not assumed.
 */
final class ProfilerSetups {
    /** (b) everything: with {@code uses} when the agent knows that event family. */
    /**
     * async-profiler's allocation sampling interval: one sample per 16 KiB allocated, not its
     * default 512 KiB, so that methods allocating a few MB are seen (the heap overlap compares
     * small shares too).
     */
    static final String ALLOC_INTERVAL = "16k";
    static final String EVERYTHING_WITH_USES = "calls:allocations:deaths:exceptions:uses";
    static final String EVERYTHING = "calls:allocations:deaths:exceptions";
    static final String ASYNC_PROFILER = "tools.profiler:async-profiler:4.6";
    static final String RECORDING = "recording.profq";

    private final Path profqAgent;
    private final Path aspectjWeaver;
    private final Path emptyAdviceJar;
    /** Where profq keeps woven classes and AspectJ its own: emptied at the start, so round 1 weaves. */
    private final Path wovenClassCaches;
    private final Path java;
    private final Path jdk25Java;
    private final Path asyncProfilerLibrary;
    private final String everythingEvents;
    private final String cpuEvent;

    private ProfilerSetups(Path profqAgent, Path aspectjWeaver, Path emptyAdviceJar, Path wovenClassCaches, Path java,
                           Path jdk25Java, Path asyncProfilerLibrary, String everythingEvents, String cpuEvent) {
        this.profqAgent = profqAgent;
        this.aspectjWeaver = aspectjWeaver;
        this.emptyAdviceJar = emptyAdviceJar;
        this.wovenClassCaches = wovenClassCaches;
        this.java = java;
        this.jdk25Java = jdk25Java;
        this.asyncProfilerLibrary = asyncProfilerLibrary;
        this.everythingEvents = everythingEvents;
        this.cpuEvent = cpuEvent;
    }

    /**
     * Finds out what the agents accept: whether profq knows {@code uses}, and whether
     * async-profiler's {@code cpu} event (perf events) works here or {@code itimer} is needed.
     * {@code jdk25Java} null: no JFR method timing; {@code asyncProfiler} null: no async-profiler.
     */
    static ProfilerSetups probe(Path profqAgent, Path aspectjWeaver, Path java, Path jdk25Java, MavenCentral central,
                                Path cache, Path benchJar, Path work, boolean peers) {
        String everything = accepts(java, benchJar, work, "-javaagent:" + profqAgent + "=events=" + EVERYTHING_WITH_USES
                + ",out=" + work.resolve("probe-uses").resolve(RECORDING)) ? EVERYTHING_WITH_USES : EVERYTHING;
        System.err.println("profq (b) everything: events=" + everything);
        Path library = null;
        String cpuEvent = "cpu";
        if (peers) {
            library = asyncProfilerLibrary(central.fetch(ASYNC_PROFILER, "jar"), cache);
            Path probeOut = work.resolve("probe-cpu").resolve("cpu.collapsed");
            if (!accepts(java, benchJar, work, "-agentpath:" + library + "=start,event=cpu,file=" + probeOut + ",collapsed")) {
                cpuEvent = "itimer";
            }
            System.err.println("async-profiler CPU event: " + cpuEvent);
        }
        Path wovenClassCaches = work.resolve("woven-class-caches");
        ProgramMeasurement.delete(wovenClassCaches);
        return new ProfilerSetups(profqAgent, aspectjWeaver, EmptyAdviceJar.write(work.resolve("empty-advice")),
                wovenClassCaches, java, peers ? jdk25Java : null, library, everything, cpuEvent);
    }

    String everythingEvents() {
        return everythingEvents;
    }

    String cpuEvent() {
        return cpuEvent;
    }

    List<ProfilerSetup> forProgram(Program program) {
        List<ProfilerSetup> setups = new ArrayList<>();
        setups.add(profq("a", "profq (a) calls+allocations", "events=calls:allocations"));
        setups.add(profq("b", "profq (b) everything", "events=" + everythingEvents));
        setups.add(profq("c", "profq (c) narrow", "include=" + program.narrowInclude() + ",events=calls:allocations"));
        // what profq record --for heap passes the agent: the heap report reads allocations alone
        setups.add(profq("d", "profq (d) --for heap", "events=allocations,for=heap"));
        Path aspectjCache = wovenClassCaches.resolve("aspectj");
        setups.add(new ProfilerSetup("empty", "empty advice ((a)'s join points, AspectJ)", ProfilerSetup.Kind.EMPTY_ADVICE, java,
                run -> List.of("-javaagent:" + aspectjWeaver,
                        "-Dorg.aspectj.weaver.loadtime.configuration=" + EmptyAdviceJar.CONFIGURATION,
                        "-Daj.weaving.cache.enabled=true", "-Daj.weaving.cache.dir=" + aspectjCache),
                null, List.of(emptyAdviceJar)));
        if (jdk25Java != null) {
            String filter = String.join(";", classesUnder(program.classPath(), program.narrowPrefix()));
            setups.add(new ProfilerSetup("jfr", "JFR method timing (narrow classes, JDK 25)", ProfilerSetup.Kind.JFR, jdk25Java,
                    run -> List.of("-XX:StartFlightRecording:method-timing=" + filter + ",filename=" + run.resolve("timing.jfr")),
                    "timing.jfr"));
        }
        if (asyncProfilerLibrary != null) {
            setups.add(new ProfilerSetup("async-cpu", "async-profiler " + cpuEvent, ProfilerSetup.Kind.ASYNC_CPU, java,
                    run -> List.of("-agentpath:" + asyncProfilerLibrary + "=start,event=" + cpuEvent
                            + ",interval=1000000,file=" + run.resolve("cpu.collapsed") + ",collapsed"), "cpu.collapsed"));
            setups.add(new ProfilerSetup("async-wall", "async-profiler wall", ProfilerSetup.Kind.ASYNC_WALL, java,
                    run -> List.of("-agentpath:" + asyncProfilerLibrary + "=start,event=wall,interval=1000000,file="
                            + run.resolve("wall.collapsed") + ",collapsed"), "wall.collapsed"));
            setups.add(new ProfilerSetup("async-alloc", "async-profiler alloc", ProfilerSetup.Kind.ASYNC_ALLOC, java,
                    run -> List.of("-agentpath:" + asyncProfilerLibrary + "=start,event=alloc,alloc=" + ALLOC_INTERVAL + ",file="
                            + run.resolve("alloc.collapsed") + ",collapsed,total"), "alloc.collapsed"));
        }
        return setups;
    }

    private ProfilerSetup profq(String key, String label, String options) {
        return new ProfilerSetup(key, label, ProfilerSetup.Kind.PROFQ, java,
                run -> List.of("-javaagent:" + profqAgent + "=" + options + ",cache=" + wovenClassCaches.resolve("profq")
                        + ",out=" + run.resolve(RECORDING)), RECORDING);
    }

    /** Runs {@link AgentProbe} with one JVM option: accepted when it exits 0 and says nothing on stderr. */
    private static boolean accepts(Path java, Path benchJar, Path work, String option) {
        ProgramMeasurement.delete(work.resolve("probe-uses"));
        ProgramMeasurement.delete(work.resolve("probe-cpu"));
        Path directory = work.resolve("probe-run");
        ProgramMeasurement.delete(directory);
        JvmRun.Result result = JvmRun.run(JvmRun.command(java, List.of(option), List.of(benchJar), AgentProbe.class.getName(),
                List.of()), directory, Duration.ofMinutes(2));
        boolean accepted = result.exitCode() == 0 && result.stderrText().isBlank();
        if (!accepted) {
            System.err.println("not accepted here: " + option + ": " + result.stderrText().strip());
        }
        return accepted;
    }

    /** linux-x64/libasyncProfiler.so from the Maven Central jar, extracted once beside it. */
    private static Path asyncProfilerLibrary(Path jar, Path cache) {
        Path library = cache.resolve("async-profiler").resolve(MavenCentral.sha1OfQuietly(jar)).resolve("libasyncProfiler.so");
        if (Files.isRegularFile(library)) {
            return library;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            JarEntry entry = file.getJarEntry("linux-x64/libasyncProfiler.so");
            if (entry == null) {
                throw new IllegalStateException(jar + " has no linux-x64/libasyncProfiler.so");
            }
            Files.createDirectories(library.getParent());
            try (InputStream in = file.getInputStream(entry)) {
                Files.copy(in, library, StandardCopyOption.REPLACE_EXISTING);
            }
            return library;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Binary names of the classes in the jars whose names start with {@code prefix}, for JFR's filter. */
    static List<String> classesUnder(List<Path> classPath, String prefix) {
        TreeSet<String> names = new TreeSet<>();
        String path = prefix.replace('.', '/');
        for (Path jar : classPath) {
            try (JarFile file = new JarFile(jar.toFile())) {
                file.stream().map(JarEntry::getName)
                        .filter(n -> n.startsWith(path) && n.endsWith(".class") && !n.endsWith("module-info.class")
                                && !n.endsWith("package-info.class"))
                        .forEach(n -> names.add(n.substring(0, n.length() - ".class".length()).replace('/', '.')));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new ArrayList<>(names);
    }
}
