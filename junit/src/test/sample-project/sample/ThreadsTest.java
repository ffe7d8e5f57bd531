package sample;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.profq.junit.Profq;
import org.profq.junit.TestProfile;

/** Tests whose parsing runs on threads they start: counted with the test's thread, unless still running when the test ends. */
@Profq
class ThreadsTest {
    /** A worker parses three words and starts a second worker that parses two: five words, two lists and five builders. */
    @Test
    void countsTheThreadsItStartsAndThoseTheyStart(TestProfile profile) throws InterruptedException {
        Thread worker = new Thread(() -> {
            new Parser().parse("a bb ccc");
            Thread second = new Thread(() -> new Parser().parse("dddd eeeee"));
            second.start();
            join(second);
        });
        worker.start();
        worker.join();
        profile.callsOf("sample.Parser.word(*)").isEqualTo(5);
        profile.allocationsAt("sample.Parser.*").isEqualTo(7);
    }

    /** A thread that parses, then waits for work that never comes (as a pool's does): not the test's to count. */
    @Test
    void leavesOutAThreadStillRunningWhenItEnds(TestProfile profile) throws InterruptedException {
        CountDownLatch parsed = new CountDownLatch(1);
        Thread pool = new Thread(() -> {
            new Parser().parse("a bb ccc");
            parsed.countDown();
            while (true) {
                LockSupport.park();
            }
        });
        pool.setDaemon(true);
        pool.start();
        parsed.await();
        profile.callsOf("sample.Parser.word(*)").isZero();
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
