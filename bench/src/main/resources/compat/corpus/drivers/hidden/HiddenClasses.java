package profq.corpus;

import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.util.function.IntSupplier;

/** Hidden classes: the bytes of a class of this program defined again as a hidden class (Lookup.defineHiddenClass). */
public final class HiddenClasses {
    public static void main(String[] args) throws Exception {
        byte[] bytes;
        try (InputStream in = HiddenClasses.class.getResourceAsStream("HiddenCounter.class")) {
            bytes = in.readAllBytes();
        }
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        for (int round = 1; round <= 3; round++) {
            Class<?> hidden = lookup.defineHiddenClass(bytes, true).lookupClass();
            IntSupplier counter = (IntSupplier) hidden.getDeclaredConstructor().newInstance();
            int last = 0;
            for (int i = 0; i < round * 10; i++) {
                last = counter.getAsInt();
            }
            System.out.println("round " + round + ": hidden " + hidden.isHidden() + ", counted to " + last);
        }
    }
}
