package org.profq.engine.value;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The sorts of parallel arrays keep each entry's payload with its keys. */
class SortingTest {
    @Test
    void sortsByFieldThenSequenceWithTheValuesAlong() {
        Random random = new Random(17);
        for (int size : new int[] {0, 1, 5, 16, 17, 1000}) {
            int[] field = new int[size];
            long[] seq = new long[size];
            int[] value = new int[size];
            for (int i = 0; i < size; i++) {
                field[i] = random.nextInt(5);
                seq[i] = random.nextInt(1_000_000);
                value[i] = (int) (field[i] * 7 + seq[i]); // a function of the keys: it must travel with them
            }
            Integer[] expected = new Integer[size];
            Arrays.setAll(expected, i -> i);
            Arrays.sort(expected, Comparator.<Integer>comparingInt(i -> field[i]).thenComparingLong(i -> seq[i]));
            int[] expectedFields = Arrays.stream(expected).mapToInt(i -> field[i]).toArray();
            long[] expectedSeqs = Arrays.stream(expected).mapToLong(i -> seq[i]).toArray();
            Sorting.byFieldAndSeq(field, seq, value, 0, size);
            assertArrayEquals(expectedFields, field);
            assertArrayEquals(expectedSeqs, seq);
            for (int i = 0; i < size; i++) {
                assertTrue(value[i] == (int) (field[i] * 7 + seq[i]), "entry " + i);
            }
        }
    }

    @Test
    void sortsWritesBySequence() {
        long[] seq = {5, 3, 9, 1};
        int[] object = {50, 30, 90, 10};
        int[] field = {55, 33, 99, 11};
        Sorting.bySeq(seq, object, field);
        assertArrayEquals(new long[] {1, 3, 5, 9}, seq);
        assertArrayEquals(new int[] {10, 30, 50, 90}, object);
        assertArrayEquals(new int[] {11, 33, 55, 99}, field);
    }
}
