package org.profq.bench.real;

/** A program that does nearly nothing: started under an agent to see whether its options are accepted. */
public final class AgentProbe {
    public static void main(String[] args) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            text.append(i);
        }
        System.out.println(text.length());
    }

    private AgentProbe() {
    }
}
