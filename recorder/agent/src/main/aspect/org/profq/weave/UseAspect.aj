package org.profq.weave;

import org.profq.event.Recorder;

/**
 * Uses of objects from woven code: reads and writes of their instance fields and calls of
 * their instance methods. Every such join point asks the recorder whether its object is
 * tracked (a constant-time identity look-up); only uses of tracked objects are recorded.
 * An object is tracked from the moment its constructor returned, so the constructor's own
 * field writes are its initialisation, not uses.
 */
public aspect UseAspect {
    before(Object used): get(!static * *) && target(used) && !within(org.profq..*) {
        Recorder.get(used, thisJoinPointStaticPart);
    }

    before(Object used): set(!static * *) && target(used) && !within(org.profq..*) {
        Recorder.set(used, thisJoinPointStaticPart);
    }

    before(Object used): call(!static * *(..)) && target(used) && !within(org.profq..*) {
        Recorder.call(used, thisJoinPointStaticPart);
    }
}
