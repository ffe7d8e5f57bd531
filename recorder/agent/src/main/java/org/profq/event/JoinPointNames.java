package org.profq.event;

import java.util.concurrent.atomic.AtomicInteger;

import org.aspectj.lang.JoinPoint;
import org.aspectj.lang.Signature;
import org.aspectj.lang.reflect.AdviceSignature;
import org.aspectj.lang.reflect.CatchClauseSignature;
import org.aspectj.lang.reflect.ConstructorSignature;
import org.aspectj.lang.reflect.FieldSignature;
import org.aspectj.lang.reflect.InitializerSignature;
import org.aspectj.lang.reflect.MethodSignature;
import org.aspectj.lang.reflect.SourceLocation;
import org.aspectj.runtime.reflect.Factory;

/**
 * What woven classes' static initialisers call to make their join points' static parts, in place
 * of AspectJ's {@code Factory} (the weaver's output is rewritten so: {@code JoinPointRewrite}).
 * Each method takes the {@code Factory} the woven code made, then the arguments AspectJ's method
 * of the same name takes, and makes a {@link NamedStaticPart} or {@link NamedSignature} from the
 * names alone: no class is loaded, so a class initialises under profq exactly as without it,
 * whatever its signatures refer to.
 *
 * <p>Nothing here throws into the program's class initialisation: should a static part or
 * signature not be made, the woven class gets null for it, its events are recorded under the
 * unknown method (or not at all, for a use of a member, which the recording cannot name), and the
 * join points so left unnamed are counted and said in the recording's warnings at its end.
 */
public final class JoinPointNames {
    private static final AtomicInteger UNNAMED = new AtomicInteger();
    private static volatile String firstUnnamed;
    /** AspectJ numbers each woven class's static parts from 0 in the order they are made; so does this. */
    private static final ClassValue<AtomicInteger> NEXT_ID = new ClassValue<>() {
        @Override
        protected AtomicInteger computeValue(Class<?> type) {
            return new AtomicInteger();
        }
    };

    public static MethodSignature makeMethodSig(Factory factory, String modifiers, String name, String declaringType,
                                                String parameterTypes, String parameterNames, String exceptionTypes,
                                                String returnType) {
        try {
            return new NamedSignature.MethodNamed(factory, NamedSignature.modifiers(modifiers), name, declaringType, parameterTypes,
                    parameterNames, exceptionTypes, returnType);
        } catch (Throwable t) {
            notNamed(declaringType + "." + name, t);
            return null;
        }
    }

    public static ConstructorSignature makeConstructorSig(Factory factory, String modifiers, String declaringType,
                                                          String parameterTypes, String parameterNames, String exceptionTypes) {
        try {
            return new NamedSignature.ConstructorNamed(factory, NamedSignature.modifiers(modifiers), declaringType, parameterTypes,
                    parameterNames, exceptionTypes);
        } catch (Throwable t) {
            notNamed(declaringType + ".<init>", t);
            return null;
        }
    }

    public static InitializerSignature makeInitializerSig(Factory factory, String modifiers, String declaringType) {
        try {
            return new NamedSignature.InitializerNamed(factory, NamedSignature.modifiers(modifiers), declaringType);
        } catch (Throwable t) {
            notNamed(declaringType + " initialiser", t);
            return null;
        }
    }

    public static AdviceSignature makeAdviceSig(Factory factory, String modifiers, String name, String declaringType,
                                                String parameterTypes, String parameterNames, String exceptionTypes,
                                                String returnType) {
        try {
            return new NamedSignature.AdviceNamed(factory, NamedSignature.modifiers(modifiers), name, declaringType, parameterTypes,
                    parameterNames, exceptionTypes, returnType);
        } catch (Throwable t) {
            notNamed(declaringType + "." + name, t);
            return null;
        }
    }

    public static FieldSignature makeFieldSig(Factory factory, String modifiers, String name, String declaringType,
                                              String fieldType) {
        try {
            return new NamedSignature.FieldNamed(factory, NamedSignature.modifiers(modifiers), name, declaringType, fieldType);
        } catch (Throwable t) {
            notNamed(declaringType + "." + name, t);
            return null;
        }
    }

    public static CatchClauseSignature makeCatchClauseSig(Factory factory, String declaringType, String parameterType,
                                                          String parameterName) {
        try {
            return new NamedSignature.CatchClauseNamed(factory, declaringType, parameterType, parameterName);
        } catch (Throwable t) {
            notNamed(declaringType + " catch " + parameterType, t);
            return null;
        }
    }

    public static JoinPoint.StaticPart makeSJP(Factory factory, String kind, Signature signature, int line) {
        return staticPart(factory, kind, signature, null, line, -1);
    }

    public static JoinPoint.StaticPart makeSJP(Factory factory, String kind, Signature signature, int line, int column) {
        return staticPart(factory, kind, signature, null, line, column);
    }

    public static JoinPoint.StaticPart makeSJP(Factory factory, String kind, Signature signature, SourceLocation location) {
        return staticPart(factory, kind, signature, location, 0, -1);
    }

    public static JoinPoint.EnclosingStaticPart makeESJP(Factory factory, String kind, Signature signature, int line) {
        return staticPart(factory, kind, signature, null, line, -1);
    }

    public static JoinPoint.EnclosingStaticPart makeESJP(Factory factory, String kind, Signature signature, int line, int column) {
        return staticPart(factory, kind, signature, null, line, column);
    }

    public static JoinPoint.EnclosingStaticPart makeESJP(Factory factory, String kind, Signature signature, SourceLocation location) {
        return staticPart(factory, kind, signature, location, 0, -1);
    }

    /** Join points left unnamed so far: their signature or static part could not be made, or their names worked out. */
    static int unnamed() {
        return UNNAMED.get();
    }

    /** A join point left unnamed ({@code what}: as much of its name as is known); the first is kept for the warning. */
    static void notNamed(String what, Throwable why) {
        try {
            if (UNNAMED.getAndIncrement() == 0) {
                firstUnnamed = what + ": " + why;
            }
        } catch (Throwable ignored) {
            // counting failed (out of memory): the event goes under the unknown method all the same
        }
    }

    /** The warning the recording ends with when join points were left unnamed; null when none were. */
    static String warning() {
        int count = UNNAMED.get();
        if (count == 0) {
            return null;
        }
        return count == 1
                ? "1 join point could not be named (the first: " + firstUnnamed + "); its calls and allocations are recorded under"
                        + " the unknown method, its uses of members are not recorded"
                : count + " join points could not be named (the first: " + firstUnnamed + "); their calls and allocations are"
                        + " recorded under the unknown method, their uses of members are not recorded";
    }

    /** A static part; null (the failure counted) when its signature could not be made, or it cannot be. */
    private static NamedStaticPart staticPart(Factory factory, String kind, Signature signature, SourceLocation location, int line,
                                              int column) {
        if (signature == null) {
            return null; // counted when its signature failed
        }
        try {
            SourceLocation where = location != null ? location : factory.makeSourceLoc(line, column);
            return new NamedStaticPart(NEXT_ID.get(where.getWithinType()).getAndIncrement(), kind, signature, where);
        } catch (Throwable t) {
            notNamed("a " + kind + " join point", t);
            return null;
        }
    }

    private JoinPointNames() {
    }
}
