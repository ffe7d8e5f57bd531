package org.profq.engine.index;

import java.util.function.IntFunction;

/**
 * The calling contexts that name {@code calls.stack}, read from the index's {@code contexts}
 * columns: each context's parent, method and depth, which are also its calls' method and (with
 * what {@code calls.depth_beyond_context} adds) depth, and its path of names, built on first use and kept.
 */
public final class ContextPaths {
    /** No contexts: for planning, which names none. */
    static final ContextPaths NONE = new ContextPaths(new int[1], new int[1]);

    private final int[] parents;
    private final int[] methods;
    private final int[] depths;
    /** Each calling context's path of names, built on first use. */
    private final String[] stacks;

    private ContextPaths(int[] parents, int[] methods) {
        this.parents = parents;
        this.methods = methods;
        this.depths = new int[parents.length];
        for (int context = 1; context < parents.length; context++) {
            depths[context] = parents[context] == 0 ? 0 : depths[parents[context]] + 1; // a parent comes first
        }
        this.stacks = new String[parents.length];
    }

    /** The {@code count} contexts of {@code parent} and {@code method} (numbered from 1, row 0 is context 1). */
    static ContextPaths read(MappedColumn parent, MappedColumn method, int count) throws IndexDamagedException {
        int[] parents = new int[count + 1];
        int[] methods = new int[count + 1];
        MappedColumn.Cursor parentValues = parent.cursor();
        MappedColumn.Cursor methodValues = method.cursor();
        for (int context = 1; context <= count; context++) {
            parents[context] = (int) parentValues.get(context - 1);
            methods[context] = (int) methodValues.get(context - 1);
            if (parents[context] < 0 || parents[context] >= context) {
                throw new IndexDamagedException("calling context " + context + " has parent " + parents[context]);
            }
        }
        return new ContextPaths(parents, methods);
    }

    /** The method of {@code context}'s calls. */
    public int method(int context) {
        return methods[context];
    }

    /** The depth of {@code context}'s calls, as the index numbers them: 0 for a thread's outermost call. */
    public int depth(int context) {
        return depths[context];
    }

    /**
     * The calling context's path: {@code frameName} of each method from the thread's outermost
     * call down to the context's, joined by ';'. Built once per context and kept (threads that race
     * name it alike, and a String is safe to share).
     */
    public String stack(int context, IntFunction<String> frameName) {
        String known = stacks[context];
        if (known != null) {
            return known;
        }
        // Walk up to the nearest named ancestor, then name the path down (no recursion: contexts can be deep).
        int depth = 0;
        for (int at = context; at != 0 && stacks[at] == null; at = parents[at]) {
            depth++;
        }
        int[] path = new int[depth];
        int at = context;
        for (int i = depth - 1; i >= 0; i--) {
            path[i] = at;
            at = parents[at];
        }
        String prefix = at == 0 ? null : stacks[at];
        for (int node : path) {
            String name = frameName.apply(methods[node]);
            prefix = prefix == null ? name : prefix + ";" + name;
            stacks[node] = prefix;
        }
        return stacks[context];
    }
}
