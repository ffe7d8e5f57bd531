package profq.samples;

import java.util.HashSet;
import java.util.Set;

/**
 * The djprof paper's §5 trap: {@code Key.hashCode()} reads {@code Key}'s public field. A
 * profiler that finds an object's tracking state through the object's own {@code hashCode}
 * recurses forever here (the field read is a use, whose advice asks for the hash, which reads
 * the field...).
 *
 * <p>Ten Keys go into a set; then a new Key equal to each is looked up. Per lookup: the
 * stored Key's {@code id} is read twice (its hashCode when added, the probe's equals), the
 * probe's twice (its hashCode, its equals): 40 reads of {@code id} in all. The set itself
 * gets 10 {@code add} and 10 {@code contains} calls. Constructors' writes are not uses.
 */
public final class HashCodeTrap {
    public static void main(String[] args) {
        Set<Key> keys = new HashSet<>();
        for (int i = 0; i < 10; i++) {
            keys.add(new Key(i));
        }
        int found = 0;
        for (int i = 0; i < 10; i++) {
            if (keys.contains(new Key(i))) {
                found++;
            }
        }
        System.out.println("found " + found);
    }

    static final class Key {
        public int id;

        Key(int id) {
            this.id = id;
        }

        @Override
        public int hashCode() {
            return id;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.id == id;
        }
    }
}
