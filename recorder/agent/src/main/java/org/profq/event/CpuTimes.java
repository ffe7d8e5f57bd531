package org.profq.event;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * Reads each recording thread's CPU time on the clock thread, every {@link #PERIOD_NANOS}, and
 * hands what it used since the last reading to its {@link ThreadRecorder}, whose next event
 * charges it to the call that was open ({@code EV_CPU}). A call's CPU time is therefore known to
 * about one period at each of its ends; what it did not spend on a CPU it spent waiting (blocked,
 * sleeping, parked, or not scheduled).
 *
 * <p>A reading is one {@code ThreadMXBean.getThreadCpuTime} per live thread (its cost is measured
 * by the calibration and kept in the recording): per call it would cost far more than the call,
 * per period it costs the clock thread, not the program's threads. The first reading of a thread is
 * its baseline: CPU time it used before (the JVM's start, for the main thread) is not charged.
 */
final class CpuTimes {
    /** How often the threads' CPU times are read. */
    static final long PERIOD_NANOS = 1_000_000;
    private final ThreadMXBean threads;
    private long lastReadNanos;

    private CpuTimes(ThreadMXBean threads) {
        this.threads = threads;
    }

    /** The reader, or null where the JVM cannot tell a thread's CPU time: then no {@code EV_CPU} is written. */
    static CpuTimes open() {
        try {
            ThreadMXBean bean = ManagementFactory.getThreadMXBean();
            if (!bean.isThreadCpuTimeSupported()) {
                return null;
            }
            if (!bean.isThreadCpuTimeEnabled()) {
                return null; // the program turned it off: not ours to turn on
            }
            return new CpuTimes(bean);
        } catch (Throwable unavailable) { // e.g. a runtime image without java.management
            return null;
        }
    }

    /** On the clock thread, every tick: reads the threads' CPU times once a period has passed since the last reading. */
    void readIfDue(long nowNanos, List<ThreadRecorder> live) {
        if (nowNanos - lastReadNanos < PERIOD_NANOS) {
            return;
        }
        lastReadNanos = nowNanos;
        for (ThreadRecorder recorder : live) {
            long cpu = read(recorder.thread);
            if (cpu < 0) {
                continue; // ended, or a virtual thread
            }
            if (recorder.cpuReadNanos == 0) {
                recorder.cpuReadNanos = cpu; // the baseline
            } else if (cpu > recorder.cpuReadNanos) {
                recorder.addCpu(cpu - recorder.cpuReadNanos);
                recorder.cpuReadNanos = cpu;
            }
        }
    }

    /** The current thread's CPU time in ns: cheaper than {@link #read}, which looks the thread up. */
    long currentThread() {
        return threads.getCurrentThreadCpuTime();
    }

    /** The CPU time of {@code thread} in ns, or -1 when it has ended or cannot be told. */
    @SuppressWarnings("deprecation") // Thread.getId: threadId() is Java 19+, and the agent runs on 17
    long read(Thread thread) {
        return threads.getThreadCpuTime(thread.getId());
    }
}
