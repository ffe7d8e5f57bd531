package org.profq.lang;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.profq.lang.ProfqParser.PatternContext;
import org.profq.lang.ProfqParser.ProfileContext;

/**
 * The profiles a statement can ask for, each with the relation it reads (a profile view, or
 * for {@code calls of} the calls table joined to its names), the order its rows come in
 * unless {@code order by} says otherwise, the short names a filter may use beside the
 * columns, and how two recordings are compared (the key a row is matched by, the value
 * compared).
 */
enum Profile {
    HEAP_BY_METHOD("heap by method", "heap_by_method", "bytes DESC, method_id", Code.METHOD_ID,
            Map.of("size", "bytes", "method", "signature"), List.of("signature"), "bytes"),
    HEAP_BY_SITE("heap by site", "heap_by_site", "bytes DESC, site_id", Code.SIGNATURE,
            Map.of("size", "bytes", "method", "signature", "type", "type_name"), List.of("signature", "line", "type_name"), "bytes"),
    HEAP_BY_CLASS("heap by class", "heap_by_class", "bytes DESC, class_id", Code.TYPE,
            Map.of("size", "bytes", "type", "type_name", "class", "type_name"), List.of("type_name"), "bytes"),
    LIFETIME_BY_SITE("lifetime by site", "lifetime_by_site", "allocated_objects DESC, site_id", Code.SIGNATURE,
            Map.of("lifetime", "mean_ns", "method", "signature", "type", "type_name"), List.of("signature", "line", "type_name"),
            "mean_ns"),
    WASTE_BY_SITE("waste by site", "waste_by_site", "uses_observable DESC, est_bounded_waste_ns DESC, site_id", Code.SIGNATURE,
            Map.of("lifetime", "lifetime_ns", "method", "signature", "type", "type_name"), List.of("signature", "line", "type_name"),
            "est_waste_ns"),
    TIME_BY_METHOD("time by method", "time_by_method", "self_cpu_ns DESC, cpu_ns DESC, method_id", Code.METHOD_ID,
            Map.of("duration", "inclusive_ns", "self", "self_ns", "method", "signature"), List.of("signature"), "inclusive_ns"),
    TREE("tree", "call_tree", "path", Code.METHOD_ID,
            Map.of("duration", "inclusive_ns", "self", "self_ns"), List.of("path"), "inclusive_ns"),
    CALLS_OF("calls of", "calls_of", "start_ns, call_id", Code.METHOD_ID,
            Map.of("duration", "duration_ns", "self", "self_ns", "method", "signature"), List.of(), null),
    EXCEPTIONS_BY_SITE("exceptions by site", "exceptions_by_site", "throws DESC, signature, line", Code.SIGNATURE,
            Map.of("method", "signature", "type", "type_name"), List.of("signature", "line", "type_name"), "throws"),
    VALUES_OF("values of", "value_profile", "calls DESC, method_id, equality", Code.METHOD_ID,
            Map.of("method", "signature", "share", "top3_share"), List.of("signature", "equality"), "calls");

    /** How a filter on the code (method, class, package) reaches a row of the profile. */
    enum Code {
        /** The row has method_id: filter through methods (and classes). */
        METHOD_ID,
        /** The row has a signature but no method_id: filter by the signatures of matching methods. */
        SIGNATURE,
        /** The row is a type (heap by class): class is the type's name, package its package. */
        TYPE
    }

    /** The columns {@code calls of} gives: one row per execution of the methods it names. */
    static final List<ProfileCatalog.Column> CALLS_OF_COLUMNS = List.of(
            new ProfileCatalog.Column("call_id", "BIGINT"),
            new ProfileCatalog.Column("thread_id", "BIGINT"),
            new ProfileCatalog.Column("thread", "VARCHAR"),
            new ProfileCatalog.Column("method_id", "BIGINT"),
            new ProfileCatalog.Column("signature", "VARCHAR"),
            new ProfileCatalog.Column("depth", "INTEGER"),
            new ProfileCatalog.Column("start_ns", "BIGINT"),
            new ProfileCatalog.Column("duration_ns", "BIGINT"),
            new ProfileCatalog.Column("self_ns", "BIGINT"),
            new ProfileCatalog.Column("threw", "BOOLEAN"));

    /**
     * The table whose rows this profile adds up, each row carrying the thread it happened on
     * ({@code thread_id}): a thread filter keeps that thread's rows before the view adds them
     * up. Null where the filter works otherwise: calls of lists single calls with their
     * thread; values of has no thread.
     */
    String threadRows() {
        return switch (this) {
            case HEAP_BY_METHOD, HEAP_BY_SITE, HEAP_BY_CLASS, LIFETIME_BY_SITE, WASTE_BY_SITE -> "allocations";
            case TIME_BY_METHOD, TREE -> "_call_times"; // calls with their times compensated, what _compensated_calls selects
            case EXCEPTIONS_BY_SITE -> "exceptions";
            case CALLS_OF, VALUES_OF -> null;
        };
    }

    /** A view's name as someone might type it in place of the statement ("heap_by_method") and the statement meant. */
    static final Map<String, String> SPELLED_AS_VIEWS = new LinkedHashMap<>();

    static {
        for (Profile profile : values()) {
            if (profile.relation.contains("_by_")) {
                SPELLED_AS_VIEWS.put(profile.relation, profile.form);
            }
        }
        SPELLED_AS_VIEWS.put("call_tree", "tree");
    }

    final String form;
    final String relation;
    final String defaultOrder;
    final Code code;
    final Map<String, String> aliases;
    final List<String> compareKeys;
    final String compareValue;

    Profile(String form, String relation, String defaultOrder, Code code, Map<String, String> aliases,
            List<String> compareKeys, String compareValue) {
        this.form = form;
        this.relation = relation;
        this.defaultOrder = defaultOrder;
        this.code = code;
        this.aliases = aliases;
        this.compareKeys = compareKeys;
        this.compareValue = compareValue;
    }

    /** The profile a statement's profile clause asks for. */
    static Profile of(ProfileContext context) {
        if (context instanceof ProfqParser.HeapProfileContext heap) {
            return switch (heap.subject.getType()) {
                case ProfqParser.METHOD -> Profile.HEAP_BY_METHOD;
                case ProfqParser.SITE -> Profile.HEAP_BY_SITE;
                default -> Profile.HEAP_BY_CLASS;
            };
        }
        if (context instanceof ProfqParser.LifetimeProfileContext) {
            return Profile.LIFETIME_BY_SITE;
        }
        if (context instanceof ProfqParser.WasteProfileContext) {
            return Profile.WASTE_BY_SITE;
        }
        if (context instanceof ProfqParser.TimeProfileContext) {
            return Profile.TIME_BY_METHOD;
        }
        if (context instanceof ProfqParser.TreeProfileContext) {
            return Profile.TREE;
        }
        if (context instanceof ProfqParser.CallsProfileContext) {
            return Profile.CALLS_OF;
        }
        if (context instanceof ProfqParser.ExceptionsProfileContext) {
            return Profile.EXCEPTIONS_BY_SITE;
        }
        return Profile.VALUES_OF;
    }

    /** The pattern of a profile that names code (tree under, calls of, values of), or null. */
    static PatternContext patternOf(ProfileContext context) {
        if (context instanceof ProfqParser.TreeProfileContext tree) {
            return tree.pattern();
        }
        if (context instanceof ProfqParser.CallsProfileContext calls) {
            return calls.pattern();
        }
        if (context instanceof ProfqParser.ValuesProfileContext values) {
            return values.pattern();
        }
        return null;
    }
}
