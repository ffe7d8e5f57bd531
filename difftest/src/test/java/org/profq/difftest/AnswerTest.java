package org.profq.difftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The normalisation that makes two engines' right answers equal, and no more. */
class AnswerTest {
    private static Answer rows(List<?>... rows) {
        return Answer.ofRows(Arrays.stream(rows).map(row -> (List<Object>) List.copyOf(row.stream().map(v -> (Object) v).toList())).toList());
    }

    @Test
    void integersOfEveryTypeAndIntegralDoublesAreEqual() {
        assertTrue(rows(List.of(3L)).sameAs(rows(List.of(new BigInteger("3"))), true));
        assertTrue(rows(List.of(3)).sameAs(rows(List.of(3.0d)), true));
        assertFalse(rows(List.of(3L)).sameAs(rows(List.of(4L)), true));
    }

    @Test
    void floatsAreEqualWithinARelativeBillionthAndNoFurther() {
        assertTrue(rows(List.of(0.1 + 0.2)).sameAs(rows(List.of(0.3)), true));
        assertFalse(rows(List.of(0.3)).sameAs(rows(List.of(0.3000001)), true));
    }

    @Test
    void rowsCompareAsMultisetsUnlessOrdered() {
        Answer ab = rows(List.of(1L, "a"), List.of(2L, "b"));
        Answer ba = rows(List.of(2L, "b"), List.of(1L, "a"));
        assertTrue(ab.sameAs(ba, false));
        assertFalse(ab.sameAs(ba, true));
        assertFalse(rows(List.of(1L), List.of(1L)).sameAs(rows(List.of(1L)), false), "a duplicate row counts");
    }

    @Test
    void nullEqualsNullOnly() {
        Answer nulls = Answer.ofRows(List.of(Arrays.asList((Object) null)));
        assertTrue(nulls.sameAs(Answer.ofRows(List.of(Arrays.asList((Object) null))), true));
        assertFalse(nulls.sameAs(rows(List.of(0L)), true));
    }

    @Test
    void aRowIsWrittenAndReadBackForTheRegressionFile() {
        List<Object> row = Arrays.asList(new BigDecimal("12"), null, "it's | here", true, new BigDecimal("0.25"));
        assertEquals("12 | NULL | 'it''s | here' | true | 0.25", Rows.format(row));
        assertEquals(row, Rows.parse(Rows.format(row)));
    }
}
