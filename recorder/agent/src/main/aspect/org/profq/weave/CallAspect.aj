package org.profq.weave;

import org.profq.event.Recorder;

/**
 * Calls: entry and exit of every method and constructor execution in woven classes.
 * Before/after advice only (no around, so no closures); each exit says whether the call
 * returned or threw.
 */
public aspect CallAspect {
    pointcut executions(): (execution(* *(..)) || execution(new(..))) && !within(org.profq..*);

    before(): executions() {
        Recorder.enter(thisJoinPointStaticPart);
    }

    after() returning: executions() {
        Recorder.exit();
    }

    after() throwing: executions() {
        Recorder.exitByThrow();
    }
}
