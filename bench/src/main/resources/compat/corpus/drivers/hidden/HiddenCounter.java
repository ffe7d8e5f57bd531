package profq.corpus;

import java.util.function.IntSupplier;

/** Never loaded by name: HiddenClasses defines its bytes as hidden classes. */
public final class HiddenCounter implements IntSupplier {
    private int count;

    @Override
    public int getAsInt() {
        return ++count;
    }
}
