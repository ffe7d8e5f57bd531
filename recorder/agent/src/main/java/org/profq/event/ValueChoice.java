package org.profq.event;

import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

import org.aspectj.lang.JoinPoint;
import org.aspectj.lang.Signature;
import org.aspectj.lang.reflect.CodeSignature;
import org.aspectj.lang.reflect.ConstructorSignature;

/**
 * Which methods' calls the value profiler records ({@code values=}): each method's name,
 * {@code package.Class.method} ({@code <init>} for a constructor, nested classes with {@code .}),
 * is matched once against the patterns, globs in which {@code *} is any run of characters.
 * The decision is kept by the join point's static part, so each later call of a method costs one
 * field read (the {@code if()} of ValueAspect; an identity look-up for a static part AspectJ made).
 */
public final class ValueChoice {
    /**
     * A chosen method: what recording its parameters needs, worked out once from names.
     * {@code declaredKinds[position]} is the {@code VALUE_*} kind of a primitive parameter, 0 for a
     * reference (the receiver, position 0, always).
     */
    record ChosenMethod(int methodId, boolean hasReceiver, int[] declaredKinds) {
    }

    private static volatile List<Pattern> patterns = List.of();
    /** Static part AspectJ made → 0 (not chosen) or the index of its {@link ChosenMethod} in {@link #chosen}. */
    private static final IdentityIds DECIDED = new IdentityIds();
    private static volatile ChosenMethod[] chosen = new ChosenMethod[16];
    /** Chosen methods so far: {@code chosen[1..count]}. */
    private static int count;
    private static Dictionary dictionary;

    /** Chooses the methods matching {@code globs}; called before the weaver starts. */
    static synchronized void start(List<String> globs, Dictionary names) {
        dictionary = names;
        patterns = globs.stream().map(ValueChoice::regex).toList();
    }

    /** Whether calls of the method of {@code execution} are value-profiled. Lock-free once decided. */
    public static boolean isChosen(JoinPoint.StaticPart execution) {
        if (execution == null) {
            return false; // a class-initialisation cycle: AspectJ has no static part yet; or it could not be made
        }
        try {
            int decision = decision(execution);
            return decision > 0 || (decision < 0 && decide(execution) > 0);
        } catch (Throwable t) {
            Recorder.internalError(t); // woven code calls this from its if() test, outside the recorder's guards
            return false;
        }
    }

    /** The chosen method of {@code execution}, which {@link #isChosen} accepted. */
    static ChosenMethod chosen(JoinPoint.StaticPart execution) {
        return chosen[decision(execution)];
    }

    /** The decision kept for {@code execution}: by the static part itself when profq made it, else by identity; -1 before. */
    private static int decision(JoinPoint.StaticPart execution) {
        return execution instanceof NamedStaticPart named ? named.valueChoice : DECIDED.get(execution);
    }

    /** Whether {@code name} ({@code package.Class.method}) matches a pattern. */
    static boolean matches(List<Pattern> patterns, String name) {
        for (Pattern pattern : patterns) {
            if (pattern.matcher(name).matches()) {
                return true;
            }
        }
        return false;
    }

    /** A glob as a regular expression: {@code *} is any run of characters; {@code $} and {@code .} both separate nested classes. */
    static Pattern regex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (String literal : glob.replace('$', '.').split("\\*", -1)) {
            if (regex.length() > 0) {
                regex.append(".*");
            }
            regex.append(Pattern.quote(literal));
        }
        return Pattern.compile(regex.toString());
    }

    /**
     * Decides once per static part, outside the lock (naming a method AspectJ made a static part of
     * can load classes). A method whose names cannot be worked out is not chosen.
     */
    private static int decide(JoinPoint.StaticPart execution) {
        ChosenMethod method = null;
        try {
            Signature signature = execution.getSignature();
            boolean constructor = signature instanceof ConstructorSignature;
            String name = signature.getDeclaringTypeName().replace('$', '.') + "." + (constructor ? "<init>" : signature.getName());
            if (matches(patterns, name) && signature instanceof CodeSignature code) {
                boolean receiver = !constructor && !Modifier.isStatic(signature.getModifiers());
                method = new ChosenMethod(dictionary.methodId(execution), receiver, declaredKinds(code));
            }
        } catch (Throwable t) {
            JoinPointNames.notNamed("a " + execution.getKind() + " join point", t);
            method = null;
        }
        synchronized (ValueChoice.class) {
            int known = decision(execution);
            if (known >= 0) {
                return known;
            }
            int index = 0;
            if (method != null) {
                index = ++count;
                ChosenMethod[] grown = index < chosen.length ? chosen : Arrays.copyOf(chosen, chosen.length * 2);
                grown[index] = method;
                chosen = grown; // a volatile write: published before the decision that points into it
            }
            if (execution instanceof NamedStaticPart named) {
                named.valueChoice = index;
            } else {
                DECIDED.put(execution, index);
            }
            return index;
        }
    }

    /** The {@code VALUE_*} kind of each position's declared type (0: a reference), from names where woven code gave them. */
    private static int[] declaredKinds(CodeSignature code) {
        if (code instanceof NamedSignature.Code named) {
            String[] names = named.parameterTypeNames();
            int[] kinds = new int[names.length + 1];
            for (int i = 0; i < names.length; i++) {
                kinds[i + 1] = TypeNames.primitiveKind(names[i]);
            }
            return kinds;
        }
        Class<?>[] types = code.getParameterTypes(); // a signature AspectJ made resolved them already
        int[] kinds = new int[types.length + 1];
        for (int i = 0; i < types.length; i++) {
            kinds[i + 1] = types[i].isPrimitive() ? TypeNames.primitiveKind(types[i].getName()) : 0;
        }
        return kinds;
    }

    private ValueChoice() {
    }
}
