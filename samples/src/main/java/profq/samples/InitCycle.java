package profq.samples;

/**
 * A class-initialisation cycle: {@code main} calls {@code Sub.hello()}, which first initialises
 * {@code Sub}'s superclass {@code Base}, whose static initialiser calls {@code Sub.hello()}
 * before {@code Sub}'s own initialiser has run. Woven code there sees AspectJ's static part
 * still null. {@code hello} runs twice.
 */
public final class InitCycle {
    public static void main(String[] args) {
        System.out.println("hello returned " + Sub.hello());
    }

    static class Base {
        static final int FROM_SUB = Sub.hello();
    }

    static class Sub extends Base {
        static int calls;

        static int hello() {
            return ++calls;
        }
    }
}
