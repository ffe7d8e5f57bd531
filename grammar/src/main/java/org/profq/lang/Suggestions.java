package org.profq.lang;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The nearest word to a misspelling, by edit distance (a swap of two letters counts as one edit):
 * the language's "did you mean", and the command line's, so that both suggest alike.
 */
public final class Suggestions {

    /** The candidate nearest to {@code typed}, if one is near enough to be what was meant; the first wins a tie. */
    public static Optional<String> nearest(String typed, Collection<String> candidates) {
        String word = typed.toLowerCase(Locale.ROOT);
        int allowed = word.length() <= 3 ? 1 : word.length() <= 6 ? 2 : 3;
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int distance = distance(word, candidate.toLowerCase(Locale.ROOT));
            if (distance > 0 && distance <= allowed && distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return Optional.ofNullable(best);
    }

    /** " did you mean 'x'?" or "". */
    public static String didYouMean(String typed, Collection<String> candidates) {
        return nearest(typed, candidates).map(word -> "; did you mean '" + word + "'?").orElse("");
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    private Suggestions() {
    }
}
