package profq.samples;

/**
 * Abrupt end from another thread: main starts a worker and waits in {@code spin}; the worker
 * calls {@code quit}, which calls {@code System.exit(4)} while main is still inside spin().
 */
public final class ExitFromWorker {
    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(ExitFromWorker::quit, "quitter");
        worker.start();
        spin();
    }

    static void spin() throws InterruptedException {
        while (true) {
            Thread.sleep(10);
        }
    }

    static void quit() {
        System.out.println("quitting");
        System.exit(4);
    }
}
