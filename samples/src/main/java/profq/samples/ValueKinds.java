package profq.samples;

/**
 * One call of {@code describe} with a parameter of every kind the value profiler knows: a
 * primitive of each value kind, a string, an enum constant, null, an object, an array and a
 * boxed int; then {@code greet} twice with the same string and once with another.
 */
public final class ValueKinds {
    public static void main(String[] args) {
        Shape shape = new Shape();
        String text = describe(42, 5_000_000_000L, 2.5, true, 'x', "profq", Color.GREEN, null, shape, new int[] {1, 2}, 7);
        String greetings = shape.greet("Ada") + shape.greet("Ada") + shape.greet("Grace");
        System.out.println(text.length() + " " + greetings.length());
    }

    static String describe(int i, long l, double d, boolean b, char c, String s, Color color, Object none, Shape shape,
                           int[] array, Integer boxed) {
        return "" + i + l + d + b + c + s + color + none + shape.sides + array.length + boxed;
    }

    enum Color { RED, GREEN }

    static final class Shape {
        int sides = 3;

        String greet(String name) {
            return "hello " + name;
        }
    }
}
