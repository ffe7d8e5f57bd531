package org.profq.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;

import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.SchemaPlus;
import org.profq.engine.plan.ProfqPrepare;

/**
 * The profile views of DESIGN.md "Profiles", shipped as documented SQL resources
 * ({@code org/profq/engine/views/<name>.sql}) and added to a recording's schema beside its
 * tables, so users can read, filter and join them like tables. As in Perfetto's standard
 * library, what several views compute alike is a helper view of its own, private to them
 * ({@code _}-prefixed, {@link #HELPERS}): in the schema, so views can use it, but in no
 * listing or documentation. Each view's header names what it builds on ({@link ViewDoc#buildsOn}).
 */
public final class ProfileViews {

    /** Every view, in the order a listing shows them. */
    public static final List<String> NAMES = List.of(
            "heap_by_method", "heap_by_site", "heap_by_class", "time_by_method", "call_tree", "flame",
            "lifetimes", "lifetime_by_site", "waste", "waste_by_site", "exceptions_by_site", "value_profile"); // a view after those it is built on

    /** The helper views, private to the views: not in {@link #NAMES}, so neither listed nor documented. */
    static final List<String> HELPERS = List.of("_allocations_by_site", "_site_names", "_site_sampling", "_compensated_calls");

    /**
     * Adds every view to {@code schema}, whose name in {@code connection}'s root schema is
     * {@code schemaName}; a view is read and analysed, with that connection's settings, when a
     * query first names it. {@code bodyPlanner} makes the preparation that plans a view's body once
     * for the connection ({@link ProfileView}); null has each query expand the views it names. The
     * helper views are always expanded.
     */
    public static void addTo(CalciteConnection connection, SchemaPlus schema, String schemaName,
                             Supplier<ProfqPrepare> bodyPlanner) {
        for (String name : HELPERS) {
            // thin projections and groupings of one table, expanded so that a query over one keeps its push-downs and totals
            schema.add(name, new ProfileView(connection, schema, schemaName, name, null));
        }
        for (String name : NAMES) {
            schema.add(name, new ProfileView(connection, schema, schemaName, name, bodyPlanner));
        }
    }

    /** Whether {@code name} is a view or a helper view. */
    public static boolean has(String name) {
        return NAMES.contains(name) || HELPERS.contains(name);
    }

    /** The view's documentation, from its header comment. */
    public static ViewDoc doc(String name) {
        return ViewDoc.parse(name, sql(name));
    }

    /** The view's SQL, its documenting header comment included. */
    public static String sql(String name) {
        String resource = "views/" + name + ".sql";
        try (InputStream in = ProfileViews.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no profile view named '" + name + "'; the views are " + NAMES);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the view " + resource, e);
        }
    }

    private ProfileViews() {
    }
}
