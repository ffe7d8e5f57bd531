package org.profq.engine.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import org.profq.format.RecordingLayout;
import org.profq.recording.Recording;
import org.profq.recording.RecordingException;

/**
 * The columnar index of a recording: the tables of {@link IndexColumn} (derived columns
 * included) as memory-mapped column files, which scans read instead of decoding the event log.
 * Each table is built when a query first reads it ({@link #prepare}; one pass over the events
 * builds every table a query reads that is not built yet), into a directory of its own,
 * {@code <recording>/index/<table>/}, with its own manifest: built into a temporary directory
 * beside it and renamed into place when complete, so a crash never leaves half a table. Where
 * the recording cannot be written (read-only, or its disk full), tables are built in the user's
 * cache instead ({@link IndexPlaces}), where later processes find them, and a notice says so
 * once, when the first of them is put there. A table that is stale (events/
 * grew, or an older profq built it) is rebuilt quietly. One that is damaged (a file missing, of
 * the wrong length or failing its CRC32C, an unreadable manifest) is never read: it is rebuilt
 * too, and one line on stderr says so and why; it is derived data. A column file is mapped and
 * checked when a query first reads it ({@link #column}), so a query checks what it reads and
 * nothing else; this process then knows it as checked ({@link VerifiedColumnFiles}).
 */
public final class RecordingIndex implements StoredColumns {
    /** The index directory inside a recording. */
    public static final String DIRECTORY = "index";

    /**
     * Every build and extension of tables, at DEBUG (java.util.logging's FINE): what to turn on
     * to see why a query took long, or that an index was reused.
     */
    private static final System.Logger LOG = System.getLogger(RecordingIndex.class.getPackageName());

    private final Recording recording;
    private final IndexPlaces places;
    private final Consumer<String> notices;
    /** The tables opened, by the table that is {@link IndexColumn.Table#built}: where each is and its manifest. */
    private final Map<IndexColumn.Table, BuiltTable> tables = new EnumMap<>(IndexColumn.Table.class);
    private final Map<IndexColumn, MappedColumn> columns = new EnumMap<>(IndexColumn.class);
    private ContextPaths contextPaths;
    /** Whether the state of the recording's log scan was kept beside the tables (tried once per snapshot). */
    private boolean logScanSaved;
    /** The totals of the {@code allocations} table opened, once read: read again when the table is another build's. */
    private OpenedTotals<AllocationTotals> allocationTotals;
    /** The same of {@code calls}. */
    private OpenedTotals<CallTotals> callTotals;

    /** The totals of one build or extension of a table; null when they cannot be trusted. */
    private record OpenedTotals<T>(BuiltTable table, T totals) {
    }

    /** A table of the index on disk: its directory and manifest. */
    private record BuiltTable(Path directory, IndexManifest manifest) {
        /** The table's resume state file as it is now, for {@link #unchangedOnDisk}; null when it cannot be read. */
        BasicFileAttributes resumeState() {
            try {
                return Files.readAttributes(directory.resolve(manifest.resumeFile()), BasicFileAttributes.class);
            } catch (IOException gone) {
                return null;
            }
        }
    }

    /** The resume state file of each table opened, as it was when checked. */
    private final Map<IndexColumn.Table, BasicFileAttributes> resumeStates = new EnumMap<>(IndexColumn.Table.class);

    private RecordingIndex(Recording recording, Consumer<String> notices) {
        this.recording = recording;
        this.places = IndexPlaces.of(recording);
        this.notices = notices;
    }

    /**
     * The index of {@code recording} as opened, with no table opened yet; {@code notices} is
     * told where the index is when that is not in the recording.
     */
    public static RecordingIndex of(Recording recording, Consumer<String> notices) {
        return new RecordingIndex(recording, notices);
    }

    /**
     * Makes every table of {@code wanted} (and those built with it) ready to read: each is reused
     * when a manifest that covers the recording as opened is found for it (in the recording's
     * index, or else in the user's cache), and the others are built, together, in one pass over
     * the events.
     */
    public synchronized void prepare(Collection<IndexColumn.Table> wanted) {
        Set<IndexColumn.Table> missing = EnumSet.noneOf(IndexColumn.Table.class);
        Map<IndexColumn.Table, String> damage = new LinkedHashMap<>();
        Map<IndexColumn.Table, BuiltTable> grown = new EnumMap<>(IndexColumn.Table.class);
        Set<IndexColumn.Table> ahead = EnumSet.noneOf(IndexColumn.Table.class);
        for (IndexColumn.Table table : wanted) {
            IndexColumn.Table built = table.built();
            if (tables.containsKey(built) || missing.contains(built) || grown.containsKey(built) || ahead.contains(built)) {
                continue;
            }
            Found found = find(built);
            if (found.table != null) {
                tables.put(built, found.table);
                resumeStates.put(built, found.resumeState);
            } else if (found.grown != null) {
                grown.put(built, found.grown);
            } else if (found.ahead) {
                ahead.add(built);
            } else {
                missing.add(built);
                if (found.damage != null) {
                    damage.put(built, found.damage);
                }
            }
        }
        missing.addAll(extend(grown, damage));
        if (!ahead.isEmpty()) {
            // Another process (profq record's indexer) extended these past this snapshot: this
            // statement gets tables of its own, and the shared ones stay as they are.
            LOG.log(System.Logger.Level.DEBUG, "built {0} of {1} for this process", ahead, recording.directory());
            buildForThisJvm(ahead).forEach(this::keep);
        }
        if (!missing.isEmpty()) {
            build(missing);
            damage.values().forEach(this::sayRebuilt);
        }
        saveLogScan();
    }

    /**
     * Keeps the state of the recording's log scan beside the tables now ready, in the recording's
     * index or, where they are kept, the user's cache ({@link SavedLogScans}): a later process that
     * opens the recording reads only the log after it. Not for tables built for this JVM alone.
     */
    private void saveLogScan() {
        if (logScanSaved) {
            return;
        }
        Path place = null;
        for (BuiltTable table : tables.values()) {
            Path parent = table.directory.getParent();
            if (parent.equals(places.inRecording()) || (place == null && parent.equals(places.inCache()))) {
                place = parent;
            }
        }
        if (place == null) {
            return;
        }
        logScanSaved = true;
        try {
            SavedLogScans.save(recording, place);
        } catch (IOException e) {
            // No room for it (or no right to write it): later processes read the whole log, as without it.
        }
    }

    /**
     * Extends the tables of {@code grown} (built before from fewer of this recording's events) in
     * place, the tables that ended at one place in the log in one pass; gives those that could not
     * be (damaged, putting why in {@code damage}, or whose log a window cut), to build instead.
     */
    private Set<IndexColumn.Table> extend(Map<IndexColumn.Table, BuiltTable> grown, Map<IndexColumn.Table, String> damage) {
        Set<IndexColumn.Table> failed = EnumSet.noneOf(IndexColumn.Table.class);
        Map<Long, Map<IndexColumn.Table, BuiltTable>> byEnd = new LinkedHashMap<>();
        grown.forEach((table, built) -> byEnd.computeIfAbsent(built.manifest.logBytes(), end -> new EnumMap<>(IndexColumn.Table.class))
                .put(table, built));
        for (Map<IndexColumn.Table, BuiltTable> group : byEnd.values()) {
            try (TableLocks ignored = TableLocks.lock(group.values().stream().map(BuiltTable::directory).toList())) {
                Map<IndexColumn.Table, Path> directories = new EnumMap<>(IndexColumn.Table.class);
                Map<IndexColumn.Table, IndexManifest> manifests = new EnumMap<>(IndexColumn.Table.class);
                for (Map.Entry<IndexColumn.Table, BuiltTable> table : group.entrySet()) {
                    // Another process may have extended it while this one waited for the lock.
                    Optional<IndexManifest> now = IndexManifest.read(table.getValue().directory, table.getKey());
                    if (now.isPresent() && now.get().mismatch(recording).isEmpty()) {
                        keep(table.getKey(), new BuiltTable(table.getValue().directory, now.get()));
                    } else if (now.isPresent() && now.get().equals(table.getValue().manifest)) {
                        directories.put(table.getKey(), table.getValue().directory);
                        manifests.put(table.getKey(), table.getValue().manifest);
                    } else {
                        failed.add(table.getKey()); // changed under this process: built afresh
                    }
                }
                if (!directories.isEmpty()) {
                    Map<IndexColumn.Table, IndexManifest> extended = IndexBuilder.extend(recording, directories, manifests);
                    extended.forEach((table, manifest) -> keep(table, new BuiltTable(directories.get(table), manifest)));
                    LOG.log(System.Logger.Level.DEBUG, "extended {0} of {1}", extended.keySet(), recording.directory());
                    columns.keySet().removeIf(column -> extended.containsKey(column.table.built()));
                    if (extended.containsKey(IndexColumn.Table.CALLS)) {
                        contextPaths = null;
                    }
                }
            } catch (IndexDamagedException e) {
                group.keySet().forEach(table -> damage.put(table, e.getMessage()));
                failed.addAll(group.keySet());
            } catch (RecordingException cannotGoOn) {
                failed.addAll(group.keySet()); // e.g. a window deleted the log file it ended in: built afresh
            } catch (IOException e) {
                if (!IndexPlaces.noRoom(e)) {
                    throw cannotBuild(group.values().iterator().next().directory.getParent(), e);
                }
                failed.addAll(group.keySet()); // built where there is room
            }
        }
        return failed;
    }

    /** The rows of {@code table}, which must have been {@link #prepare}d. */
    @Override
    public synchronized long rows(IndexColumn.Table table) {
        return opened(table).manifest.rows(table);
    }

    /**
     * The mapped file of {@code column}, whose table must have been {@link #prepare}d: mapped and
     * checked against the manifest the first time it is asked for. A damaged file throws
     * {@link DamagedTableException}.
     */
    @Override
    public synchronized MappedColumn column(IndexColumn column) {
        MappedColumn mapped = columns.get(column);
        if (mapped == null) {
            BuiltTable table = opened(column.table);
            try {
                Path file = table.directory.resolve(column.fileName());
                if (!Files.isRegularFile(file)) {
                    throw new IndexDamagedException(file + " is missing");
                }
                mapped = MappedColumn.map(file, table.manifest.extent(column));
            } catch (IndexDamagedException e) {
                throw new DamagedTableException(column.table.built(), e);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the index of " + recording.directory() + ": " + e.getMessage(), e);
            }
            columns.put(column, mapped);
        }
        return mapped;
    }

    /**
     * The totals per site and per class of {@code allocations}, which must have been {@link #prepare}d: read
     * from the resume state its manifest names, checked against the manifest's checksum and row
     * count; null when that state cannot be read or trusted (another process that extended the
     * table since deleted it, or it is damaged): the query scans the columns instead, which are
     * checked as ever.
     */
    @Override
    public synchronized AllocationTotals allocationTotals() {
        BuiltTable table = opened(IndexColumn.Table.ALLOCATIONS);
        if (allocationTotals == null || allocationTotals.table() != table) {
            AllocationTotals read;
            try {
                read = AllocationTotals.fromBytes(ResumeState.read(table.directory, table.manifest).collector(),
                        table.manifest.rows(IndexColumn.Table.ALLOCATIONS));
            } catch (IOException | RuntimeException untrusted) {
                read = null;
            }
            allocationTotals = new OpenedTotals<>(table, read);
        }
        return allocationTotals.totals();
    }

    /**
     * The totals per calling context of {@code calls}, which must have been {@link #prepare}d: read
     * and checked as {@link #allocationTotals} are; null when they cannot be trusted.
     */
    @Override
    public synchronized CallTotals callTotals() {
        BuiltTable table = opened(IndexColumn.Table.CALLS);
        if (callTotals == null || callTotals.table() != table) {
            CallTotals read;
            try {
                read = CallRows.totals(ResumeState.read(table.directory, table.manifest).collector(), table.manifest);
            } catch (IOException | RuntimeException untrusted) {
                read = null;
            }
            callTotals = new OpenedTotals<>(table, read);
        }
        return callTotals.totals();
    }

    /** The calling contexts of {@code calls}, which must have been {@link #prepare}d: read and checked on first use. */
    @Override
    public synchronized ContextPaths contextPaths() {
        if (contextPaths == null) {
            MappedColumn parents = column(IndexColumn.CONTEXT_PARENT);
            MappedColumn methods = column(IndexColumn.CONTEXT_METHOD_ID);
            try {
                contextPaths = ContextPaths.read(parents, methods, Math.toIntExact(rows(IndexColumn.Table.CONTEXTS)));
            } catch (IndexDamagedException e) {
                throw new DamagedTableException(IndexColumn.Table.CALLS,
                        new IndexDamagedException(opened(IndexColumn.Table.CONTEXTS).directory + ": " + e.getMessage()));
            }
        }
        return contextPaths;
    }

    /**
     * Builds {@code damaged}'s table again from events/, in place of the one whose file
     * {@code damage} names, and says so on stderr.
     */
    synchronized void rebuild(DamagedTableException damaged) {
        build(EnumSet.of(damaged.table()));
        sayRebuilt(damaged.damage().getMessage());
    }

    /**
     * Whether every column file mapped is still the one mapped and checked (a stat per file): a
     * file changed on disk since, damaged or replaced, must not be read through this index.
     */
    public synchronized boolean unchangedOnDisk() {
        for (MappedColumn column : columns.values()) {
            if (!column.unchangedOnDisk()) {
                return false;
            }
        }
        for (Map.Entry<IndexColumn.Table, BasicFileAttributes> state : resumeStates.entrySet()) {
            BuiltTable table = tables.get(state.getKey());
            if (table == null || state.getValue() == null
                    || !MappedColumn.unchanged(table.directory.resolve(table.manifest.resumeFile()), state.getValue())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether tables of this recording can be extended: not when it keeps a window, whose oldest
     * log files are deleted as it grows, so that a table's first rows are no longer the log's.
     */
    private boolean extensible() {
        return recording.window().isEmpty() && !Files.isDirectory(RecordingLayout.namesDirectory(recording.directory()));
    }

    /** Opens {@code table} as {@code built}, watching its resume state as it is now. */
    private void keep(IndexColumn.Table table, BuiltTable built) {
        tables.put(table, built);
        resumeStates.put(table, built.resumeState());
    }

    /** Where {@code table} is, which must have been {@link #prepare}d: for tests and messages. */
    public synchronized Path directory(IndexColumn.Table table) {
        return opened(table).directory;
    }

    private BuiltTable opened(IndexColumn.Table table) {
        BuiltTable built = tables.get(table.built());
        if (built == null) {
            throw new IllegalStateException(table.built().fileName + " was not prepared before it was read");
        }
        return built;
    }

    private void sayRebuilt(String damage) {
        System.err.println("profq: rebuilt the index of " + recording.directory() + " from events/: " + damage);
    }

    /**
     * A table found on disk that covers the recording; or one built from fewer of its events, to
     * extend; or why none could be used: damage (said when it is rebuilt), or null when it is
     * absent or stale.
     */
    private record Found(BuiltTable table, BasicFileAttributes resumeState, BuiltTable grown, boolean ahead, String damage) {
    }

    /** {@code table} as built before, in the recording's index or the user's cache: the first that covers the recording as opened. */
    private Found find(IndexColumn.Table table) {
        String damage = null;
        for (Path place : places.searched()) {
            Path directory = place.resolve(table.fileName);
            if (!Files.isDirectory(directory)) {
                continue;
            }
            try {
                Optional<IndexManifest> manifest = Files.isRegularFile(directory.resolve(IndexManifest.FILE))
                        ? IndexManifest.read(directory, table) : Optional.empty();
                if (manifest.isEmpty() && !Files.exists(directory.resolve(IndexManifest.FILE))) {
                    throw new IndexDamagedException(directory.resolve(IndexManifest.FILE) + " is missing");
                }
                Optional<String> mismatch = manifest.flatMap(current -> current.mismatch(recording));
                if (manifest.isPresent() && mismatch.isEmpty()) {
                    // Small: checked here, and watched like a mapped column, so that damage to it is found like a column's.
                    BuiltTable found = new BuiltTable(directory, manifest.get());
                    BasicFileAttributes resumeState = found.resumeState();
                    ResumeState.read(directory, manifest.get());
                    return new Found(found, resumeState, null, false, null);
                }
                if (mismatch.isPresent() && manifest.get().grewSince(recording) && extensible()) {
                    return new Found(null, null, new BuiltTable(directory, manifest.get()), false, null);
                }
                if (mismatch.isPresent() && manifest.get().isAheadOf(recording)) {
                    return new Found(null, null, null, true, null);
                }
                if (mismatch.isPresent() && !manifest.get().grewSince(recording)) {
                    damage = damage == null ? mismatch.get() : damage;
                }
            } catch (IndexDamagedException e) {
                damage = damage == null ? e.getMessage() : damage;
            } catch (IOException | RuntimeException e) {
                damage = damage == null ? e.toString() : damage;
            }
        }
        return new Found(null, null, null, false, damage);
    }

    /**
     * Builds {@code missing} (tables that are {@link IndexColumn.Table#built} alone) in one pass,
     * in the recording's index; where there is no room for them there, in the user's cache, and
     * if not there either, in a temporary directory of this JVM's own.
     */
    private void build(Set<IndexColumn.Table> missing) {
        Map<IndexColumn.Table, BuiltTable> built;
        try {
            built = buildIn(places.inRecording(), missing);
        } catch (IOException noRoomInRecording) {
            if (!IndexPlaces.noRoom(noRoomInRecording)) {
                throw cannotBuild(places.inRecording(), noRoomInRecording);
            }
            String why = IndexPlaces.reason(noRoomInRecording);
            try {
                boolean first = !Files.isDirectory(places.inCache());
                IndexPlaces.createPrivately(places.inCache());
                built = buildIn(places.inCache(), missing);
                if (first) {
                    notices.accept("profq: the index of " + recording.directory() + " cannot be written there (" + why
                            + "): it is kept in " + places.inCache() + " instead, for later queries too");
                }
            } catch (IOException noRoomInCache) {
                if (!IndexPlaces.noRoom(noRoomInCache)) {
                    throw cannotBuild(places.inCache(), noRoomInCache);
                }
                built = buildForThisJvm(missing);
                notices.accept("profq: the index of " + recording.directory() + " cannot be written there (" + why
                        + ") nor in " + places.inCache() + " (" + IndexPlaces.reason(noRoomInCache)
                        + "): it is built for this process alone, in " + built.values().iterator().next().directory.getParent());
            }
        }
        LOG.log(System.Logger.Level.DEBUG, "built {0} of {1}", missing, recording.directory());
        built.forEach(this::keep);
        columns.keySet().removeIf(column -> missing.contains(column.table.built()));
        if (missing.contains(IndexColumn.Table.CALLS)) {
            contextPaths = null;
        }
    }

    private UncheckedIOException cannotBuild(Path place, IOException e) {
        return new UncheckedIOException("cannot build the index of " + recording.directory() + " in " + place + ": "
                + e.getMessage(), e);
    }

    /** Builds {@code missing} under {@code place}: each into a temporary directory there, renamed to its table's name when complete. */
    private Map<IndexColumn.Table, BuiltTable> buildIn(Path place, Set<IndexColumn.Table> missing) throws IOException {
        Files.createDirectories(place);
        IndexDirectories.removeOlderLayout(place);
        Map<IndexColumn.Table, Path> building = new EnumMap<>(IndexColumn.Table.class);
        try {
            for (IndexColumn.Table table : missing) {
                building.put(table, Files.createTempDirectory(place, table.fileName + ".building-"));
            }
            Map<IndexColumn.Table, IndexManifest> manifests = IndexBuilder.build(recording, building);
            Map<IndexColumn.Table, BuiltTable> built = new EnumMap<>(IndexColumn.Table.class);
            for (IndexColumn.Table table : missing) {
                Path directory = place.resolve(table.fileName);
                IndexDirectories.moveIntoPlace(building.get(table), directory);
                built.put(table, new BuiltTable(directory, manifests.get(table)));
            }
            return built;
        } finally {
            for (Path directory : building.values()) {
                IndexDirectories.deleteTree(directory);
            }
        }
    }

    /** Builds {@code missing} in a temporary directory that this JVM deletes when it exits. */
    private Map<IndexColumn.Table, BuiltTable> buildForThisJvm(Set<IndexColumn.Table> missing) {
        try {
            Path place = Files.createTempDirectory("profq-" + DIRECTORY + "-");
            IndexDirectories.deleteOnExit(place);
            return buildIn(place, missing);
        } catch (IOException e) {
            throw cannotBuild(Path.of(System.getProperty("java.io.tmpdir")), e);
        }
    }
}
