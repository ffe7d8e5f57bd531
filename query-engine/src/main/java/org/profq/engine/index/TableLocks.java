package org.profq.engine.index;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The locks that let one writer at a time extend a table in place: a lock on the file
 * {@code extend.lock} in the table's directory (between processes: {@code profq record}'s
 * background indexer and a query, say) and, since a JVM holds a file lock once, a lock per
 * directory within the JVM. Tables are locked in the order of their paths, so two writers
 * never wait for each other. Readers take no lock: they read what a manifest describes, and an
 * extension changes no byte of that.
 */
final class TableLocks implements AutoCloseable {
    static final String FILE = "extend.lock";
    private static final Map<Path, ReentrantLock> IN_THIS_JVM = new ConcurrentHashMap<>();

    private final List<ReentrantLock> held = new ArrayList<>();
    private final List<FileChannel> files = new ArrayList<>();

    private TableLocks() {
    }

    /** Waits until every table in {@code directories} is this thread's to extend. */
    static TableLocks lock(List<Path> directories) throws IOException {
        TableLocks locks = new TableLocks();
        try {
            for (Path directory : directories.stream().map(Path::toAbsolutePath).sorted().toList()) {
                ReentrantLock lock = IN_THIS_JVM.computeIfAbsent(directory, path -> new ReentrantLock());
                lock.lock();
                locks.held.add(lock);
                FileChannel file = FileChannel.open(directory.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                locks.files.add(file);
                FileLock ignored = file.lock(); // released when the channel closes
            }
            return locks;
        } catch (IOException | RuntimeException e) {
            locks.close();
            throw e;
        }
    }

    @Override
    public void close() {
        for (FileChannel file : files) {
            try {
                file.close();
            } catch (IOException ignored) {
                // closing releases the lock; nothing was written
            }
        }
        held.forEach(ReentrantLock::unlock);
    }
}
