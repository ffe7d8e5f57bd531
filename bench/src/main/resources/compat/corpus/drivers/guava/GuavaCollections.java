package profq.corpus;

import com.google.common.base.Joiner;
import com.google.common.base.Splitter;
import com.google.common.cache.CacheBuilder;
import com.google.common.cache.CacheLoader;
import com.google.common.cache.LoadingCache;
import com.google.common.collect.ImmutableSortedMultiset;
import com.google.common.collect.Multiset;
import com.google.common.collect.TreeMultimap;
import com.google.common.hash.Hashing;
import java.nio.charset.StandardCharsets;

/** Guava: multisets, multimaps, a loading cache, splitters and joiners, hashing. */
public final class GuavaCollections {
    public static void main(String[] args) throws Exception {
        String text = "the quick brown fox jumps over the lazy dog and the quick cat";
        Multiset<String> words = ImmutableSortedMultiset.copyOf(Splitter.on(' ').split(text));
        System.out.println(words);
        TreeMultimap<Integer, String> byLength = TreeMultimap.create();
        words.elementSet().forEach(w -> byLength.put(w.length(), w));
        System.out.println(byLength);
        LoadingCache<Integer, Long> squares = CacheBuilder.newBuilder().maximumSize(10)
                .build(CacheLoader.from(i -> (long) i * i));
        long sum = 0;
        for (int i = 0; i < 100; i++) {
            sum += squares.get(i % 20);
        }
        System.out.println("cached squares " + sum);
        System.out.println(Joiner.on('|').join(Hashing.sha256().hashString(text, StandardCharsets.UTF_8).toString().substring(0, 16),
                Hashing.murmur3_32_fixed().hashInt(42)));
    }
}
