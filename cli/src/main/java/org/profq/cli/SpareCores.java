package org.profq.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * How many of the machine's cores the other processes left idle since the last look, from
 * Linux's CPU accounting: the idle time of {@code /proc/stat}, plus what this process used
 * itself (its own indexing must not count as the program's load), over the time that passed.
 * The indexer that runs while a program records asks it before each extension, so that it takes
 * only cores the program does not use: at nice 19 alone it still took enough of a busy program's
 * second core (and of its caches) to slow the program by 7–18 %.
 */
final class SpareCores {
    /** Jiffies of all cores, of their idle time, and of this process's CPU time, at one look. */
    record Sample(long total, long idle, long own) {
    }

    private final int cores;
    private Sample last;

    private SpareCores(int cores, Sample first) {
        this.cores = cores;
        this.last = first;
    }

    /** Starts counting now; empty where {@code /proc} cannot be read (not Linux), where nothing can be told. */
    static Optional<SpareCores> startCounting() {
        Sample first = sample();
        return first == null ? Optional.empty()
                : Optional.of(new SpareCores(Runtime.getRuntime().availableProcessors(), first));
    }

    /** The cores the other processes left idle, on average, since the last call (or the start). */
    double sinceLastLook() {
        Sample now = sample();
        if (now == null) {
            return cores; // /proc went away: nothing to hold the indexer back with
        }
        double spare = spare(last, now, cores);
        last = now;
        return spare;
    }

    /** The cores left idle between two samples, the own process's time counted as idle; all of them if no time passed. */
    static double spare(Sample before, Sample after, int cores) {
        long total = after.total - before.total;
        if (total <= 0) {
            return cores;
        }
        long idle = (after.idle - before.idle) + (after.own - before.own);
        return Math.max(0, Math.min(cores, (double) idle * cores / total));
    }

    private static Sample sample() {
        try {
            return parse(Files.readString(Path.of("/proc/stat")), Files.readString(Path.of("/proc/self/stat")));
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }

    /**
     * A sample from the text of {@code /proc/stat} (its first line: {@code cpu user nice system
     * idle iowait irq softirq steal ...}) and of {@code /proc/self/stat} (its 14th and 15th
     * fields, user and system time; the 2nd, the command, is in brackets and may hold spaces).
     */
    static Sample parse(String procStat, String selfStat) {
        String[] cpu = procStat.substring(0, procStat.indexOf('\n')).trim().split("\\s+");
        if (!cpu[0].equals("cpu")) {
            throw new IllegalArgumentException("not /proc/stat: " + cpu[0]);
        }
        long total = 0;
        for (int field = 1; field <= Math.min(8, cpu.length - 1); field++) { // guest time is in user time already
            total += Long.parseLong(cpu[field]);
        }
        long idle = Long.parseLong(cpu[4]) + Long.parseLong(cpu[5]);
        String[] self = selfStat.substring(selfStat.lastIndexOf(')') + 2).trim().split("\\s+");
        long own = Long.parseLong(self[11]) + Long.parseLong(self[12]); // fields 14 and 15, counted from the state (3rd)
        return new Sample(total, idle, own);
    }
}
