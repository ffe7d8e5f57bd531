package profq.corpus;

import java.util.function.IntUnaryOperator;

import javassist.ClassPool;
import javassist.CtClass;
import javassist.CtNewMethod;

/** Javassist: a class compiled from Java source text at run time, defined beside this one. */
public class JavassistClasses {
    public static void main(String[] args) throws Exception {
        ClassPool pool = ClassPool.getDefault();
        CtClass made = pool.makeClass("profq.corpus.Squarer");
        made.addInterface(pool.get(IntUnaryOperator.class.getName()));
        made.addMethod(CtNewMethod.make("public int applyAsInt(int x) { int s = 0; for (int i = 0; i < x; i++) { s += x; } return s; }", made));
        Class<?> type = made.toClass(JavassistClasses.class);
        IntUnaryOperator squarer = (IntUnaryOperator) type.getDeclaredConstructor().newInstance();
        long total = 0;
        for (int i = 0; i < 100; i++) {
            total += squarer.applyAsInt(i);
        }
        System.out.println("sum of squares below 100: " + total);
        System.out.println("class " + type.getName() + " with " + type.getDeclaredMethods().length + " method");
    }
}
