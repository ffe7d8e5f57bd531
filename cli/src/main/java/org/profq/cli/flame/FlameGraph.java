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
 */
public final class FlameGraph {
    private final Frame root = new Frame("all");
    private final List<String> lines = new ArrayList<>();

    /** One frame of the tree: its name, the weight spent in it and below it, and its children by name. */
    static final class Frame {
        final String name;
        long total;
        long self;
        final Map<String, Frame> children = new LinkedHashMap<>();

        Frame(String name) {
            this.name = name;
        }
    }

    /** Adds one collapsed stack; stacks with no weight are left out, as flame graph tools do. */
    public void add(String stack, long weight) {
        if (weight <= 0) {
            return;
        }
        lines.add(stack + " " + weight);
        Frame frame = root;
        frame.total += weight;
        for (String name : stack.split(";")) {
            frame = frame.children.computeIfAbsent(name, Frame::new);
            frame.total += weight;
        }
        frame.self += weight;
    }

    /** The folded-stack text: one "frames weight" line per stack, in the order they were added. */
    public String collapsed() {
        StringBuilder out = new StringBuilder();
        lines.forEach(line -> out.append(line).append('\n'));
        return out.toString();
    }

    /** The HTML page; {@code title} names the recording, {@code unit} the weight (ns, calls, bytes). */
    public String html(String title, String unit) {
        StringBuilder json = new StringBuilder();
        json(root, json);
        return PAGE.replace("__TITLE__", escape(title))
                .replace("__UNIT__", escape(unit))
                .replace("__DATA__", json.toString())
                .replace("__UNIT_JSON__", Json.string(unit));
    }

    private static void json(Frame frame, StringBuilder out) {
        out.append("{\"n\":").append(Json.string(frame.name)).append(",\"v\":").append(frame.total)
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
              var ROW = 18;
              var graph = document.getElementById('graph');
              var details = document.getElementById('details');
              var status = document.getElementById('status');
              var search = document.getElementById('search');
              var zoomed = data, term = '';

              function colour(name) {
                var hash = 0;
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
                div.style.background = colour(node.n);
                div.textContent = width > 30 ? node.n : '';
                div.title = node.n + ' — ' + node.v + ' ' + unit + ' (' + share(node.v) + ')';
                div.frame = node;
                div.addEventListener('click', function () { zoomed = node; render(); });
                div.addEventListener('mouseenter', function () {
                  details.textContent = node.n + ': ' + node.v + ' ' + unit + ' total, ' + node.s + ' ' + unit
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
                status.textContent = term ? 'matched ' + share(matched(data)) + ' of ' + data.v + ' ' + unit
                    : data.v + ' ' + unit + ' in all';
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
