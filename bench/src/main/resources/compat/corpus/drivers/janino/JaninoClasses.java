package profq.corpus;

import org.codehaus.commons.compiler.IExpressionEvaluator;
import org.codehaus.janino.ExpressionEvaluator;
import org.codehaus.janino.SimpleCompiler;

/** Janino: Java source compiled to class files in memory at run time, an expression and a whole class. */
public class JaninoClasses {
    public static void main(String[] args) throws Exception {
        ExpressionEvaluator expression = new ExpressionEvaluator();
        expression.setParameters(new String[] {"a", "b"}, new Class[] {int.class, int.class});
        expression.setExpressionType(int.class);
        expression.cook("a * a + b * 3");
        int sum = 0;
        for (int i = 0; i < 50; i++) {
            sum += (Integer) expression.evaluate(new Object[] {i, i + 1});
        }
        System.out.println("expression sum " + sum);
        SimpleCompiler compiler = new SimpleCompiler();
        compiler.cook("package gen; public class Words { public static String join(String[] w) {"
                + " StringBuilder b = new StringBuilder(); for (int i = w.length - 1; i >= 0; i--) { b.append(w[i]).append(' '); }"
                + " return b.toString().trim(); } }");
        Class<?> words = compiler.getClassLoader().loadClass("gen.Words");
        System.out.println(words.getMethod("join", String[].class).invoke(null, (Object) new String[] {"one", "two", "three"}));
        System.out.println(IExpressionEvaluator.class.getSimpleName() + " ok");
    }
}
