package profq.corpus;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.commons.collections.Bag;
import org.apache.commons.collections.BidiMap;
import org.apache.commons.collections.CollectionUtils;
import org.apache.commons.collections.Predicate;
import org.apache.commons.collections.Transformer;
import org.apache.commons.collections.bag.TreeBag;
import org.apache.commons.collections.bidimap.TreeBidiMap;
import org.apache.commons.collections.map.LRUMap;

/** commons-collections 3 (Java 1.3 class files): bags, bidi maps, an LRU map, predicates and transformers. */
public final class Collections3 {
    public static void main(String[] args) {
        Bag bag = new TreeBag();
        for (int i = 0; i < 1000; i++) {
            bag.add("w" + (i * 7 % 13));
        }
        System.out.println("bag w3: " + bag.getCount("w3") + ", unique " + bag.uniqueSet().size());
        BidiMap bidi = new TreeBidiMap();
        for (int i = 0; i < 20; i++) {
            bidi.put("k" + i, "v" + (i * 3));
        }
        System.out.println("bidi v9 -> " + bidi.getKey("v9") + ", inverse size " + bidi.inverseBidiMap().size());
        LRUMap lru = new LRUMap(5);
        for (int i = 0; i < 12; i++) {
            lru.put("k" + i, Integer.valueOf(i));
            lru.get("k2");
        }
        System.out.println("lru " + lru.keySet());
        List<Integer> numbers = new ArrayList<>(Arrays.asList(3, 8, 12, 5, 20, 7, 14));
        CollectionUtils.filter(numbers, new Predicate() {
            public boolean evaluate(Object o) { return ((Integer) o) % 2 == 0; }
        });
        CollectionUtils.transform(numbers, new Transformer() {
            public Object transform(Object o) { return "n" + o; }
        });
        System.out.println("even, transformed: " + numbers);
    }
}
