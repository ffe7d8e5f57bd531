package org.profq.weave;

import java.util.Set;

/** Writes the AspectJ load-time weaving configuration (aop.xml) for a set of options. */
public final class WeaverConfiguration {
    /** Never woven: profq itself, and the weaver's own runtime. */
    private static final String[] ALWAYS_EXCLUDED = {"org.profq..*", "org.aspectj..*"};

    /** AspectJ's options for profq's weaving: array creations are join points, and messages go to {@link WeaverMessages}. */
    static final String WEAVER_OPTIONS = "-Xjoinpoints:arrayconstruction -nowarn -Xlint:ignore -XmessageHandlerClass:"
            + WeaverMessages.class.getName();

    /**
     * The options for weaving a class again with fewer join points when it cannot be woven with
     * all of them (a method or static initialiser that would pass the JVM's 64 KB limit): calls
     * only, no user aspects. Null when calls are not recorded, or are all that is.
     */
    static WeavingOptions callsOnly(WeavingOptions options) {
        if (!options.aspects().contains(WeavingOptions.Aspect.CALLS)
                || (options.aspects().size() == 1 && options.userAspects().aspects().isEmpty())) {
            return null;
        }
        return new WeavingOptions(Set.of(WeavingOptions.Aspect.CALLS), options.include(), options.exclude(), options.cache());
    }

    public static String xml(WeavingOptions options) {
        StringBuilder xml = new StringBuilder("<aspectj>\n  <aspects>\n");
        for (WeavingOptions.Aspect aspect : WeavingOptions.Aspect.values()) {
            if (options.aspects().contains(aspect)) {
                xml.append("    <aspect name=\"").append(aspect.className()).append("\"/>\n");
            }
        }
        for (String userAspect : options.userAspects().aspects()) {
            xml.append("    <aspect name=\"").append(escaped(userAspect)).append("\"/>\n");
        }
        xml.append("  </aspects>\n  <weaver options=\"").append(WEAVER_OPTIONS).append("\">\n");
        for (String pattern : options.include()) {
            appendPattern(xml, "include", pattern);
        }
        for (String pattern : ALWAYS_EXCLUDED) {
            appendPattern(xml, "exclude", pattern);
        }
        for (String pattern : options.exclude()) {
            appendPattern(xml, "exclude", pattern);
        }
        return xml.append("  </weaver>\n</aspectj>\n").toString();
    }

    /**
     * AspectJ's {@code within} names a nested class {@code Outer.Inner}; users often type the
     * JVM's binary name {@code Outer$Inner}, which AspectJ matches in includes but not in
     * excludes. Both spellings mean the nested class here.
     */
    private static void appendPattern(StringBuilder xml, String element, String pattern) {
        xml.append("    <").append(element).append(" within=\"").append(pattern.replace('$', '.')).append("\"/>\n");
    }

    private static String escaped(String text) {
        return text.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;");
    }

    private WeaverConfiguration() {
    }
}
