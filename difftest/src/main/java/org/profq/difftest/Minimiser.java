package org.profq.difftest;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Makes a failing check smaller while it still fails the same way: drops joins, WHERE
 * conjuncts, HAVING, GROUP BY keys, output columns, the set operation, ORDER BY and LIMIT,
 * DISTINCT, and turns outer joins into inner ones, one change at a time, keeping each change
 * after which the check still fails the same way ({@link #sameFailure}), until none helps (or
 * the budget of checks is spent).
 */
final class Minimiser {
    private static final int BUDGET = 120;

    private final Function<TestCase, Outcome> check;
    private int spent;

    Minimiser(Function<TestCase, Outcome> check) {
        this.check = check;
    }

    /** The smallest failing check found from {@code failing}, with its outcome. */
    Minimised minimise(TestCase failing, Outcome outcome) {
        TestCase current = failing;
        Outcome currentOutcome = outcome;
        boolean smaller = true;
        while (smaller && spent < BUDGET) {
            smaller = false;
            for (TestCase candidate : candidates(current)) {
                if (spent++ >= BUDGET) {
                    break;
                }
                Outcome tried = check.apply(candidate);
                if (sameFailure(outcome, tried)) {
                    current = candidate;
                    currentOutcome = tried;
                    smaller = true;
                    break;
                }
            }
        }
        return new Minimised(current, currentOutcome);
    }

    record Minimised(TestCase test, Outcome outcome) {
    }

    /**
     * Whether {@code tried} fails as {@code original} does: with the same verdict and, for an
     * error, for the same reason (profq's message with the statement's SQL and every number left
     * out, so that "Index -1 out of bounds for length 33" is the reason of a smaller query's
     * "length 16"). Without the reason, a TLP check whose partitions failed to compile was made
     * smaller until it named a table it had dropped, which fails too, but as a mistake of its own.
     */
    static boolean sameFailure(Outcome original, Outcome tried) {
        if (tried.verdict() != original.verdict()) {
            return false;
        }
        return original.verdict() != Outcome.Verdict.ERROR || reason(original).equals(reason(tried));
    }

    private static String reason(Outcome outcome) {
        Answer answer = outcome.profq();
        String failure = answer == null || !answer.failed() ? "" : answer.failure();
        if (outcome.sql() != null) {
            failure = failure.replace(outcome.sql(), "");
        }
        return failure.replaceAll("\\d+", "#");
    }

    private static List<TestCase> candidates(TestCase test) {
        List<TestCase> candidates = new ArrayList<>();
        if (test instanceof TestCase.Differential differential) {
            smaller(differential.query()).forEach(select -> candidates.add(new TestCase.Differential(select)));
        } else if (test instanceof TestCase.Partitioned partitioned) {
            smaller(partitioned.query()).forEach(select -> candidates.add(new TestCase.Partitioned(select, partitioned.predicate())));
        } else if (test instanceof TestCase.Counted counted) {
            smaller(counted.query()).forEach(select -> candidates.add(new TestCase.Counted(select, counted.predicate())));
        }
        return candidates;
    }

    /** Every select one change smaller than {@code select}, the biggest changes first. */
    static List<Select> smaller(Select select) {
        List<Select> smaller = new ArrayList<>();
        if (select.setOperator != null) {
            Select alone = select.copy();
            alone.setOperator = null;
            alone.right = null;
            smaller.add(alone);
        }
        for (int i = select.from.size() - 1; i > 0; i--) {
            Select.From source = select.from.get(i);
            if (!select.uses(source.alias(), source) && (select.right == null || !select.right.uses(source.alias(), source))) {
                Select without = select.copy();
                without.from.remove(i);
                if (without.right != null) {
                    without.right.from.remove(i);
                }
                smaller.add(without);
            }
        }
        for (int i = 0; i < select.where.size(); i++) {
            Select without = select.copy();
            without.where.remove(i);
            smaller.add(without);
        }
        if (select.right != null) {
            for (int i = 0; i < select.right.where.size(); i++) {
                Select without = select.copy();
                without.right.where.remove(i);
                smaller.add(without);
            }
        }
        if (!select.having.isEmpty()) {
            Select without = select.copy();
            without.having.clear();
            smaller.add(without);
        }
        if (!select.order.isEmpty() || select.limit != null || select.offset != null) {
            Select without = select.copy();
            without.order.clear();
            without.limit = null;
            without.offset = null;
            smaller.add(without);
        }
        if (select.offset != null) {
            Select without = select.copy();
            without.offset = null;
            smaller.add(without);
        }
        for (int i = 0; i < select.groupBy.size(); i++) {
            Select without = select.copy();
            without.groupBy.remove(i);
            smaller.add(without);
        }
        if (select.items.size() > 1) {
            for (int i = 0; i < select.items.size(); i++) {
                Select without = select.copy();
                without.items.remove(i);
                if (i < without.order.size()) {
                    without.order.remove(i);
                }
                if (without.right != null) {
                    without.right.items.remove(i);
                }
                smaller.add(without);
            }
        }
        if (select.distinct) {
            Select without = select.copy();
            without.distinct = false;
            smaller.add(without);
        }
        for (int i = 1; i < select.from.size(); i++) {
            Select.From source = select.from.get(i);
            if (!source.join().equals("JOIN")) {
                Select inner = select.copy();
                inner.from.set(i, new Select.From("JOIN", source.relation(), source.alias(), source.on()));
                if (inner.right != null) {
                    inner.right.from.set(i, inner.from.get(i));
                }
                smaller.add(inner);
            }
            int and = source.on().indexOf(" AND ");
            if (and > 0) {
                Select plainOn = select.copy();
                plainOn.from.set(i, new Select.From(source.join(), source.relation(), source.alias(), source.on().substring(0, and)));
                if (plainOn.right != null) {
                    plainOn.right.from.set(i, plainOn.from.get(i));
                }
                smaller.add(plainOn);
            }
        }
        return smaller;
    }
}
