package profq.corpus;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** javac 17: records, a sealed hierarchy, enums with bodies, pattern matching for instanceof, switch expressions, text blocks. */
public final class Java17Features {
    sealed interface Shape permits Circle, Square, Group {}
    record Circle(double r) implements Shape {}
    record Square(double side) implements Shape {}
    record Group(List<Shape> members) implements Shape {
        Group {
            members = List.copyOf(members);
        }
    }

    enum Operation {
        ADD { int apply(int a, int b) { return a + b; } },
        SUBTRACT { int apply(int a, int b) { return a - b; } },
        MULTIPLY { int apply(int a, int b) { return a * b; } };

        abstract int apply(int a, int b);
    }

    static double area(Shape shape) {
        if (shape instanceof Circle c) {
            return Math.PI * c.r() * c.r();
        } else if (shape instanceof Square s) {
            return s.side() * s.side();
        } else if (shape instanceof Group g) {
            return g.members().stream().mapToDouble(Java17Features::area).sum();
        }
        throw new IllegalArgumentException();
    }

    public static void main(String[] args) {
        List<Shape> shapes = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            shapes.add(switch (i % 3) {
                case 0 -> new Circle(i);
                case 1 -> new Square(i);
                default -> new Group(List.of(new Circle(1), new Square(i)));
            });
        }
        System.out.printf("total area %.3f%n", shapes.stream().mapToDouble(Java17Features::area).sum());
        System.out.println(shapes.get(2));
        Map<String, Integer> results = new TreeMap<>();
        for (Operation operation : Operation.values()) {
            results.put(operation.name(), operation.apply(7, 3));
        }
        System.out.println(results);
        String text = """
                records: %d
                largest: %s
                """.formatted(shapes.size(), shapes.stream().max(Comparator.comparingDouble(Java17Features::area)).orElseThrow());
        System.out.print(text);
    }
}
