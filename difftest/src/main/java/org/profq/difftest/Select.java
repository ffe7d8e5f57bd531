package org.profq.difftest;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A generated SELECT as parts the minimiser can drop one at a time: the joined relations,
 * the WHERE conjuncts, the output columns, GROUP BY, HAVING, an ORDER BY over every output
 * column with LIMIT and OFFSET, and a second SELECT it is combined with (UNION, INTERSECT,
 * EXCEPT). Output columns are named {@code c0}, {@code c1}, ... in order.
 */
final class Select {
    /** One relation of FROM: the first has no join; the others are joined {@code on} a condition. */
    record From(String join, String relation, String alias, String on) {
    }

    /** An output column: its expression, and whether its value is a float (which no ORDER BY with LIMIT may rank). */
    record Item(String expression, boolean real) {
    }

    boolean distinct;
    List<Item> items = new ArrayList<>();
    List<From> from = new ArrayList<>();
    List<String> where = new ArrayList<>();
    List<String> groupBy = new ArrayList<>();
    List<String> having = new ArrayList<>();
    /** The direction of each output column in the ORDER BY over all of them ("ASC NULLS FIRST", ...); empty: no ORDER BY. */
    List<String> order = new ArrayList<>();
    Integer limit;
    Integer offset;
    String setOperator;
    Select right;

    Select copy() {
        Select copy = new Select();
        copy.distinct = distinct;
        copy.items = new ArrayList<>(items);
        copy.from = new ArrayList<>(from);
        copy.where = new ArrayList<>(where);
        copy.groupBy = new ArrayList<>(groupBy);
        copy.having = new ArrayList<>(having);
        copy.order = new ArrayList<>(order);
        copy.limit = limit;
        copy.offset = offset;
        copy.setOperator = setOperator;
        copy.right = right == null ? null : right.copy();
        return copy;
    }

    /** Whether the ORDER BY fixes every row's place: it ranks every output column and none of them is a float. */
    boolean fullyOrdered() {
        return !order.isEmpty() && order.size() == items.size() && items.stream().noneMatch(Item::real);
    }

    /** Whether {@code alias} is named anywhere but in its own FROM entry. */
    boolean uses(String alias, From except) {
        Pattern named = Pattern.compile("\\b" + Pattern.quote(alias) + "\\.");
        List<String> texts = new ArrayList<>(where);
        items.forEach(item -> texts.add(item.expression()));
        texts.addAll(groupBy);
        texts.addAll(having);
        for (From other : from) {
            if (other != except && other.on() != null) {
                texts.add(other.on());
            }
        }
        return texts.stream().anyMatch(text -> named.matcher(text).find());
    }

    String sql() {
        StringBuilder sql = new StringBuilder(core());
        if (setOperator != null) {
            sql.append(' ').append(setOperator).append(' ').append(right.core());
        }
        if (!order.isEmpty()) {
            List<String> terms = new ArrayList<>();
            for (int i = 0; i < order.size() && i < items.size(); i++) {
                terms.add("c" + i + " " + order.get(i));
            }
            sql.append(" ORDER BY ").append(String.join(", ", terms));
        }
        if (limit != null) {
            sql.append(" LIMIT ").append(limit);
        }
        if (offset != null) {
            sql.append(" OFFSET ").append(offset);
        }
        return sql.toString();
    }

    /** The SELECT without its set operation, ORDER BY, LIMIT or OFFSET. */
    String core() {
        StringBuilder sql = new StringBuilder("SELECT ");
        if (distinct) {
            sql.append("DISTINCT ");
        }
        List<String> outputs = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            outputs.add(items.get(i).expression() + " AS c" + i);
        }
        sql.append(String.join(", ", outputs)).append(" FROM ").append(fromClause());
        if (!where.isEmpty()) {
            sql.append(" WHERE ").append(String.join(" AND ", where));
        }
        if (!groupBy.isEmpty()) {
            sql.append(" GROUP BY ").append(String.join(", ", groupBy));
        }
        if (!having.isEmpty()) {
            sql.append(" HAVING ").append(String.join(" AND ", having));
        }
        return sql.toString();
    }

    String fromClause() {
        StringBuilder sql = new StringBuilder();
        for (From source : from) {
            if (source.join() != null) {
                sql.append(' ').append(source.join()).append(' ');
            }
            sql.append(SqlNames.quote(source.relation())).append(" AS ").append(source.alias());
            if (source.on() != null) {
                sql.append(" ON ").append(source.on());
            }
        }
        return sql.toString();
    }

    String whereClause() {
        return where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where);
    }
}
