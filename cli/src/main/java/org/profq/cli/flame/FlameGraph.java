package org.profq.cli.flame;

import static org.profq.cli.output.HtmlTemplate.escape;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.profq.cli.output.HtmlTemplate;
import org.profq.cli.output.Json;

/**
 * A calling-context tree built from collapsed stacks ("a;b;c 42": the frames from the
 * outermost down and the weight spent at the last one), written back as collapsed text or as
 * one self-contained HTML page: an icicle flame graph with zoom (click a frame), search
 * (frames whose name contains the text are highlighted, with their share of the total) and
 * tool tips. The page (flame.html beside this class) has its CSS and script inline; nothing is fetched.
 *
 * <p>A differential graph ({@link #differential}) holds two runs' stacks, a ({@link #add}) and
 * b ({@link #addSecond}): each profile is normalised to shares of its own total (runs of
 * different lengths compare), a frame's width is the mean of its two shares (so every frame of
 * either run is drawn, and children never overflow their parent), and its colour the change
 * from a to b: red where b spends a larger share, blue a smaller, the deeper the larger the
 * change; white is no change. Its collapsed text has both weights ({@code a;b;c 10 12}), the
 * input of flamegraph's difffolded.pl.
 */
public final class FlameGraph {
    private final Frame root = new Frame("all");
    private final List<String> lines = new ArrayList<>();
    private final boolean differential;
    private final Map<String, long[]> stacks = new LinkedHashMap<>();

    /** A graph of one run's stacks. */
    public FlameGraph() {
        this(false);
    }

    private FlameGraph(boolean differential) {
        this.differential = differential;
    }

    /** A graph that compares two runs' stacks: {@link #add} the first's, {@link #addSecond} the second's. */
    public static FlameGraph differential() {
        return new FlameGraph(true);
    }

    /** One frame of the tree: its name, the weight spent in it and below it, and its children by name. */
    static final class Frame {
        final String name;
        long total;
        long self;
        /** In a differential graph, the second run's. */
        long totalB;
        long selfB;
        final Map<String, Frame> children = new LinkedHashMap<>();

        Frame(String name) {
            this.name = name;
        }
    }

    /** Adds one collapsed stack; stacks with no weight are left out, as flame graph tools do. */
    public void add(String stack, long weight) {
        add(stack, weight, false);
    }

    /** Adds one collapsed stack of the second run of a differential graph. */
    public void addSecond(String stack, long weight) {
        if (!differential) {
            throw new IllegalStateException("a graph of one run has no second run; make it with FlameGraph.differential()");
        }
        add(stack, weight, true);
    }

    private void add(String stack, long weight, boolean second) {
        if (weight <= 0) {
            return;
        }
        if (differential) {
            stacks.computeIfAbsent(stack, key -> new long[2])[second ? 1 : 0] += weight;
        } else {
            lines.add(stack + " " + weight);
        }
        Frame frame = root;
        count(frame, weight, second);
        for (String name : stack.split(";")) {
            frame = frame.children.computeIfAbsent(name, Frame::new);
            count(frame, weight, second);
        }
        if (second) {
            frame.selfB += weight;
        } else {
            frame.self += weight;
        }
    }

    private static void count(Frame frame, long weight, boolean second) {
        if (second) {
            frame.totalB += weight;
        } else {
            frame.total += weight;
        }
    }

    /** The folded-stack text: one "frames weight" line per stack (two weights, a's and b's, in a differential graph). */
    public String collapsed() {
        StringBuilder out = new StringBuilder();
        if (differential) {
            stacks.forEach((stack, weights) -> out.append(stack).append(' ').append(weights[0]).append(' ').append(weights[1]).append('\n'));
            return out.toString();
        }
        lines.forEach(line -> out.append(line).append('\n'));
        return out.toString();
    }

    /** The HTML page; {@code title} names the recording, {@code unit} the weight (ns, calls, bytes). */
    public String html(String title, String unit) {
        StringBuilder json = new StringBuilder();
        if (differential) {
            differentialJson(root, json);
        } else {
            json(root, json);
        }
        return HtmlTemplate.resource(FlameGraph.class, "flame.html").fill(Map.of(
                "title", escape(title),
                "weight", escape(differential ? unit + "; width: mean share of a and b, colour: change from a to b" : unit),
                "data", json.toString(),
                "unit", Json.stringInScript(unit),
                "differential", Boolean.toString(differential)));
    }

    private static void json(Frame frame, StringBuilder out) {
        out.append("{\"n\":").append(Json.stringInScript(frame.name)).append(",\"v\":").append(frame.total)
                .append(",\"s\":").append(frame.self);
        if (!frame.children.isEmpty()) {
            out.append(",\"c\":[");
            boolean first = true;
            for (Frame child : frame.children.values()) {
                out.append(first ? "" : ",");
                json(child, out);
                first = false;
            }
            out.append(']');
        }
        out.append('}');
    }

    /**
     * A frame of a differential graph: {@code v} its width (the mean of its shares of a and of b,
     * in millionths), {@code a} and {@code b} those shares, {@code s} its mean self share.
     */
    private void differentialJson(Frame frame, StringBuilder out) {
        double shareA = root.total == 0 ? 0 : (double) frame.total / root.total;
        double shareB = root.totalB == 0 ? 0 : (double) frame.totalB / root.totalB;
        double selfA = root.total == 0 ? 0 : (double) frame.self / root.total;
        double selfB = root.totalB == 0 ? 0 : (double) frame.selfB / root.totalB;
        out.append("{\"n\":").append(Json.stringInScript(frame.name))
                .append(",\"v\":").append(Math.round((shareA + shareB) / 2 * 1_000_000))
                .append(",\"s\":").append(Math.round((selfA + selfB) / 2 * 1_000_000))
                .append(",\"a\":").append(shareA).append(",\"b\":").append(shareB);
        if (!frame.children.isEmpty()) {
            out.append(",\"c\":[");
            boolean first = true;
            for (Frame child : frame.children.values()) {
                out.append(first ? "" : ",");
                differentialJson(child, out);
                first = false;
            }
            out.append(']');
        }
        out.append('}');
    }
}
