package org.profq.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class's tests, or one test, with its own window of the profq recording of the
 * test's JVM (which must run with profq's agent): the test method's thread from its start to its
 * end, or to the first question asked of its {@link TestProfile} parameter. The test asks that
 * profile for exact counts ({@code profile.allocationsAt("com.example.Parser.parse(*)").isAtMost(120)}),
 * or names a baseline file whose counts its window must not exceed:
 *
 * <pre>{@code
 * @Profq(baseline = "src/test/profq/parse.baseline")
 * @Test
 * void parses() { ... }
 * }</pre>
 *
 * A baseline is the file {@code profq check --save} writes; run the tests with
 * {@code -Dprofq.updateBaselines=true} to write (or rewrite) every baseline from the test's window.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@ExtendWith(ProfqExtension.class)
public @interface Profq {
    /**
     * The baseline: on a test method, a file; on a test class, a directory holding one file per
     * test method, {@code <method name>.baseline}. A relative path is resolved against the working
     * directory (a Maven module's directory under Surefire). Empty: no baseline.
     */
    String baseline() default "";
}
