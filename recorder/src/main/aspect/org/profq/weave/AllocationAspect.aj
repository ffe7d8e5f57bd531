package org.profq.weave;

import org.profq.event.Recorder;

/**
 * Allocations: every {@code new} of an object and every array creation in woven code,
 * charged to the site (enclosing method and line) that executed it. Array creations need the
 * weaver option {@code -Xjoinpoints:arrayconstruction}; {@code new long[3][4]} is one join
 * point, so one event.
 */
public aspect AllocationAspect {
    after() returning(Object created): call(*.new(..)) && !within(org.profq..*) {
        Recorder.allocation(created, thisJoinPointStaticPart, thisEnclosingJoinPointStaticPart);
    }

    after() returning(Object array): call(*[].new(..)) && !within(org.profq..*) {
        Recorder.arrayAllocation(array, thisJoinPointStaticPart, thisEnclosingJoinPointStaticPart);
    }
}
