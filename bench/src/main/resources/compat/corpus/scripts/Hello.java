package corpus;

import java.util.ArrayList;
import java.util.List;

/** Compiled by ecj in the corpus: one unchecked warning, so the compiler says something. */
public class Hello {
    @SuppressWarnings("rawtypes")
    static List names() {
        return new ArrayList();
    }

    public static void main(String[] args) {
        List raw = names();
        raw.add("x");
        System.out.println(raw);
    }
}
