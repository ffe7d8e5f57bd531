package org.profq.event;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;

import org.aspectj.lang.JoinPoint;

/**
 * What the overhead calibration measures in place: the same loop of calls of a trivial method
 * twice, {@code woven} by profq's aspects as a program class is and {@code unwoven} (where the
 * JIT inlines the callee, as in the program unprofiled); {@code applyAsLong(n)} makes n calls.
 */
public record CallSitesInPlace(LongUnaryOperator woven, LongUnaryOperator unwoven) {

    /** Makes them (org.profq.weave); throws with the reason when it cannot. */
    public interface Maker {
        /**
         * {@code beforeFirstCall} gets the woven class's join points before any of its advice runs,
         * so that the dictionary knows them without naming them in the recording (their events are dropped).
         */
        CallSitesInPlace make(Consumer<List<JoinPoint.StaticPart>> beforeFirstCall) throws Exception;
    }
}
