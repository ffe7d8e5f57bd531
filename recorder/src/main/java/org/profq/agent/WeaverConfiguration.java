package org.profq.agent;

import org.profq.agent.AgentOptions.EventKind;

/** Writes the AspectJ load-time weaving configuration (aop.xml) for a set of options. */
final class WeaverConfiguration {
    /** Never woven: profq itself, and the weaver's own runtime. */
    private static final String[] ALWAYS_EXCLUDED = {"org.profq..*", "org.aspectj..*"};

    static String xml(AgentOptions options) {
        StringBuilder xml = new StringBuilder("<aspectj>\n  <aspects>\n");
        if (options.records(EventKind.CALLS)) {
            xml.append("    <aspect name=\"org.profq.weave.CallAspect\"/>\n");
        }
        if (options.records(EventKind.ALLOCATIONS)) {
            xml.append("    <aspect name=\"org.profq.weave.AllocationAspect\"/>\n");
        }
        if (options.records(EventKind.USES)) {
            xml.append("    <aspect name=\"org.profq.weave.UseAspect\"/>\n");
        }
        if (options.records(EventKind.EXCEPTIONS)) {
            xml.append("    <aspect name=\"org.profq.weave.ExceptionAspect\"/>\n");
        }
        xml.append("  </aspects>\n  <weaver options=\"-Xjoinpoints:arrayconstruction -nowarn -Xlint:ignore -XmessageHandlerClass:")
                .append(WeaverMessages.class.getName()).append("\">\n");
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

    private WeaverConfiguration() {
    }
}
