package org.profq.lang;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The profile views' columns as their headers document them (query-engine's
 * {@code views/*.sql}), their SQL (read from those files), and two schemas a and b: the catalog the engine gives the language,
 * written out so the grammar's tests run without the engine. The engine's LanguageIT checks
 * the golden SQL against the live schema, so this copy cannot drift unnoticed.
 */
final class DocumentedViews implements ProfileCatalog {
    private static final Path VIEW_SOURCES = Path.of("../query-engine/src/main/resources/org/profq/engine/views");
    private static final Map<String, List<Column>> VIEWS = Map.of(
            "call_tree", List.of(column("path", "VARCHAR"), column("depth", "INTEGER"), column("method_id", "BIGINT"), column("calls", "BIGINT"), column("inclusive_ns", "BIGINT"), column("self_ns", "BIGINT")),
            "exceptions_by_site", List.of(column("signature", "VARCHAR"), column("line", "INTEGER"), column("type_name", "VARCHAR"), column("throws", "BIGINT"), column("first_ns", "BIGINT"), column("last_ns", "BIGINT")),
            "heap_by_class", List.of(column("class_id", "BIGINT"), column("type_name", "VARCHAR"), column("objects", "BIGINT"), column("bytes", "BIGINT"), column("share", "DOUBLE")),
            "heap_by_method", List.of(column("method_id", "BIGINT"), column("signature", "VARCHAR"), column("objects", "BIGINT"), column("bytes", "BIGINT"), column("share", "DOUBLE")),
            "heap_by_site", List.of(column("site_id", "BIGINT"), column("signature", "VARCHAR"), column("line", "INTEGER"), column("type_name", "VARCHAR"), column("objects", "BIGINT"), column("bytes", "BIGINT"), column("share", "DOUBLE")),
            "lifetime_by_site", List.of(column("site_id", "BIGINT"), column("signature", "VARCHAR"), column("line", "INTEGER"), column("type_name", "VARCHAR"), column("allocated_objects", "BIGINT"), column("tracked_objects", "BIGINT"), column("alive_at_exit", "BIGINT"), column("unreachable_at_exit", "BIGINT"), column("est_alive_at_exit", "BIGINT"), column("mean_ns", "DOUBLE"), column("p50_ns", "BIGINT"), column("p90_ns", "BIGINT"), column("max_ns", "BIGINT")),
            "time_by_method", List.of(column("method_id", "BIGINT"), column("signature", "VARCHAR"), column("calls", "BIGINT"), column("inclusive_ns", "BIGINT"), column("self_ns", "BIGINT"), column("mean_ns", "BIGINT"), column("max_ns", "BIGINT"), column("share", "DOUBLE")),
            "value_profile", List.of(column("method_id", "BIGINT"), column("signature", "VARCHAR"), column("equality", "VARCHAR"), column("calls", "BIGINT"), column("distinct_tuples", "BIGINT"), column("top1_calls", "BIGINT"), column("top2_calls", "BIGINT"), column("top3_calls", "BIGINT"), column("top3_share", "DOUBLE"), column("dropped_positions", "VARCHAR"), column("undecidable_calls", "BIGINT")),
            "waste_by_site", List.of(column("site_id", "BIGINT"), column("signature", "VARCHAR"), column("line", "INTEGER"), column("type_name", "VARCHAR"), column("uses_observable", "BOOLEAN"), column("allocated_objects", "BIGINT"), column("tracked_objects", "BIGINT"), column("never_used", "BIGINT"), column("alive_at_exit", "BIGINT"), column("unreachable_at_exit", "BIGINT"), column("lag_ns", "BIGINT"), column("use_ns", "BIGINT"), column("drag_ns", "BIGINT"), column("lifetime_ns", "BIGINT"), column("waste_ns", "BIGINT"), column("est_lag_ns", "BIGINT"), column("est_drag_ns", "BIGINT"), column("est_waste_ns", "BIGINT"), column("est_lifetime_ns", "BIGINT"), column("lag_share", "DOUBLE"), column("drag_share", "DOUBLE"), column("waste_share", "DOUBLE")));

    @Override
    public List<Column> columns(String relation) {
        return VIEWS.getOrDefault(relation, List.of());
    }

    /** The views' SQL as the engine ships it: read from query-engine's sources, so there is one copy. */
    @Override
    public Optional<String> definition(String view) {
        Path file = VIEW_SOURCES.resolve(view + ".sql");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Set<String> schemas() {
        return new java.util.LinkedHashSet<>(List.of("a", "b")); // in the order opened, as the engine gives them
    }

    private static Column column(String name, String type) {
        return new Column(name, type);
    }
}
