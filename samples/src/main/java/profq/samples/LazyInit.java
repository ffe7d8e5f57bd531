package profq.samples;

/**
 * Lag: {@code prepare} creates 100 {@code Config}s (and the array holding them) long before
 * they are needed; {@code main} waits 300 ms, {@code useAll} reads each one's {@code value}
 * once, then the array is dropped and a full collection runs. Each Config lives about 300 ms
 * before its only use and dies soon after it; the array is never used (array elements are
 * not join points), so all of its life is lag.
 */
public final class LazyInit {
    public static void main(String[] args) throws InterruptedException {
        Config[] configs = prepare(100);
        Thread.sleep(300);
        long sum = useAll(configs);
        configs = null;
        System.gc();
        Thread.sleep(300); // the recorder's reaper sees the deaths
        System.out.println("sum " + sum);
    }

    static Config[] prepare(int count) {
        Config[] configs = new Config[count];
        for (int i = 0; i < count; i++) {
            configs[i] = new Config(i);
        }
        return configs;
    }

    static long useAll(Config[] configs) {
        long sum = 0;
        for (Config config : configs) {
            sum += config.value;
        }
        return sum;
    }

    static final class Config {
        final int value;

        Config(int value) {
            this.value = value;
        }
    }
}
