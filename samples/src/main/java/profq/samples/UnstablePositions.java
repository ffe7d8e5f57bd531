package profq.samples;

/**
 * The paper's {@code CP.addMRef}: its last two parameters always differ (a new descriptor and
 * slot each time), the first two repeat. 13 calls: (Owner, run) 7 times, (Other, call) 5 times,
 * (Third, stop) once. Counted on all four positions every call is different; without the last
 * two, three tuples remain, of 7, 5 and 1 calls.
 */
public final class UnstablePositions {
    public static void main(String[] args) {
        int slots = 0;
        for (int i = 0; i < 13; i++) {
            String owner = i < 7 ? "Owner" : i < 12 ? "Other" : "Third";
            String name = i < 7 ? "run" : i < 12 ? "call" : "stop";
            slots += addMethodRef(owner, name, "(I)V" + i, i);
        }
        System.out.println("slots " + slots);
    }

    static int addMethodRef(String owner, String name, String descriptor, int slot) {
        return owner.length() + name.length() + descriptor.length() + slot;
    }
}
