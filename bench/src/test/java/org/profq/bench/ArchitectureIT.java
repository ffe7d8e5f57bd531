package org.profq.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The packages of each module, as {@code jdeps} reads them from its compiled classes, depend
 * one way: no package of a module reaches, through any chain of imports, back to itself. The
 * modules are those the reactor builds before this one.
 */
class ArchitectureIT {
    private static final Path ROOT = Path.of("..");
    private static final Pattern EDGE = Pattern.compile("^\\s+(org\\.profq\\S*)\\s+->\\s+(org\\.profq\\S*)\\s");

    @ParameterizedTest
    @ValueSource(strings = {"recorder/api", "recorder/format", "recorder/reader", "recorder/agent", "grammar", "udfs",
            "query-engine", "cli", "bench"})
    void noPackageCycle(String module) {
        Path classes = ROOT.resolve(module).resolve("target/classes");
        assertTrue(Files.isDirectory(classes), "the module is built first: " + classes);
        Map<String, Set<String>> imports = packageImports(classes);
        assertEquals(List.of(), cycles(imports), module + ": packages that reach back to themselves");
    }

    /**
     * The command line reaches the query engine through its public packages alone: the API, the
     * JDBC driver and the reports; the engine's other packages can change without it noticing.
     */
    @Test
    void theCommandLineImportsOnlyTheEnginesPublicPackages() {
        Set<String> open = Set.of("org.profq.engine.api", "org.profq.engine.jdbc", "org.profq.engine.report");
        Set<String> reached = new TreeSet<>();
        packageImports(ROOT.resolve("cli/target/classes")).values().forEach(reached::addAll);
        List<String> internal = reached.stream()
                .filter(target -> target.equals("org.profq.engine") || target.startsWith("org.profq.engine."))
                .filter(target -> !open.contains(target)).toList();
        assertEquals(List.of(), internal, "engine packages the command line imports that are not its public API");
    }

    /** Each package of the module's classes, and the profq packages it imports. */
    private static Map<String, Set<String>> packageImports(Path classes) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("this JDK has no jdeps"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = jdeps.run(new PrintWriter(out), new PrintWriter(err),
                "-verbose:package", "-filter:none", "-e", "org\\.profq\\..*", classes.toString());
        assertEquals(0, exit, err::toString);
        Map<String, Set<String>> imports = new TreeMap<>();
        for (String line : out.toString().split("\n")) {
            Matcher edge = EDGE.matcher(line);
            if (edge.find() && !edge.group(1).equals(edge.group(2))) {
                imports.computeIfAbsent(edge.group(1), from -> new TreeSet<>()).add(edge.group(2));
            }
        }
        return imports;
    }

    /** The strongly connected groups of more than one package (Tarjan's algorithm), each sorted. */
    private static List<Set<String>> cycles(Map<String, Set<String>> imports) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        List<Set<String>> found = new ArrayList<>();
        for (String start : imports.keySet()) {
            if (!index.containsKey(start)) {
                connect(start, imports, index, low, stack, found);
            }
        }
        return found;
    }

    private static void connect(String node, Map<String, Set<String>> imports, Map<String, Integer> index,
            Map<String, Integer> low, Deque<String> stack, List<Set<String>> found) {
        index.put(node, index.size());
        low.put(node, index.get(node));
        stack.push(node);
        for (String next : imports.getOrDefault(node, Set.of())) {
            if (!index.containsKey(next)) {
                connect(next, imports, index, low, stack, found);
                low.put(node, Math.min(low.get(node), low.get(next)));
            } else if (stack.contains(next)) {
                low.put(node, Math.min(low.get(node), index.get(next)));
            }
        }
        if (low.get(node).equals(index.get(node))) {
            Set<String> group = new TreeSet<>();
            String member;
            do {
                member = stack.pop();
                group.add(member);
            } while (!member.equals(node));
            if (group.size() > 1) {
                found.add(group);
            }
        }
    }
}
