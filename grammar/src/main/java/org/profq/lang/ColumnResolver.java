package org.profq.lang;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.profq.lang.ProfqParser.ColumnsClauseContext;
import org.profq.lang.ProfqParser.NameContext;
import org.profq.lang.ProfqParser.OrderClauseContext;
import org.profq.lang.ProfqParser.OrderItemContext;

/**
 * The names a statement of one profile may use: its columns by their names, their short names
 * ({@code self} for self_ns) or the profile's aliases, and the words that filter on code; a name
 * that is none of them fails with the nearest one suggested.
 */
final class ColumnResolver {
    private final Profile profile;
    private final StatementErrors errors;

    ColumnResolver(Profile profile, StatementErrors errors) {
        this.profile = profile;
        this.errors = errors;
    }

    /** The columns clause as a SELECT list of {@code available}; {@code aliases} when the profile's aliases apply (not in a comparison). */
    String selectList(ColumnsClauseContext clause, List<ProfileCatalog.Column> available, boolean aliases) {
        List<String> names = new ArrayList<>();
        for (NameContext name : clause.name()) {
            names.add(resolve(name, available, aliases, "columns").name());
        }
        return String.join(", ", names);
    }

    /** The order by clause as SQL's ORDER BY keys over {@code available}. */
    String orderList(OrderClauseContext clause, List<ProfileCatalog.Column> available, boolean aliases) {
        List<String> keys = new ArrayList<>();
        for (OrderItemContext item : clause.orderItem()) {
            String column = resolve(item.name(), available, aliases, "order by").name();
            keys.add(item.direction == null ? column : column + " " + item.direction.getText().toUpperCase(Locale.ROOT));
        }
        return String.join(", ", keys);
    }

    /** A column of {@code available} by its name, its short name ({@code self} for self_ns) or a profile's alias. */
    private ProfileCatalog.Column resolve(NameContext name, List<ProfileCatalog.Column> available, boolean aliases, String clause) {
        Optional<ProfileCatalog.Column> found = lookUp(name.getText(), available, aliases);
        if (found.isPresent()) {
            return found.get();
        }
        List<String> candidates = candidates(available, aliases, false);
        String suggestion = Suggestions.didYouMean(name.getText(), candidates);
        String what = aliases ? profile.form : "the comparison";
        throw errors.at(name.getStart(), what + " has no column '" + name.getText() + "' for " + clause
                + (suggestion.isEmpty() ? "; its columns are " + names(available) : suggestion));
    }

    /** The column {@code typed} names, if any. */
    Optional<ProfileCatalog.Column> lookUp(String typed, List<ProfileCatalog.Column> available, boolean aliases) {
        String word = typed.toLowerCase(Locale.ROOT);
        String wanted = aliases ? profile.aliases.getOrDefault(word, word) : word;
        for (String name : List.of(wanted, wanted + "_ns")) {
            for (ProfileCatalog.Column column : available) {
                if (column.name().equalsIgnoreCase(name)) {
                    return Optional.of(column);
                }
            }
        }
        return Optional.empty();
    }

    /** Every name a user may write for a column of {@code available} (and, with {@code filters}, the filter words): for suggestions. */
    List<String> candidates(List<ProfileCatalog.Column> available, boolean aliases, boolean filters) {
        Set<String> candidates = new LinkedHashSet<>();
        for (ProfileCatalog.Column column : available) {
            candidates.add(column.name());
            if (column.name().endsWith("_ns")) {
                candidates.add(column.name().substring(0, column.name().length() - 3));
            }
        }
        if (aliases) {
            candidates.addAll(profile.aliases.keySet());
        }
        if (filters) {
            candidates.addAll(filterWords());
        }
        return new ArrayList<>(candidates);
    }

    /** The words that filter the profile's rows by code (and thread, where its rows have one). */
    List<String> filterWords() {
        List<String> words = new ArrayList<>(List.of("method", "class", "package"));
        if (profile == Profile.CALLS_OF || profile.threadRows() != null) {
            words.add("thread");
        }
        if (profile.code == Profile.Code.TYPE) {
            words.remove("method");
        }
        return words;
    }

    static String names(List<ProfileCatalog.Column> available) {
        return available.stream().map(ProfileCatalog.Column::name).collect(Collectors.joining(", "));
    }
}
