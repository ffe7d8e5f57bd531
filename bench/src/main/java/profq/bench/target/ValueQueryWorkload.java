package profq.bench.target;

/**
 * The program whose recording the value_profile query benchmark queries: with
 * {@code values=profq.bench.target.ValueQueryWorkload.*}, {@code rounds} rounds of 5 calls with
 * 10 parameters in all, so 10 M parameters for 1 M rounds: {@code price} (two ints, skewed:
 * a few items are most of the calls) twice, {@code describe} (an Item from a pool of 1,000,
 * one of which is changed every 100 rounds, and a flag), {@code format} (a string from 50 and a width)
 * and {@code lookup} (a key from 100 and a sequence number that always differs, so dropped).
 */
public final class ValueQueryWorkload {
    /** A mutable object: its writes make MT+R tell its calls apart. */
    public static final class Item {
        int stock;
        final String name;

        Item(String name) {
            this.name = name;
        }
    }

    /** Parameters recorded per round: two per call. */
    public static final int PARAMETERS_PER_ROUND = 10;

    public static void main(String[] args) {
        long rounds = Long.parseLong(args[0]);
        Item[] items = new Item[1_000];
        for (int i = 0; i < items.length; i++) {
            items[i] = new Item("item" + i);
        }
        String[] names = new String[100];
        for (int i = 0; i < names.length; i++) {
            names[i] = "name" + i;
        }
        long checksum = 0;
        for (long round = 0; round < rounds; round++) {
            int skewed = (int) ((round * round) % 97 % 20);
            checksum += price(skewed, 1 + (int) (round % 3));
            checksum += price((int) (round % 500), 2);
            Item item = items[(int) (round * 7 % items.length)];
            checksum += describe(item, round % 4 == 0);
            if (round % 100 == 0) {
                items[(int) (round / 100 % items.length)].stock++;
            }
            checksum += format(names[(int) (round % 50)], 8 + (int) (round % 2));
            checksum += lookup(names[(int) (round % names.length)], round);
        }
        System.out.println("checksum " + checksum);
    }

    static int price(int item, int quantity) {
        return item * 3 + quantity;
    }

    static int describe(Item item, boolean verbose) {
        return item.stock + (verbose ? item.name.length() : 0);
    }

    static int format(String name, int width) {
        return name.length() + width;
    }

    static int lookup(String key, long sequence) {
        return key.length() + (int) (sequence & 1);
    }

    private ValueQueryWorkload() {
    }
}
