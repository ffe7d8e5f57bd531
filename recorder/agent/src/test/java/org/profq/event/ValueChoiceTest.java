package org.profq.event;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** The glob syntax of values=: {@code *} is any run of characters, dots included; {@code $} and {@code .} are alike. */
class ValueChoiceTest {
    @Test
    void aStarIsAnyRunOfCharacters() {
        List<Pattern> patterns = List.of(ValueChoice.regex("*Calc.square"), ValueChoice.regex("org.h2.command.*.update*"));

        assertTrue(ValueChoice.matches(patterns, "profq.samples.ValueCalc.square"));
        assertTrue(ValueChoice.matches(patterns, "Calc.square"));
        assertTrue(ValueChoice.matches(patterns, "org.h2.command.dml.Update.update"));
        assertTrue(ValueChoice.matches(patterns, "org.h2.command.Command.updateRows"));
        assertFalse(ValueChoice.matches(patterns, "profq.samples.ValueCalc.squareRoot"));
        assertFalse(ValueChoice.matches(patterns, "org.h2.command.Command.query"));
        assertFalse(ValueChoice.matches(patterns, "org.h2.engine.Session.update"));
    }

    @Test
    void nestedClassesMatchWithDotOrDollar() {
        assertTrue(ValueChoice.matches(List.of(ValueChoice.regex("a.Outer$Inner.run")), "a.Outer.Inner.run"));
        assertTrue(ValueChoice.matches(List.of(ValueChoice.regex("a.Outer.Inner.*")), "a.Outer.Inner.<init>"));
        assertFalse(ValueChoice.matches(List.of(ValueChoice.regex("a.Outer.run")), "a.OuterXrun"), "a dot is literal");
    }
}
