package org.profq.difftest;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.profq.difftest.Catalogue.Column;
import org.profq.difftest.Catalogue.Kind;
import org.profq.difftest.Catalogue.Relation;

/**
 * Random but valid SQL over one recording's {@link Catalogue}, the same for the same seed.
 * FROM joins up to four relations (inner, left, right and full joins) on the key column pairs the
 * schema has, found by name ({@code x_id = x_id}, {@code parent_call_id = call_id}), and now and
 * then on a pair it does not have; a join whose estimated size passes {@link #MAX_JOIN_ROWS} is
 * not made. WHERE has predicates on columns of every kind, NULL tests, comparisons of two
 * columns, arithmetic, COALESCE, NOT/AND/OR, and subqueries: IN and NOT IN (semi and anti
 * joins), EXISTS and NOT EXISTS correlated on a key, scalar aggregates (correlated or not).
 * The query is a plain selection (DISTINCT at times), a GROUP BY with every aggregate and
 * HAVING, a window function, or two selections combined by UNION [ALL], INTERSECT or EXCEPT;
 * an ORDER BY ranks every output column, with LIMIT and OFFSET only when that fixes the rows.
 * Every expression is written in SQL that Calcite and DuckDB read the same way: no division,
 * explicit NULLS FIRST/LAST, AVG over a DOUBLE, only aggregate scalar subqueries.
 */
final class QueryGenerator {
    /** The most rows a generated join may be estimated to give (so plain scans answer in time). */
    static final long MAX_JOIN_ROWS = 30_000;

    private final Catalogue catalogue;
    private final Random random;
    private final Literals literals;
    private int subqueries;

    /** A column of a relation in FROM, under the relation's alias. */
    private record Bound(String alias, Relation relation, Column column) {
        String ref() {
            return alias + "." + SqlNames.quote(column.name());
        }
    }

    QueryGenerator(Catalogue catalogue, Random random) {
        this.catalogue = catalogue;
        this.random = random;
        this.literals = new Literals(random);
    }

    /** The next check: mostly queries for the oracles, some metamorphic relations. */
    TestCase next() {
        int roll = random.nextInt(100);
        if (roll < 12) {
            Select base = selection(false);
            return new TestCase.Partitioned(base, predicate(scope(base), 2));
        }
        if (roll < 24) {
            Select base = new Select();
            from(base);
            if (random.nextInt(3) == 0) {
                base.where.add(predicate(scope(base), 1));
            }
            return new TestCase.Counted(base, predicate(scope(base), 2));
        }
        if (roll < 56) {
            return new TestCase.Differential(ordered(selection(true)));
        }
        if (roll < 78) {
            return new TestCase.Differential(ordered(grouped()));
        }
        if (roll < 88) {
            return new TestCase.Differential(ordered(windowed()));
        }
        return new TestCase.Differential(ordered(combined()));
    }

    // ---- queries

    private Select selection(boolean mayBeDistinct) {
        Select select = new Select();
        from(select);
        List<Bound> scope = scope(select);
        int columns = 1 + random.nextInt(4);
        for (int i = 0; i < columns; i++) {
            select.items.add(item(scope));
        }
        where(select, scope);
        select.distinct = mayBeDistinct && random.nextInt(5) == 0;
        return select;
    }

    private Select grouped() {
        Select select = new Select();
        from(select);
        List<Bound> scope = scope(select);
        int keys = random.nextInt(3);
        for (int i = 0; i < keys; i++) {
            Bound key = pick(scope);
            if (!select.groupBy.contains(key.ref())) {
                select.groupBy.add(key.ref());
                select.items.add(new Select.Item(key.ref(), key.column().kind() == Kind.REAL));
            }
        }
        int aggregates = 1 + random.nextInt(3);
        for (int i = 0; i < aggregates; i++) {
            select.items.add(aggregate(scope));
        }
        where(select, scope);
        if (random.nextInt(3) == 0) {
            select.having.add(having(scope));
        }
        return select;
    }

    private Select windowed() {
        Select select = selection(false);
        List<Bound> scope = scope(select);
        Bound partition = pick(scope);
        Bound measure = pickOrdered(scope);
        String over = random.nextBoolean() ? "PARTITION BY " + partition.ref() : "";
        String orderBy = "ORDER BY " + measure.ref() + direction();
        boolean real = false;
        String window;
        switch (random.nextInt(7)) {
            case 0 -> window = "COUNT(*) OVER (" + over + ")";
            case 1 -> {
                window = sumOf(scope) + " OVER (" + over + ")";
                real = sumIsReal;
            }
            case 2 -> {
                window = "MAX(" + measure.ref() + ") OVER (" + over + " " + orderBy + ")";
                real = measure.column().kind() == Kind.REAL;
            }
            case 3 -> window = "RANK() OVER (" + over + " " + orderBy + ")";
            case 4 -> window = "DENSE_RANK() OVER (" + over + " " + orderBy + ")";
            case 5 -> {
                window = sumOf(scope) + " OVER (" + over + " " + orderBy + ")";
                real = sumIsReal;
            }
            default -> {
                // deterministic: rows tied on every other output column are alike in the output
                List<String> terms = new ArrayList<>();
                for (Select.Item item : select.items) {
                    terms.add(item.expression() + direction());
                }
                window = "ROW_NUMBER() OVER (" + over + " ORDER BY " + String.join(", ", terms) + ")";
            }
        }
        select.items.add(new Select.Item(window, real));
        return select;
    }

    private Select combined() {
        Select left = selection(false);
        Select right = new Select();
        right.from = new ArrayList<>(left.from);
        right.items = new ArrayList<>(left.items);
        where(right, scope(right));
        if (right.where.isEmpty()) {
            right.where.add(predicate(scope(right), 1));
        }
        left.setOperator = switch (random.nextInt(6)) {
            case 0, 1 -> "UNION ALL";
            case 2 -> "UNION";
            case 3 -> "INTERSECT";
            case 4 -> "EXCEPT";
            default -> random.nextBoolean() ? "INTERSECT ALL" : "EXCEPT ALL";
        };
        left.right = right;
        return left;
    }

    /** Now and then an ORDER BY over every output column, with LIMIT and OFFSET when that fixes which rows they keep. */
    private Select ordered(Select select) {
        if (random.nextInt(3) != 0) {
            return select;
        }
        for (int i = 0; i < select.items.size(); i++) {
            select.order.add(direction().trim());
        }
        if (select.fullyOrdered() && random.nextBoolean()) {
            select.limit = random.nextInt(20);
            if (random.nextBoolean()) {
                select.offset = random.nextInt(6);
            }
        }
        return select;
    }

    // ---- FROM

    private void from(Select select) {
        Relation first = relation(4);
        select.from.add(new Select.From(null, first.name(), "t0", null));
        long estimate = Math.max(1, first.rows());
        int roll = random.nextInt(100);
        int joins = roll < 40 ? 0 : roll < 75 ? 1 : roll < 93 ? 2 : 3;
        for (int attempt = 0; select.from.size() <= joins && attempt < 20; attempt++) {
            List<Bound> scope = scope(select);
            Relation next = relation(6);
            List<Bound[]> pairs = joinPairs(scope, next, "t" + select.from.size());
            if (pairs.isEmpty()) {
                continue;
            }
            Bound[] pair = pairs.get(random.nextInt(pairs.size()));
            long size = estimate * Math.max(1, next.rows())
                    / Math.max(1, Math.max(pair[0].column().distinct(), pair[1].column().distinct()));
            String join = switch (random.nextInt(10)) {
                case 0, 1, 2 -> "LEFT JOIN";
                case 3 -> "RIGHT JOIN";
                case 4 -> "FULL JOIN";
                default -> "JOIN";
            };
            size = Math.max(size, join.equals("JOIN") ? 0 : estimate + next.rows());
            if (size > MAX_JOIN_ROWS) {
                continue;
            }
            String on = pair[0].ref() + " = " + pair[1].ref();
            if (random.nextInt(6) == 0) {
                // a condition on one side only: what an outer join must not turn into a filter
                List<Bound> joined = bounds(pair[1].alias(), next);
                on += " AND " + simplePredicate(random.nextBoolean() ? joined : scope, joined);
            }
            select.from.add(new Select.From(join, next.name(), pair[1].alias(), on));
            estimate = Math.max(1, size);
        }
    }

    /**
     * A relation: a profile view one time in {@code oneViewIn}, else a table. Views are rarer
     * because each costs profq a plan of its own SQL (a tenth of a second), and the views' results are checked
     * whole by every query over them anyway.
     */
    private Relation relation(int oneViewIn) {
        boolean view = random.nextInt(oneViewIn) == 0;
        List<Relation> kind = catalogue.relations().stream().filter(relation -> relation.view() == view).toList();
        List<Relation> from = kind.isEmpty() ? catalogue.relations() : kind;
        return from.get(random.nextInt(from.size()));
    }

    /** The pairs ({@code scope}'s column, {@code next}'s column) a join may be on: the schema's keys, or now and then any two integers. */
    private List<Bound[]> joinPairs(List<Bound> scope, Relation next, String alias) {
        List<Bound[]> keys = new ArrayList<>();
        List<Bound[]> others = new ArrayList<>();
        for (Bound left : scope) {
            if (left.column().kind() != Kind.INTEGRAL) {
                continue;
            }
            for (Column column : next.of(Kind.INTEGRAL)) {
                Bound right = new Bound(alias, next, column);
                (isKeyPair(left.column().name(), column.name()) ? keys : others).add(new Bound[] {left, right});
            }
        }
        return keys.isEmpty() || random.nextInt(8) == 0 ? others : keys;
    }

    /** Columns that name the same thing: {@code x_id} in both, or {@code parent_call_id} and {@code call_id}. */
    static boolean isKeyPair(String a, String b) {
        if (!a.endsWith("_id") || !b.endsWith("_id")) {
            return false;
        }
        return a.equals(b) || a.endsWith("_" + b) || b.endsWith("_" + a);
    }

    private static List<Bound> bounds(String alias, Relation relation) {
        List<Bound> bounds = new ArrayList<>();
        for (Column column : relation.columns()) {
            bounds.add(new Bound(alias, relation, column));
        }
        return bounds;
    }

    private List<Bound> scope(Select select) {
        List<Bound> scope = new ArrayList<>();
        for (Select.From source : select.from) {
            scope.addAll(bounds(source.alias(), catalogue.relation(source.relation())));
        }
        return scope;
    }

    // ---- output columns

    private Select.Item item(List<Bound> scope) {
        Bound column = pick(scope);
        String ref = column.ref();
        boolean real = column.column().kind() == Kind.REAL;
        return switch (random.nextInt(12)) {
            case 0 -> column.column().kind() == Kind.INTEGRAL ? new Select.Item(ref + " + " + random.nextInt(100), false)
                    : new Select.Item(ref, real);
            case 1 -> new Select.Item("COALESCE(" + ref + ", " + literals.literal(column.column()) + ")", real);
            case 2 -> column.column().kind() == Kind.TEXT ? new Select.Item("UPPER(" + ref + ")", false) : new Select.Item(ref, real);
            case 3 -> new Select.Item("CASE WHEN " + predicate(scope, 1) + " THEN " + ref + " ELSE NULL END", real);
            default -> new Select.Item(ref, real);
        };
    }

    private boolean sumIsReal;

    private String sumOf(List<Bound> scope) {
        List<Bound> numbers = scope.stream().filter(b -> b.column().kind() == Kind.INTEGRAL || b.column().kind() == Kind.REAL).toList();
        if (numbers.isEmpty()) {
            sumIsReal = false;
            return "COUNT(*)";
        }
        Bound number = pick(numbers);
        sumIsReal = number.column().kind() == Kind.REAL;
        return "SUM(" + number.ref() + ")";
    }

    private Select.Item aggregate(List<Bound> scope) {
        Bound column = pick(scope);
        String ref = column.ref();
        Kind kind = column.column().kind();
        return switch (random.nextInt(8)) {
            case 0 -> new Select.Item("COUNT(*)", false);
            case 1 -> new Select.Item("COUNT(" + ref + ")", false);
            case 2 -> new Select.Item("COUNT(DISTINCT " + ref + ")", false);
            case 3, 4 -> {
                String sum = sumOf(scope);
                yield new Select.Item(sum, sumIsReal);
            }
            case 5 -> kind == Kind.BOOL ? new Select.Item("COUNT(*)", false) : new Select.Item("MIN(" + ref + ")", kind == Kind.REAL);
            case 6 -> kind == Kind.BOOL ? new Select.Item("COUNT(" + ref + ")", false) : new Select.Item("MAX(" + ref + ")", kind == Kind.REAL);
            default -> kind == Kind.INTEGRAL || kind == Kind.REAL
                    ? new Select.Item("AVG(CAST(" + ref + " AS DOUBLE))", true) : new Select.Item("COUNT(DISTINCT " + ref + ")", false);
        };
    }

    private String having(List<Bound> scope) {
        if (random.nextBoolean()) {
            return "COUNT(*) " + literals.comparison() + " " + random.nextInt(5);
        }
        Bound column = pickOrdered(scope);
        String function = random.nextBoolean() ? "MIN" : "MAX";
        return function + "(" + column.ref() + ") " + literals.comparison() + " " + literals.literal(column.column());
    }

    // ---- predicates

    private void where(Select select, List<Bound> scope) {
        int conjuncts = random.nextInt(10) < 3 ? 0 : 1 + random.nextInt(3);
        for (int i = 0; i < conjuncts; i++) {
            select.where.add(random.nextInt(6) == 0 ? subqueryPredicate(scope) : predicate(scope, 2));
        }
    }

    /** A predicate over {@code scope}: a simple one, or NOT, AND, OR of smaller ones, {@code depth} levels at most. */
    private String predicate(List<Bound> scope, int depth) {
        if (depth <= 0 || random.nextInt(3) != 0) {
            return simplePredicate(scope, scope);
        }
        return switch (random.nextInt(3)) {
            case 0 -> "NOT (" + predicate(scope, depth - 1) + ")";
            case 1 -> "(" + predicate(scope, depth - 1) + " AND " + predicate(scope, depth - 1) + ")";
            default -> "(" + predicate(scope, depth - 1) + " OR " + predicate(scope, depth - 1) + ")";
        };
    }

    /** A predicate on one column of {@code scope}, or comparing it with another of {@code others}. */
    private String simplePredicate(List<Bound> scope, List<Bound> others) {
        Bound bound = pick(scope);
        Column column = bound.column();
        String ref = bound.ref();
        int roll = random.nextInt(20);
        if (roll == 0) {
            return ref + " IS NULL";
        }
        if (roll == 1) {
            return ref + " IS NOT NULL";
        }
        switch (column.kind()) {
            case BOOL -> {
                return switch (random.nextInt(5)) {
                    case 0 -> ref;
                    case 1 -> "NOT " + ref;
                    case 2 -> ref + " = " + (random.nextBoolean() ? "TRUE" : "FALSE");
                    case 3 -> ref + " IS NOT TRUE";
                    default -> ref + " IS FALSE";
                };
            }
            case TEXT -> {
                String value = literals.textValue(column);
                return switch (random.nextInt(7)) {
                    case 0 -> ref + " = " + Literals.quote(value);
                    case 1 -> ref + " <> " + Literals.quote(value);
                    case 2 -> ref + " LIKE " + Literals.quote(literals.likePrefix(value) + "%");
                    case 3 -> ref + " NOT LIKE " + Literals.quote("%" + literals.likeInfix(value) + "%");
                    case 4 -> ref + " " + literals.comparison() + " " + Literals.quote(value);
                    case 5 -> ref + " IN (" + Literals.quote(value) + ", " + Literals.quote(literals.textValue(column)) + ")";
                    default -> "COALESCE(" + ref + ", '') = " + Literals.quote(value);
                };
            }
            case REAL -> {
                return switch (random.nextInt(3)) {
                    case 0 -> ref + " BETWEEN " + literals.literal(column) + " AND " + literals.literal(column);
                    default -> ref + " " + (random.nextBoolean() ? "<" : ">=") + " " + literals.literal(column);
                };
            }
            default -> {
                List<Bound> integers = others.stream().filter(other -> other.column().kind() == Kind.INTEGRAL && other != bound).toList();
                return switch (random.nextInt(9)) {
                    case 0 -> ref + " BETWEEN " + literals.literal(column) + " AND " + literals.literal(column);
                    case 1 -> ref + " IN (" + literals.literal(column) + ", " + literals.literal(column) + ", " + literals.literal(column) + ")";
                    case 2 -> ref + " NOT IN (" + literals.literal(column) + ", " + literals.literal(column) + ")";
                    case 3 -> ref + " + " + random.nextInt(10) + " " + literals.comparison() + " " + literals.literal(column);
                    case 4 -> "COALESCE(" + ref + ", " + literals.literal(column) + ") " + literals.comparison() + " " + literals.literal(column);
                    case 5 -> integers.isEmpty() ? ref + " = " + literals.literal(column) : ref + " " + literals.comparison() + " " + pick(integers).ref();
                    case 6 -> ref + " = CAST(NULL AS BIGINT)";
                    default -> ref + " " + literals.comparison() + " " + literals.literal(column);
                };
            }
        }
    }

    /** IN, NOT IN, EXISTS, NOT EXISTS or a comparison with a scalar aggregate, over another relation. */
    private String subqueryPredicate(List<Bound> scope) {
        List<Bound> integers = scope.stream().filter(bound -> bound.column().kind() == Kind.INTEGRAL).toList();
        if (integers.isEmpty()) {
            return predicate(scope, 1);
        }
        Bound outer = pick(integers);
        String alias = "s" + subqueries++;
        // a relation with a column that is a key of the outer column, else any integer column
        List<Bound> related = new ArrayList<>();
        List<Bound> any = new ArrayList<>();
        for (Relation relation : catalogue.relations()) {
            for (Column column : relation.of(Kind.INTEGRAL)) {
                Bound inner = new Bound(alias, relation, column);
                (isKeyPair(outer.column().name(), column.name()) ? related : any).add(inner);
            }
        }
        Bound inner = !related.isEmpty() && random.nextInt(5) != 0 ? pick(related) : pick(any);
        if (inner.relation().view() && random.nextInt(3) != 0) {
            Relation table = relation(Integer.MAX_VALUE);
            if (!table.of(Kind.INTEGRAL).isEmpty()) {
                inner = new Bound(alias, table, table.of(Kind.INTEGRAL).get(random.nextInt(table.of(Kind.INTEGRAL).size())));
            }
        }
        List<Bound> innerScope = bounds(alias, inner.relation());
        String from = SqlNames.quote(inner.relation().name()) + " AS " + alias;
        String filter = random.nextBoolean() ? "" : " WHERE " + predicate(innerScope, 1);
        String and = filter.isEmpty() ? " WHERE " : filter + " AND ";
        return switch (random.nextInt(6)) {
            case 0 -> outer.ref() + " IN (SELECT " + inner.ref() + " FROM " + from + filter + ")";
            case 1 -> outer.ref() + " NOT IN (SELECT " + inner.ref() + " FROM " + from + filter + ")";
            case 2 -> "EXISTS (SELECT 1 FROM " + from + and + inner.ref() + " = " + outer.ref() + ")";
            case 3 -> "NOT EXISTS (SELECT 1 FROM " + from + and + inner.ref() + " = " + outer.ref() + ")";
            case 4 -> {
                Bound chosen = pickOrdered(innerScope);
                List<Bound> alike = scope.stream().filter(b -> b.column().kind() == chosen.column().kind()).toList();
                Bound measured = alike.isEmpty() ? inner : chosen; // compared with a column of its own kind
                Bound compared = alike.isEmpty() ? outer : pick(alike);
                yield compared.ref() + " " + literals.comparison() + " (SELECT " + (random.nextBoolean() ? "MAX" : "MIN") + "(" + measured.ref()
                        + ") FROM " + from + and + inner.ref() + " = " + outer.ref() + ")";
            }
            default -> outer.ref() + " " + literals.comparison() + " (SELECT COUNT(*) FROM " + from + filter + ")";
        };
    }

    private String direction() {
        return (random.nextBoolean() ? " ASC" : " DESC") + (random.nextBoolean() ? " NULLS FIRST" : " NULLS LAST");
    }

    private Bound pick(List<Bound> bounds) {
        return bounds.get(random.nextInt(bounds.size()));
    }

    /** A column that MIN, MAX and ORDER BY rank the same way in both engines: any but a truth value. */
    private Bound pickOrdered(List<Bound> scope) {
        List<Bound> ordered = scope.stream().filter(bound -> bound.column().kind() != Kind.BOOL).toList();
        return ordered.isEmpty() ? pick(scope) : pick(ordered);
    }
}
