package profq.samples;

/**
 * Abrupt end from another thread: main starts a worker and waits in {@code spin}; the worker
 * calls {@code quit}, which calls {@code System.exit(4)} once main is inside spin() (however
 * late a loaded machine schedules main).
 */
public final class ExitFromWorker {
    private static volatile boolean spinning;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(ExitFromWorker::quit, "quitter");
        worker.start();
        spin();
    }

    static void spin() throws InterruptedException {
        spinning = true;
        while (true) {
            Thread.sleep(10);
        }
    }

    static void quit() {
        while (!spinning) {
            Thread.onSpinWait();
        }
        System.out.println("quitting");
        System.exit(4);
    }
}
