package org.profq.weave;

import org.profq.event.Recorder;

/**
 * Allocations: every {@code new} of an object or array in woven code, charged to the site
 * (enclosing method and line) that executed it. With the weaver option
 * {@code -Xjoinpoints:arrayconstruction}, {@code call(*.new(..))} also matches array creations
 * of every dimension ({@code *[]} would miss {@code long[][]}), and {@code new long[3][4]} is a
 * single join point: one advice, one event per creation.
 */
public aspect AllocationAspect {
    after() returning(Object created): call(*.new(..)) && !within(org.profq..*) {
        Recorder.allocation(created, thisJoinPointStaticPart, thisEnclosingJoinPointStaticPart);
    }
}
