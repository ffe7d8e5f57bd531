package org.profq.bench.real;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.profq.bench.BenchEnvironment;
import org.profq.bench.DependencyResolver;

/**
 * Programs by the names the count benchmarks take: a name with a capital is one of the samples in
 * profq-bench.jar (Phases, Allocations, ThrowSites), the others are the real-program harness's and
 * the compatibility corpus's, fetched as those fetch them.
 */
final class NamedPrograms {
    private final Path benchJar;
    private final RealPrograms real;
    private final CompatibilityPrograms compat;
    private final CorpusPrograms corpus;

    NamedPrograms(BenchEnvironment environment, ProgramSourceOptions sources, Path workDirectory, Path java) throws IOException {
        this.benchJar = environment.benchJar().toAbsolutePath();
        Path target = environment.benchJar().getParent();
        Files.createDirectories(workDirectory.resolve("inputs"));
        Path cache = sources.cache();
        Files.createDirectories(cache);
        MavenCentral central = new MavenCentral(cache, sources.repository);
        DependencyResolver resolver = new DependencyResolver(cache, sources.maven(target));
        this.real = new RealPrograms(central, resolver, new JdkSources(sources.srcZip(), cache), workDirectory, java, true);
        this.compat = new CompatibilityPrograms(central, resolver, workDirectory.resolve("inputs"), java);
        this.corpus = new CorpusPrograms(resolver, compat, workDirectory.resolve("inputs"), java);
    }

    Program named(String name) {
        if (Character.isUpperCase(name.charAt(0))) {
            return new Program(name, "the sample profq.samples." + name, List.of(benchJar), "profq.samples." + name,
                    List.of(), run -> List.of(), List.of("profq.samples."), "profq.samples..*", null, Program.Normalisation.NONE, null);
        }
        if (RealPrograms.NAMES.contains(name)) {
            return real.named(name);
        }
        if (CompatibilityPrograms.NAMES.contains(name)) {
            return compat.named(name);
        }
        return corpus.named(name);
    }
}
