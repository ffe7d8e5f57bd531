package org.profq.weave;

import org.profq.event.Recorder;

/**
 * Exceptions: each one thrown in woven code, recorded where it is first seen (thrown out of a
 * method, or caught in the method that threw it), with that line. Its own event comes before
 * the call's exit-by-throw: CallAspect has precedence, so its after advice runs last.
 */
public aspect ExceptionAspect {
    declare precedence: CallAspect, ExceptionAspect;

    after() throwing(Throwable thrown): (execution(* *(..)) || execution(new(..))) && !within(org.profq..*) {
        Recorder.exception(thrown, thisJoinPointStaticPart);
    }

    before(Throwable caught): handler(*) && args(caught) && !within(org.profq..*) {
        Recorder.exception(caught, thisEnclosingJoinPointStaticPart);
    }
}
