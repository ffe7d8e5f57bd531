package profq.samples.udfs;

import org.profq.udf.Description;

/**
 * An example jar of SQL functions for profq, built by the reactor as
 * {@code samples/target/profq-samples-<version>-udfs.jar}: {@code profq sql --udf <that jar>
 * run.profq}, or copy it into {@code ~/.profq/udfs}. Every public static method of a public
 * class is a scalar function named like the method; {@link Description} gives the line
 * {@code \functions} shows (and may rename the function). SQL NULL comes as Java null for an
 * object parameter: a function decides what it gives for it (these give NULL back). A
 * primitive parameter ({@code long n}) gets no NULL: Calcite gives NULL without calling.
 * {@link GeoMean} is an aggregate.
 */
public final class TextFunctions {

    private TextFunctions() {
    }

    @Description("the method's name alone: a.b.C.run(int) is run")
    public static String method_name(String signature) {
        if (signature == null) {
            return null;
        }
        int open = signature.indexOf('(');
        String qualified = open < 0 ? signature : signature.substring(0, open);
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }

    @Description("the text in upper case")
    public static String shout(String text) {
        return text == null ? null : text.toUpperCase(java.util.Locale.ROOT);
    }

    @Description("10 divided by n: fails when n is 0, to show how profq reports a function that throws")
    public static long ten_over(long n) {
        return 10 / n;
    }
}
