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
 * @param userAspects the user's own aspects ({@code aspects=JAR}), woven after profq's
 */
public record WeavingOptions(Set<Aspect> aspects, List<String> include, List<String> exclude, Path cache,
                             UserAspects userAspects) {

    public WeavingOptions(Set<Aspect> aspects, List<String> include, List<String> exclude, Path cache) {
        this(aspects, include, exclude, cache, UserAspects.NONE);
    }

    /** These options with the user's aspects replaced by {@code kept}. */
    public WeavingOptions withUserAspects(UserAspects kept) {
        return kept == userAspects ? this : new WeavingOptions(aspects, include, exclude, cache, kept);
    }

    /**
     * Whether the patterns take in the class named {@code className} ({@code Class.getName()}):
     * {@code *} is any run of characters but a dot, {@code ..} any run of packages, a nested class
     * may be written with {@code .} or {@code $}; a {@code +} (subtypes) is read as the type alone.
     * Used to name the classes an attach came too late for, not to decide what is woven (AspectJ does).
     */
    public boolean covers(String className) {
        String name = className.replace('$', '.');
        return (include.isEmpty() || include.stream().anyMatch(pattern -> matches(pattern, name)))
                && exclude.stream().noneMatch(pattern -> matches(pattern, name));
    }

    private static boolean matches(String pattern, String name) {
        String type = pattern.replace('$', '.').replace("+", "");
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < type.length(); i++) {
            char c = type.charAt(i);
            if (c == '.' && type.startsWith("..", i)) {
                regex.append("(?:\\..*\\.|\\.)");
                i++;
            } else if (c == '*') {
                regex.append("[^.]*");
            } else {
                regex.append(java.util.regex.Pattern.quote(String.valueOf(c)));
            }
        }
        return name.matches(regex.toString());
    }

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
