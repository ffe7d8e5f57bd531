package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each view's header names exactly the tables and views its SQL reads ("Builds on:"); a view
 * comes after the views it builds on; the helper views, and only they, are private ('_').
 */
class ProfileViewsTest {
    private static final Pattern READ = Pattern.compile("\\b(?:FROM|JOIN)\\s+(\\w+)");
    private static final Pattern COMMON_TABLE = Pattern.compile("(?:\\bWITH|,)\\s*(\\w+)\\s+AS\\s*\\(");

    static Stream<String> everyView() {
        return Stream.concat(ProfileViews.HELPERS.stream(), ProfileViews.NAMES.stream());
    }

    @ParameterizedTest
    @MethodSource("everyView")
    void theHeaderNamesWhatTheViewReads(String view) {
        String sql = ProfileViews.sql(view).lines().filter(line -> !line.startsWith("--")).reduce("", (a, b) -> a + "\n" + b);
        Set<String> read = new TreeSet<>(matches(READ, sql));
        read.removeAll(matches(COMMON_TABLE, sql));
        assertEquals(read, new TreeSet<>(ProfileViews.doc(view).buildsOn()));
    }

    @Test
    void aViewComesAfterTheViewsItBuildsOn() {
        List<String> order = everyView().toList();
        for (String view : order) {
            for (String used : ProfileViews.doc(view).buildsOn()) {
                if (order.contains(used)) {
                    assertTrue(order.indexOf(used) < order.indexOf(view), view + " builds on " + used + ", listed after it");
                }
            }
        }
    }

    @Test
    void theHelpersAndOnlyThemArePrivate() {
        assertTrue(ProfileViews.HELPERS.stream().allMatch(view -> view.startsWith("_")), ProfileViews.HELPERS.toString());
        assertTrue(ProfileViews.NAMES.stream().noneMatch(view -> view.startsWith("_")), ProfileViews.NAMES.toString());
    }

    private static List<String> matches(Pattern pattern, String text) {
        List<String> found = new ArrayList<>();
        for (Matcher matcher = pattern.matcher(text); matcher.find(); ) {
            found.add(matcher.group(1));
        }
        return found;
    }
}
