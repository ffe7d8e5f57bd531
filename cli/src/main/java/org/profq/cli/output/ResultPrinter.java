package org.profq.cli.output;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes a {@link ResultTable} as text in one of the line formats (table, CSV, JSON, Markdown).
 * The table format is psql's: a header, a rule, right-aligned numbers, a row count; given a
 * terminal width, the widest columns are cut (ending in '…') until a line fits.
 */
public final class ResultPrinter {
    private static final int NARROWEST_COLUMN = 6;

    /** {@code table} in {@code format}; {@code width} is the terminal's width, or 0 for no limit. */
    public static String print(ResultTable table, OutputFormat format, int width) {
        return switch (format) {
            case TABLE -> table(table, width);
            case CSV -> csv(table);
            case JSON -> json(table);
            case MARKDOWN -> markdown(table);
            case HTML -> throw new IllegalArgumentException("html is a report format; use profq report --format html.");
        };
    }

    static String table(ResultTable table, int width) {
        int count = table.columns().size();
        List<String[]> cells = new ArrayList<>();
        for (List<Object> row : table.rows()) {
            String[] line = new String[count];
            for (int i = 0; i < count; i++) {
                line[i] = Cells.forPeople(table.columns().get(i), row.get(i)).replaceAll("\\R", " ");
            }
            cells.add(line);
        }
        int[] widths = new int[count];
        for (int i = 0; i < count; i++) {
            widths[i] = table.columns().get(i).length();
            for (String[] line : cells) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        if (width > 0) {
            fit(widths, width);
        }
        StringBuilder out = new StringBuilder();
        String[] header = table.columns().toArray(String[]::new);
        line(out, header, widths, new boolean[count]);
        for (int i = 0; i < count; i++) {
            out.append(i == 0 ? "" : "+").append("-".repeat(widths[i] + 2));
        }
        out.append('\n');
        boolean[] right = new boolean[count];
        for (int i = 0; i < count; i++) {
            right[i] = table.numeric().get(i);
        }
        for (String[] line : cells) {
            line(out, line, widths, right);
        }
        int rows = table.rows().size();
        out.append('(').append(rows).append(rows == 1 ? " row)" : " rows)").append('\n');
        return out.toString();
    }

    /** Narrows the widest column, one character at a time, until a line fits {@code width}. */
    private static void fit(int[] widths, int width) {
        while (lineWidth(widths) > width) {
            int widest = 0;
            for (int i = 1; i < widths.length; i++) {
                if (widths[i] > widths[widest]) {
                    widest = i;
                }
            }
            if (widths[widest] <= NARROWEST_COLUMN) {
                return; // as narrow as is readable; the terminal wraps the rest
            }
            widths[widest]--;
        }
    }

    private static int lineWidth(int[] widths) {
        int total = widths.length - 1; // the separators
        for (int w : widths) {
            total += w + 2;
        }
        return total;
    }

    private static void line(StringBuilder out, String[] cells, int[] widths, boolean[] right) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            String cell = cells[i];
            if (cell.length() > widths[i]) {
                cell = cell.substring(0, widths[i] - 1) + "…";
            }
            String pad = " ".repeat(widths[i] - cell.length());
            line.append(i == 0 ? " " : "| ").append(right[i] ? pad + cell : cell + pad).append(' ');
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }

    static String csv(ResultTable table) {
        StringBuilder out = new StringBuilder();
        csvLine(out, new ArrayList<>(table.columns()));
        for (List<Object> row : table.rows()) {
            csvLine(out, row);
        }
        return out.toString();
    }

    /**
     * One line of RFC 4180 CSV, as PostgreSQL's {@code COPY ... CSV} writes it: NULL is an empty
     * field, the empty string a quoted one ({@code ""}), so that a reader can tell them apart.
     */
    private static void csvLine(StringBuilder out, List<?> values) {
        for (int i = 0; i < values.size(); i++) {
            Object value = values.get(i);
            String text = value == null ? "" : Cells.exact(value);
            if (value != null && text.isEmpty()
                    || text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
                text = '"' + text.replace("\"", "\"\"") + '"';
            }
            out.append(i == 0 ? "" : ",").append(text);
        }
        out.append('\n');
    }

    /** A JSON array of objects, one row per line, keys in column order. */
    static String json(ResultTable table) {
        StringBuilder out = new StringBuilder("[");
        for (int r = 0; r < table.rows().size(); r++) {
            out.append(r == 0 ? "\n" : ",\n").append('{');
            List<Object> row = table.rows().get(r);
            for (int i = 0; i < row.size(); i++) {
                out.append(i == 0 ? "" : ",").append(Json.string(table.columns().get(i))).append(':').append(Json.value(row.get(i)));
            }
            out.append('}');
        }
        return out.append(table.rows().isEmpty() ? "]\n" : "\n]\n").toString();
    }

    static String markdown(ResultTable table) {
        StringBuilder out = new StringBuilder("|");
        for (String column : table.columns()) {
            out.append(' ').append(markdownCell(column)).append(" |");
        }
        out.append("\n|");
        for (boolean numeric : table.numeric()) {
            out.append(numeric ? " ---: |" : " --- |");
        }
        out.append('\n');
        for (List<Object> row : table.rows()) {
            out.append('|');
            for (int i = 0; i < row.size(); i++) {
                out.append(' ').append(markdownCell(Cells.forPeople(table.columns().get(i), row.get(i)))).append(" |");
            }
            out.append('\n');
        }
        return out.toString();
    }

    /**
     * A cell's text as GitHub-flavoured Markdown shows it literally: the characters that would
     * start markup ({@code <init>} read as an HTML tag, {@code *} and {@code _} as emphasis,
     * {@code |} ending the cell, ...) are escaped with a backslash; line breaks become spaces.
     */
    static String markdownCell(String text) {
        String line = text.replaceAll("\\R", " ");
        StringBuilder out = new StringBuilder(line.length() + 8);
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if ("\\|*_<>`~$[]".indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    private ResultPrinter() {
    }
}
