package profq.samples;

/**
 * Allocations whose order of first appearance is the reverse of their weight: {@code light()}
 * runs first and makes 10 {@code Object}s (16 bytes each), {@code heavy()} then makes 100
 * {@code byte[1000]} (1,016 bytes each). Ids (methods, sites, classes) follow first appearance,
 * so a profile listed by id and one listed by bytes differ.
 */
public final class LateHeavyAllocations {
    static final int LIGHT_OBJECTS = 10;
    static final int HEAVY_ARRAYS = 100;

    public static void main(String[] args) {
        System.out.println("checksum " + (light() + heavy()));
    }

    static long light() {
        long checksum = 0;
        for (int i = 0; i < LIGHT_OBJECTS; i++) {
            checksum += new Object().hashCode() & 1;
        }
        return checksum;
    }

    static long heavy() {
        long checksum = 0;
        for (int i = 0; i < HEAVY_ARRAYS; i++) {
            byte[] bytes = new byte[1000];
            bytes[i] = (byte) i;
            checksum += bytes[i];
        }
        return checksum;
    }
}
