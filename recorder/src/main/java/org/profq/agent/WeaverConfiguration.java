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
        xml.append("  </aspects>\n  <weaver options=\"-Xjoinpoints:arrayconstruction -nowarn -Xlint:ignore -XmessageHandlerClass:")
                .append(WeaverMessages.class.getName()).append("\">\n");
        for (String pattern : options.include()) {
            xml.append("    <include within=\"").append(pattern).append("\"/>\n");
        }
        for (String pattern : ALWAYS_EXCLUDED) {
            xml.append("    <exclude within=\"").append(pattern).append("\"/>\n");
        }
        for (String pattern : options.exclude()) {
            xml.append("    <exclude within=\"").append(pattern).append("\"/>\n");
        }
        return xml.append("  </weaver>\n</aspectj>\n").toString();
    }

    private WeaverConfiguration() {
    }
}
