package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.profq.engine.table.Column;
import org.profq.engine.table.TableCatalog;
import org.profq.engine.table.TableDefinition;

/**
 * The committed table and view reference, {@code docs/sql-tables.md} and {@code docs/sql-views.md},
 * is the one the schema generates, and names every column of every table and view. Run with
 * {@code -Dprofq.writeReference=true} to write the pages after changing a table or a view.
 */
class SqlReferenceTest {
    /** The repository's docs, from this module's directory (where the tests run). */
    static final Path TABLES = Path.of("..", "docs", "sql-tables.md");
    static final Path VIEWS = Path.of("..", "docs", "sql-views.md");
    private static final Pattern SECTION = Pattern.compile("(?m)^### `(\\w+)`$");

    @Test
    void theCommittedReferenceIsTheGeneratedOne() throws IOException {
        if (Boolean.getBoolean("profq.writeReference")) {
            Files.writeString(TABLES, SqlReference.tables());
            Files.writeString(VIEWS, SqlReference.views());
        }
        String regenerate = " is out of date: regenerate it with ./mvnw -o -q -pl query-engine -am test -Dtest=SqlReferenceTest"
                + " -Dsurefire.failIfNoSpecifiedTests=false -Dprofq.writeReference=true";
        assertEquals(SqlReference.tables(), Files.readString(TABLES), "docs/sql-tables.md" + regenerate);
        assertEquals(SqlReference.views(), Files.readString(VIEWS), "docs/sql-views.md" + regenerate);
    }

    @Test
    void everyColumnOfEveryTableAndViewHasItsRowInTheReference() throws IOException {
        String tables = Files.readString(TABLES);
        String views = Files.readString(VIEWS);
        List<String> missing = new ArrayList<>();
        for (TableDefinition table : TableCatalog.all()) {
            String section = section(tables, table.name());
            for (Column column : table.columns()) {
                if (!section.contains("| `" + column.name() + "` | " + column.type().getName())) {
                    missing.add(table.name() + "." + column.name());
                }
            }
        }
        for (String view : ProfileViews.NAMES) {
            String section = section(views, view);
            for (ViewDoc.ColumnDoc column : ProfileViews.doc(view).columns()) {
                if (!section.contains("| `" + column.name() + "` | " + column.type() + " |")) {
                    missing.add(view + "." + column.name());
                }
            }
        }
        assertEquals(List.of(), missing, "columns missing from docs/sql-tables.md or docs/sql-views.md");
    }

    @Test
    void viewHeadersBecomeParagraphsAndTheirListsLines() {
        assertEquals(List.of("A view's first paragraph, over two lines.",
                        "`MT+R` an object is the same value while nothing reachable from it is written;<br>\n"
                                + "`MT+R/M` the same, counting only the fields read, so a write elsewhere does not count."),
                SqlReference.prose("""
                        -- example: what it answers
                        --
                        -- A view's first paragraph,
                        -- over two lines.
                        --
                        --   MT+R    an object is the same value while nothing reachable from it is written;
                        --   MT+R/M  the same, counting only the fields read, so a write
                        --           elsewhere does not count.
                        --
                        -- Builds on: calls.
                        --
                        -- Columns:
                        --   calls  BIGINT  calls
                        SELECT 1
                        """));
    }

    /** The text of the section headed {@code ### `name`}, up to the next section. */
    private static String section(String page, String name) {
        Matcher heading = SECTION.matcher(page);
        while (heading.find()) {
            if (heading.group(1).equals(name)) {
                int start = heading.end();
                return page.substring(start, heading.find() ? heading.start() : page.length());
            }
        }
        assertTrue(false, "the reference has no section for " + name);
        return "";
    }
}
