package org.profq.engine.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.profq.recording.Recording;

/**
 * The columnar index of a recording, {@code <recording>/index/}: the tables of
 * {@link IndexColumn} (derived columns included) as memory-mapped column files, which scans
 * read instead of decoding the event log. {@link #open} reuses an index whose manifest
 * covers the recording as opened, and otherwise builds one: into a temporary directory beside
 * it, renamed into place when complete, so a crash never leaves half an index. An index that
 * is stale (events/ grew, or an older profq built it) is rebuilt quietly. One that is damaged
 * (a file missing, of the wrong length or failing its CRC32C, an unreadable manifest) is never
 * read: it is rebuilt too, and one line on stderr says so and why; it is derived data. Each
 * column file is checksummed when this process first maps it ({@link VerifiedColumnFiles}).
 */
public final class RecordingIndex {
    /** The index directory inside a recording. */
    public static final String DIRECTORY = "index";

    private static volatile long builds;

    private final Path directory;
    private final IndexManifest manifest;
    private final Map<IndexColumn, MappedColumn> columns = new EnumMap<>(IndexColumn.class);
    private final int[] contextParents;
    private final int[] contextMethods;
    /** Each calling context's path of names, built on first use. */
    private final String[] stacks;

    private RecordingIndex(Path directory, IndexManifest manifest) throws IOException {
        this.directory = directory;
        this.manifest = manifest;
        for (IndexColumn column : IndexColumn.ALL) {
            Path file = directory.resolve(column.fileName());
            if (!Files.isRegularFile(file)) {
                throw new IndexDamagedException(file + " is missing");
            }
            columns.put(column, MappedColumn.map(file, manifest.rows(column.table), manifest.checksum(column)));
        }
        int contexts = manifest.contexts();
        contextParents = new int[contexts + 1];
        contextMethods = new int[contexts + 1];
        for (int context = 1; context <= contexts; context++) {
            contextParents[context] = columns.get(IndexColumn.CONTEXT_PARENT).getInt(context - 1);
            contextMethods[context] = columns.get(IndexColumn.CONTEXT_METHOD_ID).getInt(context - 1);
            if (contextParents[context] < 0 || contextParents[context] >= context) {
                throw new IndexDamagedException(directory + ": calling context " + context + " has parent " + contextParents[context]);
            }
        }
        stacks = new String[contexts + 1];
    }

    /**
     * The index of {@code recording} as opened: reused when its manifest covers it and its files
     * match the manifest, else (re)built.
     */
    public static RecordingIndex open(Recording recording) {
        Path directory = recording.directory().resolve(DIRECTORY);
        String damage = null;
        try {
            if (Files.isRegularFile(directory.resolve(IndexManifest.FILE))) {
                try {
                    Optional<IndexManifest> manifest = IndexManifest.read(directory);
                    Optional<String> mismatch = manifest.flatMap(current -> current.mismatch(recording));
                    if (manifest.isPresent() && mismatch.isEmpty()) {
                        return new RecordingIndex(directory, manifest.get());
                    }
                    if (mismatch.isPresent() && !manifest.get().grewSince(recording)) {
                        damage = mismatch.get();
                    }
                } catch (IndexDamagedException e) {
                    damage = e.getMessage();
                } catch (IOException | RuntimeException e) {
                    damage = e.toString();
                }
            } else if (Files.isDirectory(directory)) {
                damage = directory.resolve(IndexManifest.FILE) + " is missing";
            }
            RecordingIndex rebuilt = build(recording, directory);
            if (damage != null) {
                System.err.println("profq: rebuilt the index of " + recording.directory() + " from events/: " + damage);
            }
            return rebuilt;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot build the index of " + recording.directory() + " in " + directory
                    + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether every column file is still the one mapped and verified (a stat per file): a file
     * changed on disk since, damaged or replaced, must not be read through this index.
     */
    public boolean unchangedOnDisk() {
        for (MappedColumn column : columns.values()) {
            if (!column.unchangedOnDisk()) {
                return false;
            }
        }
        return true;
    }

    /** How many indexes this JVM has built: for tests that check an index is reused. */
    public static long builds() {
        return builds;
    }

    public Path directory() {
        return directory;
    }

    /** The rows of {@code table}. */
    public long rows(IndexColumn.Table table) {
        return manifest.rows(table);
    }

    /** The mapped file of {@code column}. */
    public MappedColumn column(IndexColumn column) {
        return columns.get(column);
    }

    /**
     * The calling context's path: {@code frameName} of each method from the thread's outermost
     * call down to the context's, joined by ';'. Built once per context and kept.
     */
    public String stack(int context, IntFunction<String> frameName) {
        String known = stacks[context];
        if (known != null) {
            return known;
        }
        // Walk up to the nearest named ancestor, then name the path down (no recursion: contexts can be deep).
        int depth = 0;
        for (int at = context; at != 0 && stacks[at] == null; at = contextParents[at]) {
            depth++;
        }
        int[] path = new int[depth];
        int at = context;
        for (int i = depth - 1; i >= 0; i--) {
            path[i] = at;
            at = contextParents[at];
        }
        String prefix = at == 0 ? null : stacks[at];
        for (int node : path) {
            String name = frameName.apply(contextMethods[node]);
            prefix = prefix == null ? name : prefix + ";" + name;
            stacks[node] = prefix;
        }
        return stacks[context];
    }

    private static RecordingIndex build(Recording recording, Path directory) throws IOException {
        Path building;
        try {
            building = Files.createTempDirectory(recording.directory(), DIRECTORY + ".building-");
        } catch (IOException readOnlyRecording) {
            // A recording we may not write to still gets an index: a private one, for this JVM only.
            building = Files.createTempDirectory("profq-" + DIRECTORY + "-");
            IndexManifest manifest = IndexBuilder.build(recording, building);
            builds++;
            deleteOnExit(building);
            return new RecordingIndex(building, manifest);
        }
        try {
            IndexManifest manifest = IndexBuilder.build(recording, building);
            builds++;
            moveIntoPlace(building, directory);
            return new RecordingIndex(directory, manifest);
        } finally {
            deleteTree(building);
        }
    }

    /** Replaces {@code target} (a stale or damaged index, if any) by the complete index {@code built}. */
    private static void moveIntoPlace(Path built, Path target) throws IOException {
        for (int attempt = 0; ; attempt++) {
            if (Files.exists(target)) {
                // Move the old one aside first (readers that mapped it keep their mappings), then delete it.
                Path old = target.resolveSibling(DIRECTORY + ".old-" + System.nanoTime());
                try {
                    Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
                    deleteTree(old);
                } catch (NoSuchFileException gone) {
                    // another builder moved it first
                }
            }
            try {
                Files.move(built, target, StandardCopyOption.ATOMIC_MOVE);
                return;
            } catch (FileSystemException exists) {
                if (attempt == 3 || !Files.exists(target)) {
                    throw exists; // not a race with another builder
                }
            }
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(file);
            }
        }
    }

    private static void deleteOnExit(Path directory) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                deleteTree(directory);
            } catch (IOException ignored) {
                // a temporary directory the system cleans up anyway
            }
        }, "profq index cleanup"));
    }
}
