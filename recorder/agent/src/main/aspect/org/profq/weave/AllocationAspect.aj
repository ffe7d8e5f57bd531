package org.profq.weave;

import org.profq.event.Recorder;

/**
 * Allocations: every {@code new} of an object or array in woven code, charged to the site
 * (enclosing method and line) that executed it. With the weaver option
 * {@code -Xjoinpoints:arrayconstruction}, {@code call(*.new(..))} also matches array creations
 * of every dimension ({@code *[]} would miss {@code long[][]}), and {@code new long[3][4]} is a
 * single join point: one advice, one event per creation.
 *
 * <p>An array's {@code clone()} makes an array too, with no {@code new}: a call join point on
 * the array's type. {@code *[]} matches one dimension only, hence a pattern per dimension (an
 * array of four dimensions or more cloned is missed), and a lone {@code *} only the primitive
 * types and those of {@code java.lang} and the default package, hence {@code *..*} beside it.
 * An object's {@code clone()} is left out: the copy is made by {@code Object.clone()} in a super
 * call, which is no join point, or by a {@code new} that is already recorded.
 */
public aspect AllocationAspect {
    after() returning(Object created): call(*.new(..)) && !within(org.profq..*) {
        Recorder.allocation(created, thisJoinPointStaticPart, thisEnclosingJoinPointStaticPart);
    }

    after() returning(Object copy): call(Object (*[] || *..*[] || *[][] || *..*[][] || *[][][] || *..*[][][]).clone()) && !within(org.profq..*) {
        Recorder.arrayCopy(copy, thisJoinPointStaticPart, thisEnclosingJoinPointStaticPart);
    }
}
