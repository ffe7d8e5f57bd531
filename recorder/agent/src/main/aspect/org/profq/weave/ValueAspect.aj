package org.profq.weave;

import org.profq.event.Recorder;
import org.profq.event.ValueChoice;

/**
 * Value profiles ({@code values=}): the parameters of the chosen methods' calls, the field writes
 * that make their objects' stamps, and the fields the chosen calls read (their reference field
 * sets). Woven only when {@code values=} is given.
 *
 * <p>Every execution is a candidate; {@link ValueChoice} decides once per join point whether its
 * method matches a pattern. The decision is an {@code if()} on the static part, which AspectJ
 * tests before it builds {@code thisJoinPoint} and boxes the arguments, so a method that is not
 * chosen costs one look-up and makes no object. Field writes need no join point object: the
 * written value is bound only for reference fields (a primitive's would be boxed), and reads are
 * looked at only while some thread runs a chosen call. CallAspect has precedence: a chosen call's
 * entry is recorded before its parameters, and its exit after this aspect's after advice.
 */
public aspect ValueAspect {
    declare precedence: CallAspect, ValueAspect;

    pointcut executions(): (execution(* *(..)) || execution(new(..))) && !within(org.profq..*);

    before(): executions() && if(ValueChoice.isChosen(thisJoinPointStaticPart)) {
        Recorder.values(thisJoinPoint);
    }

    after(): executions() && if(ValueChoice.isChosen(thisJoinPointStaticPart)) {
        Recorder.valuesEnd();
    }

    before(Object target): set(!static (boolean || byte || char || short || int || long || float || double) *)
            && target(target) && !within(org.profq..*) {
        Recorder.fieldWrite(target, null, thisJoinPointStaticPart);
    }

    before(Object target, Object value): set(!static !(boolean || byte || char || short || int || long || float || double) *)
            && target(target) && args(value) && !within(org.profq..*) {
        Recorder.fieldWrite(target, value, thisJoinPointStaticPart);
    }

    before(): get(!static * *) && !within(org.profq..*) && if(Recorder.valueCallsRunning()) {
        Recorder.fieldRead(thisJoinPointStaticPart);
    }
}
