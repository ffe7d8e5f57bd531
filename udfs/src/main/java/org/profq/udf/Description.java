package org.profq.udf;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a SQL function does, in one line, as {@code \functions} lists it; on a public static
 * method (a scalar function) or on an aggregate's class. {@code name} gives the SQL name when it
 * is not the method's name (or, for an aggregate, its class's simple name in snake case:
 * {@code GeoMean} is {@code geo_mean}). profq's own functions carry it, and so may a user's:
 *
 * <pre>{@code
 * @Description("the text in upper case")
 * public static String shout(String text) { return text.toUpperCase(); }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Description {
    /** One line: what the function returns. */
    String value();

    /** The function's SQL name; empty for the default. */
    String name() default "";
}
