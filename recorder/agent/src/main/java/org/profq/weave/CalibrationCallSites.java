package org.profq.weave;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;

import org.aspectj.bridge.context.CompilationAndWeavingContext;
import org.aspectj.lang.JoinPoint;
import org.aspectj.weaver.loadtime.ClassLoaderWeavingAdaptor;
import org.aspectj.weaver.loadtime.definition.Definition;
import org.profq.event.CallSitesInPlace;

/**
 * Makes the call sites the overhead calibration measures in place ({@link CallSitesInPlace}):
 * {@link CalibrationClass} woven by AspectJ's load-time weaver with profq's aspects and weaver
 * options, as the program's classes are (the user's include and exclude patterns and aspects
 * aside: they choose the program's classes), and the same class unwoven, each defined by a loader
 * of its own that the program's weaving leaves alone ({@link #isCalibrationLoader}).
 */
public final class CalibrationCallSites {

    /** Defines one calibration class; its parent, profq's loader, gives it the aspects and the recorder. */
    private static final class CalibrationLoader extends ClassLoader {
        CalibrationLoader() {
            super("profq-calibration", CalibrationCallSites.class.getClassLoader());
        }

        Class<?> define(byte[] bytes) {
            return defineClass(CalibrationClass.NAME, bytes, 0, bytes.length);
        }
    }

    /** Whether a class being loaded is the calibration's: the program's weaver must not weave it again, nor count it. */
    static boolean isCalibrationLoader(ClassLoader loader) {
        return loader instanceof CalibrationLoader;
    }

    /**
     * The two call sites ({@link CallSitesInPlace.Maker}); throws with the reason when the class cannot
     * be woven or loaded.
     */
    public static CallSitesInPlace make(WeavingOptions options, Consumer<List<JoinPoint.StaticPart>> beforeFirstCall)
            throws ReflectiveOperationException {
        byte[] original = CalibrationClass.bytes();
        byte[] woven = weave(options, original);
        Class<?> wovenClass = new CalibrationLoader().define(woven);
        List<JoinPoint.StaticPart> staticParts = staticParts(wovenClass); // initialises it: no advice runs
        if (staticParts.isEmpty()) {
            throw new IllegalStateException("the weaver did not advise the calibration's class");
        }
        beforeFirstCall.accept(staticParts);
        return new CallSitesInPlace(instance(wovenClass), instance(new CalibrationLoader().define(original)));
    }

    private static byte[] weave(WeavingOptions options, byte[] original) {
        Definition definition = new Definition();
        for (WeavingOptions.Aspect aspect : options.aspects()) {
            definition.getAspectClassNames().add(aspect.className());
        }
        definition.getIncludePatterns().add(CalibrationClass.NAME);
        definition.appendWeaverOptions(WeaverConfiguration.WEAVER_OPTIONS);
        CalibrationLoader loader = new CalibrationLoader(); // the weaver's, never defines a class
        WeaverMessages.startClass();
        try {
            ClassLoaderWeavingAdaptor weaver = new ClassLoaderWeavingAdaptor();
            weaver.initialize(loader, new GivenDefinitionContext(loader, () -> definition));
            byte[] woven = weaver.weaveClass(CalibrationClass.NAME, original, false);
            String problem = WeaverMessages.errorInClass();
            if (problem != null || woven == null || woven == original) {
                throw new IllegalStateException(problem != null ? problem : "the weaver left the calibration's class as it was");
            }
            WovenClassCheck.Checked checked = WovenClassCheck.check(CalibrationCallSites.class.getClassLoader(), original, woven);
            if (checked.bytes() == null || !checked.methodsLeftUnwoven().isEmpty()) {
                throw new IllegalStateException("the woven calibration class would fail verification: " + checked.methodsLeftUnwoven());
            }
            return JoinPointRewrite.rewrite(checked.bytes()); // as the program's classes are, so the calibration measures their path
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } finally {
            CompilationAndWeavingContext.resetForThread();
        }
    }

    /** The join points AspectJ made for the woven class, in its {@code ajc$tjp_} fields. */
    private static List<JoinPoint.StaticPart> staticParts(Class<?> woven) throws IllegalAccessException {
        List<JoinPoint.StaticPart> parts = new ArrayList<>();
        for (Field field : woven.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) && JoinPoint.StaticPart.class.isAssignableFrom(field.getType())) {
                field.setAccessible(true);
                parts.add((JoinPoint.StaticPart) field.get(null));
            }
        }
        return parts;
    }

    private static LongUnaryOperator instance(Class<?> type) throws ReflectiveOperationException {
        return (LongUnaryOperator) type.getConstructor().newInstance();
    }

    private CalibrationCallSites() {
    }
}
