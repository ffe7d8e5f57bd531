package org.profq.weave;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * What the weaver weaves in, and where: the agent's options as the weaver needs them.
 *
 * @param aspects the aspects to weave, one per event family that has its own advice
 * @param include AspectJ type patterns of the classes to weave (empty: every class)
 * @param exclude AspectJ type patterns of classes never to weave
 * @param cache where woven classes are kept between runs ({@link WovenClassCache}); null for none
 */
public record WeavingOptions(Set<Aspect> aspects, List<String> include, List<String> exclude, Path cache) {

    /** profq's aspects. Deaths have none of their own: the allocation advice tracks objects. */
    public enum Aspect {
        CALLS("CallAspect"),
        ALLOCATIONS("AllocationAspect"),
        USES("UseAspect"),
        EXCEPTIONS("ExceptionAspect"),
        /** Value profiles: the chosen methods' parameters, field writes, the chosen calls' field reads. */
        VALUES("ValueAspect");

        private final String simpleName;

        Aspect(String simpleName) {
            this.simpleName = simpleName;
        }

        String className() {
            return Aspect.class.getPackageName() + "." + simpleName;
        }
    }
}
