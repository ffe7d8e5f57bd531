package org.profq.cli.flame;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.profq.cli.output.Json;

/**
 * A calling-context tree built from collapsed stacks ("a;b;c 42": the frames from the
 * outermost down and the weight spent at the last one), written back as collapsed text or as
 * one self-contained HTML page: an icicle flame graph with zoom (click a frame), search
 * (frames whose name contains the text are highlighted, with their share of the total) and
 * tool tips. The page's CSS and script are inline; nothing is fetched.
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
        return PAGE.replace("__TITLE__", escape(title))
                .replace("__DIFF__", Boolean.toString(differential))
                .replace("__UNIT__", escape(differential ? unit + "; width: mean share of a and b, colour: change from a to b" : unit))
                .replace("__DATA__", json.toString())
                .replace("__UNIT_JSON__", Json.stringInScript(unit));
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

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static final String PAGE = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>profq flame graph — __TITLE__</title>
            <style>
            body { font: 13px system-ui, sans-serif; margin: 1.5em; color: #222; }
            h1 { font-size: 1.2em; margin: 0 0 .5em; }
            #bar { display: flex; gap: .8em; align-items: center; margin-bottom: .6em; }
            #search { width: 22em; padding: 2px 6px; }
            #status { color: #555; }
            #graph { position: relative; width: 100%; }
            .frame { position: absolute; height: 17px; box-sizing: border-box; border: 1px solid #fff;
                     overflow: hidden; white-space: nowrap; font: 11px/15px ui-monospace, monospace;
                     padding: 0 3px; cursor: pointer; border-radius: 2px; }
            .frame:hover { filter: brightness(0.9); }
            .frame.match { background: #d64fd4 !important; color: #fff; }
            .frame.dim { opacity: .45; }
            #details { margin-top: .8em; font-family: ui-monospace, monospace; min-height: 1.4em; }
            </style>
            </head>
            <body>
            <h1>profq flame graph — __TITLE__ (weight: __UNIT__)</h1>
            <div id="bar">
              <input id="search" type="search" placeholder="search frames (substring)">
              <button id="reset" type="button">reset zoom</button>
              <span id="status"></span>
            </div>
            <div id="graph"></div>
            <div id="details">click a frame to zoom in; hover to see its weight</div>
            <script>
            (function () {
              var data = __DATA__;
              var unit = __UNIT_JSON__;
              var diff = __DIFF__;
              var ROW = 18;
              var graph = document.getElementById('graph');
              var details = document.getElementById('details');
              var status = document.getElementById('status');
              var search = document.getElementById('search');
              var zoomed = data, term = '';

              function percent(x) { return (100 * x).toFixed(2) + '%'; }
              // an amount as the other pages show it: times and sizes in units, counts with separators
              function amount(v) {
                if (unit === 'ns') {
                  return v >= 1e9 ? (v / 1e9).toFixed(1) + ' s' : v >= 1e6 ? (v / 1e6).toFixed(1) + ' ms'
                      : v >= 1e3 ? (v / 1e3).toFixed(1) + ' \u00b5s' : v + ' ns';
                }
                if (unit === 'bytes') {
                  return v >= 1073741824 ? (v / 1073741824).toFixed(1) + ' GiB' : v >= 1048576 ? (v / 1048576).toFixed(1) + ' MiB'
                      : v >= 1024 ? (v / 1024).toFixed(1) + ' KiB' : v + ' B';
                }
                return String(v).replace(/\\B(?=(\\d{3})+(?!\\d))/g, ',') + ' ' + unit;
              }
              // a frame's label: its class without the package, as async-profiler shows it; the full name on hover
              function label(name) {
                var open = name.indexOf('(');
                var head = open < 0 ? name : name.substring(0, open);
                var dot = head.lastIndexOf('.');
                var start = dot < 0 ? -1 : head.lastIndexOf('.', dot - 1);
                return start < 0 ? name : name.substring(start + 1);
              }
              function colour(node) {
                if (diff) {
                  var change = node.b - node.a, depth = Math.min(1, Math.abs(change) / 0.2);
                  return change === 0 ? 'hsl(0,0%,92%)'
                      : 'hsl(' + (change > 0 ? 0 : 220) + ',80%,' + (92 - 42 * depth).toFixed(1) + '%)';
                }
                var name = node.n, hash = 0;
                for (var i = 0; i < name.length; i++) { hash = (hash * 31 + name.charCodeAt(i)) | 0; }
                var hue = 10 + Math.abs(hash) % 45, light = 55 + Math.abs(hash >> 8) % 15;
                return 'hsl(' + hue + ',85%,' + light + '%)';
              }
              function depth(node) {
                var deepest = 0;
                (node.c || []).forEach(function (child) { deepest = Math.max(deepest, depth(child)); });
                return deepest + 1;
              }
              function pathTo(target, node, path) {
                if (node === target) { return path.concat([node]); }
                var children = node.c || [];
                for (var i = 0; i < children.length; i++) {
                  var found = pathTo(target, children[i], path.concat([node]));
                  if (found) { return found; }
                }
                return null;
              }
              function share(value) { return (100 * value / data.v).toFixed(2) + '%'; }
              function render() {
                graph.innerHTML = '';
                var width = graph.clientWidth || 1000;
                var ancestors = pathTo(zoomed, data, []) || [data];
                var rows = ancestors.length - 1 + depth(zoomed);
                graph.style.height = (rows * ROW) + 'px';
                ancestors.slice(0, -1).forEach(function (node, level) {
                  place(node, level, 0, width, true);
                });
                layout(zoomed, ancestors.length - 1, 0, width);
                highlight();
              }
              function layout(node, level, x, width) {
                place(node, level, x, width, false);
                var offset = x;
                (node.c || []).forEach(function (child) {
                  var childWidth = width * child.v / node.v;
                  if (childWidth >= 1) { layout(child, level + 1, offset, childWidth); }
                  offset += childWidth;
                });
              }
              function place(node, level, x, width, ancestor) {
                var div = document.createElement('div');
                div.className = 'frame' + (ancestor ? ' dim' : '');
                div.style.left = x + 'px';
                div.style.top = (level * ROW) + 'px';
                div.style.width = Math.max(width, 1) + 'px';
                div.style.background = colour(node);
                if (diff) { div.setAttribute('data-change', (node.b - node.a).toFixed(6)); }
                div.textContent = width > 30 ? label(node.n) : '';
                div.title = diff ? node.n + ' — a: ' + percent(node.a) + ', b: ' + percent(node.b) + ', change '
                    + (node.b >= node.a ? '+' : '') + percent(node.b - node.a)
                    : node.n + ' — ' + amount(node.v) + ' (' + share(node.v) + ')';
                div.frame = node;
                div.addEventListener('click', function () { zoomed = node; render(); });
                div.addEventListener('mouseenter', function () {
                  if (diff) { details.textContent = div.title; return; }
                  details.textContent = node.n + ': ' + amount(node.v) + ' total, ' + amount(node.s)
                      + ' self, ' + share(node.v) + ' of all';
                });
                graph.appendChild(div);
              }
              function matched(node) {
                if (term && node.n.indexOf(term) >= 0) { return node.v; }
                var sum = 0;
                (node.c || []).forEach(function (child) { sum += matched(child); });
                return sum;
              }
              function highlight() {
                var frames = graph.querySelectorAll('.frame');
                for (var i = 0; i < frames.length; i++) {
                  frames[i].classList.toggle('match', term !== '' && frames[i].frame.n.indexOf(term) >= 0);
                }
                status.textContent = term ? 'matched ' + share(matched(data)) + ' of ' + amount(data.v)
                    : amount(data.v) + ' in all';
              }
              search.addEventListener('input', function () { term = search.value; highlight(); });
              document.getElementById('reset').addEventListener('click', function () { zoomed = data; render(); });
              window.addEventListener('resize', render);
              window.profqFlame = { data: data, search: function (text) { search.value = text; term = text; highlight(); } };
              render();
              document.body.setAttribute('data-ready', 'yes'); // for headless checks: the script ran to the end
            })();
            </script>
            </body>
            </html>
            """;
}
