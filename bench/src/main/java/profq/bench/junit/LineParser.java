package profq.bench.junit;

import java.util.ArrayList;
import java.util.List;

/** The code the extension-cost benchmark's tests test: splits lines into words, calls and allocations in loops. */
public final class LineParser {
    public List<String> words(String line) {
        List<String> words = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= line.length(); i++) {
            if (i == line.length() || line.charAt(i) == ' ') {
                words.add(word(line, start, i));
                start = i + 1;
            }
        }
        return words;
    }

    String word(String line, int from, int to) {
        return new StringBuilder(to - from).append(line, from, to).toString();
    }

    /** Words in {@code lines} lines of {@code words} words each. */
    public int count(int lines, int words) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < words; i++) {
            line.append(i == 0 ? "" : " ").append("word").append(i);
        }
        int total = 0;
        for (int i = 0; i < lines; i++) {
            total += words(line.toString()).size();
        }
        return total;
    }
}
