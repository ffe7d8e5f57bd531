package org.profq.cli.report;

import static org.profq.cli.output.HtmlTemplate.escape;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.profq.cli.output.Cells;
import org.profq.cli.output.HtmlTemplate;
import org.profq.cli.output.ResultTable;
import org.profq.engine.report.Report;

/**
 * A report's result as one self-contained HTML page: what it answers, the parameters used,
 * a bar chart (inline SVG) of the top rows and the full table, sortable by a click on a
 * column's header. Nothing is fetched from the network: the page (report.html beside this
 * class) has its CSS and script inline; the chart and the table are built here from the rows.
 */
public final class HtmlReport {
    private static final int CHART_ROWS = 20;
    /** The longest label drawn whole; a longer one keeps its end (the method), after an ellipsis. */
    private static final int LABEL_CHARACTERS = 60;
    private static final double LABEL_CHARACTER_PX = 7.5;
    private static final int LABEL_GAP_PX = 6;
    /** A package prefix: lower-case dotted names before a capitalised class name. */
    private static final Pattern PACKAGE = Pattern.compile("\\b(?:[a-z_$][\\w$]*\\.)+(?=[A-Z_$])");

    public static String render(Report report, ResultTable table, Map<String, Object> parameters, String recording) {
        StringBuilder used = new StringBuilder();
        parameters.forEach((name, value) -> used.append(" · ").append(escape(name)).append(" = <code>")
                .append(escape(String.valueOf(value))).append("</code>"));
        return HtmlTemplate.resource(HtmlReport.class, "report.html").fill(Map.of(
                "name", escape(report.name()),
                "summary", escape(report.summary()),
                "recording", escape(recording),
                "parameters", used.toString(),
                "description", report.description().isEmpty() ? "" : "<p>" + escape(report.description()) + "</p>\n",
                "chart", chart(report, table),
                "table", table(table)));
    }

    /** Bars of the chart's value column (or the first numeric one), labelled by its label column (or the first text one). */
    private static String chart(Report report, ResultTable table) {
        int value = report.chart().map(chart -> table.columnIndex(chart.valueColumn())).orElse(-1);
        int label = report.chart().map(chart -> table.columnIndex(chart.labelColumn())).orElse(-1);
        for (int i = 0; i < table.columns().size() && (value < 0 || label < 0); i++) {
            if (value < 0 && table.numeric().get(i)) {
                value = i;
            } else if (label < 0 && !table.numeric().get(i)) {
                label = i;
            }
        }
        if (value < 0 || table.rows().isEmpty()) {
            return "";
        }
        List<List<Object>> rows = table.rows().subList(0, Math.min(CHART_ROWS, table.rows().size()));
        double max = 0;
        for (List<Object> row : rows) {
            max = Math.max(max, number(row.get(value)));
        }
        List<String> names = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        int longest = 0;
        for (int r = 0; r < rows.size(); r++) {
            String name = label < 0 ? "row " + (r + 1) : String.valueOf(rows.get(r).get(label));
            names.add(name);
            labels.add(shorten(withoutPackages(name), LABEL_CHARACTERS));
            longest = Math.max(longest, labels.get(r).length());
        }
        int barHeight = 22;
        int labelWidth = labelWidth(longest);
        int barsWidth = 480;
        StringBuilder svg = new StringBuilder();
        svg.append("<figure>\n<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"chart\" role=\"img\" width=\"")
                .append(labelWidth + barsWidth + 120).append("\" height=\"").append(rows.size() * barHeight + 10)
                .append("\" aria-label=\"").append(escape(table.columns().get(value))).append("\">\n");
        for (int r = 0; r < rows.size(); r++) {
            List<Object> row = rows.get(r);
            double amount = number(row.get(value));
            int width = max <= 0 ? 0 : (int) Math.round(barsWidth * amount / max);
            int y = r * barHeight + 5;
            String name = names.get(r);
            String shown = Cells.forPeople(table.columns().get(value), row.get(value)); // rounded, in units: never 17 digits
            svg.append("<g class=\"bar\"><title>").append(escape(name)).append(": ").append(escape(shown))
                    .append("</title><text x=\"").append(labelWidth - LABEL_GAP_PX).append("\" y=\"").append(y + 15)
                    .append("\" text-anchor=\"end\">").append(escape(labels.get(r))).append("</text>")
                    .append("<rect x=\"").append(labelWidth).append("\" y=\"").append(y).append("\" width=\"").append(width)
                    .append("\" height=\"").append(barHeight - 6).append("\"/>")
                    .append("<text x=\"").append(labelWidth + width + 6).append("\" y=\"").append(y + 15).append("\">")
                    .append(escape(shown)).append("</text></g>\n");
        }
        return svg.append("</svg>\n<figcaption>").append(escape(table.columns().get(value)))
                .append(label < 0 ? "" : " by " + escape(table.columns().get(label)))
                .append(table.rows().size() > CHART_ROWS ? " (top " + CHART_ROWS + " rows)" : "")
                .append("</figcaption>\n</figure>\n").toString();
    }

    private static String table(ResultTable table) {
        StringBuilder html = new StringBuilder("<table id=\"result\">\n<thead><tr>");
        for (int i = 0; i < table.columns().size(); i++) {
            html.append("<th").append(table.numeric().get(i) ? " class=\"num\"" : "").append(">")
                    .append(escape(table.columns().get(i))).append("</th>");
        }
        html.append("</tr></thead>\n<tbody>\n");
        for (List<Object> row : table.rows()) {
            html.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                Object cell = row.get(i);
                html.append("<td");
                if (table.numeric().get(i)) {
                    // shown in units (1.5 MiB), sorted by the number itself
                    html.append(" class=\"num\"").append(cell == null ? "" : " data-value=\"" + escape(String.valueOf(cell)) + "\"");
                }
                html.append(">").append(cell == null ? "<span class=\"null\">NULL</span>"
                        : escape(Cells.forPeople(table.columns().get(i), cell))).append("</td>");
            }
            html.append("</tr>\n");
        }
        int count = table.rows().size();
        return html.append("</tbody>\n</table>\n<p class=\"meta\">").append(count).append(count == 1 ? " row" : " rows")
                .append("</p>\n").toString();
    }

    private static double number(Object value) {
        return value instanceof Number number ? number.doubleValue() : 0;
    }

    /**
     * The chart's label column, wide enough for {@code characters} of its monospaced 12 px font
     * (0.6 em a character in the usual monospaced fonts; 7.5 px leaves room for wider ones) and
     * the gap before the bars: a label never starts left of the picture.
     */
    static int labelWidth(int characters) {
        return (int) Math.ceil(characters * LABEL_CHARACTER_PX) + LABEL_GAP_PX + 6;
    }

    /**
     * A label's Java names without their packages ({@code Allocations.allocate(String)} for
     * {@code profq.samples.Allocations.allocate(java.lang.String)}), as flame graphs label
     * frames: the class and method are what tells rows apart; the full name is on hover.
     */
    static String withoutPackages(String text) {
        return PACKAGE.matcher(text).replaceAll("");
    }

    private static String shorten(String text, int length) {
        return text.length() <= length ? text : "…" + text.substring(text.length() - length + 1);
    }

    private HtmlReport() {
    }
}
