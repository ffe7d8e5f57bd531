package sample;

import java.util.ArrayList;
import java.util.List;

/** Splits a line into its words: the program under test. */
public class Parser {
    public List<String> parse(String line) {
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
}
