package org.profq.event;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

import org.aspectj.lang.Signature;
import org.aspectj.lang.reflect.AdviceSignature;
import org.aspectj.lang.reflect.CatchClauseSignature;
import org.aspectj.lang.reflect.CodeSignature;
import org.aspectj.lang.reflect.ConstructorSignature;
import org.aspectj.lang.reflect.FieldSignature;
import org.aspectj.lang.reflect.InitializerSignature;
import org.aspectj.lang.reflect.MethodSignature;
import org.aspectj.runtime.reflect.Factory;

/**
 * A join point's signature kept as the names woven code gives it ({@link JoinPointNames}): what
 * the recorder needs ({@link #recordedName}, {@link #descriptor}, the type names) is string work
 * and never loads a class. AspectJ's own signatures resolve every type when they are made, in the
 * woven class's static initialiser; one parameter type whose dependency is missing from the class
 * path then kills the program.
 *
 * <p>The rest of the {@link Signature} interfaces serves aspects a user adds ({@code aspects=}),
 * which may ask for types, reflective members or the signature's text: types are resolved when
 * asked for, without initialising them, and one that cannot be is {@code ClassNotFoundException.class},
 * as AspectJ answers for a type it cannot find; members and text come from AspectJ's own signature
 * made from the resolved types on first request. Nothing here throws.
 */
abstract sealed class NamedSignature implements Signature {
    private final Factory factory;
    private final int modifiers;
    private final String name;
    private final String declaringTypeName;
    /** AspectJ's signature of the same member, made from resolved types when an aspect asks for more than names. */
    private volatile Signature resolved;

    private NamedSignature(Factory factory, int modifiers, String name, String declaringTypeName) {
        this.factory = factory;
        this.modifiers = modifiers;
        this.name = name;
        this.declaringTypeName = declaringTypeName;
    }

    /** The method's name as the recording keeps it: {@code <init>} for constructors, {@code <clinit>} for a static initialiser. */
    String recordedName() {
        return name;
    }

    /** The JVM descriptor the recording keeps ({@code ()V} where the join point has no parameters). */
    String descriptor() {
        return "()V";
    }

    @Override
    public final String getName() {
        return name;
    }

    @Override
    public final int getModifiers() {
        return modifiers;
    }

    @Override
    public final String getDeclaringTypeName() {
        return declaringTypeName;
    }

    @Override
    public final Class<?> getDeclaringType() {
        return type(declaringTypeName);
    }

    @Override
    public final String toString() {
        Signature aspectJ = resolved();
        return aspectJ != null ? aspectJ.toString() : declaringTypeName + "." + name;
    }

    @Override
    public final String toShortString() {
        Signature aspectJ = resolved();
        return aspectJ != null ? aspectJ.toShortString() : name;
    }

    @Override
    public final String toLongString() {
        Signature aspectJ = resolved();
        return aspectJ != null ? aspectJ.toLongString() : toString();
    }

    /** AspectJ's signature of this member, made with resolved types by {@link #make}; null if it cannot be made. */
    final Signature resolved() {
        Signature known = resolved;
        if (known == null) {
            try {
                resolved = known = make(factory);
            } catch (Throwable t) {
                return null;
            }
        }
        return known;
    }

    abstract Signature make(Factory factory);

    /**
     * A type by name through the woven class's loader, without initialising it, as AspectJ's
     * {@code Factory.makeClass} finds it; {@code ClassNotFoundException.class} where it cannot be
     * (not found, or a dependency of it missing).
     */
    final Class<?> type(String typeName) {
        try {
            String binaryName = TypeNames.erased(typeName);
            Class<?> primitive = TypeNames.primitiveClass(binaryName);
            return primitive != null ? primitive
                    : Class.forName(binaryName, false, factory.makeSourceLoc(0, -1).getWithinType().getClassLoader());
        } catch (Throwable notFound) {
            return ClassNotFoundException.class;
        }
    }

    final Class<?>[] types(String[] typeNames) {
        Class<?>[] types = new Class<?>[typeNames.length];
        for (int i = 0; i < types.length; i++) {
            types[i] = type(typeNames[i]);
        }
        return types;
    }

    /** The modifiers woven code writes in hexadecimal, as AspectJ's {@code Factory} reads them. */
    static int modifiers(String hex) {
        return Integer.parseInt(hex, 16);
    }

    /**
     * Methods, constructors, initialisers and advice: parameter, exception and return type names,
     * kept as woven code gives them ({@code :}-separated) and taken apart only when asked for: a
     * class's initialisation makes a signature for every join point, most of which never run.
     */
    abstract static sealed class Code extends NamedSignature implements CodeSignature {
        private final String parameterTypes;
        private final String parameterNames;
        private final String exceptionTypes;
        private final String returnType;

        private Code(Factory factory, int modifiers, String name, String declaringTypeName, String parameterTypes,
                     String parameterNames, String exceptionTypes, String returnType) {
            super(factory, modifiers, name, declaringTypeName);
            this.parameterTypes = parameterTypes;
            this.parameterNames = parameterNames;
            this.exceptionTypes = exceptionTypes;
            this.returnType = returnType;
        }

        @Override
        final String descriptor() {
            return TypeNames.methodDescriptor(parameterTypes, returnType);
        }

        /** The parameters' type names, as woven code gives them. */
        final String[] parameterTypeNames() {
            return TypeNames.split(parameterTypes);
        }

        final String returnTypeName() {
            return returnType;
        }

        @Override
        public final Class<?>[] getParameterTypes() {
            return types(TypeNames.split(parameterTypes));
        }

        @Override
        public final String[] getParameterNames() {
            return TypeNames.split(parameterNames);
        }

        @Override
        public final Class<?>[] getExceptionTypes() {
            return types(TypeNames.split(exceptionTypes));
        }
    }

    static final class MethodNamed extends Code implements MethodSignature {
        MethodNamed(Factory factory, int modifiers, String name, String declaringTypeName, String parameterTypes,
                    String parameterNames, String exceptionTypes, String returnType) {
            super(factory, modifiers, name, declaringTypeName, parameterTypes, parameterNames, exceptionTypes, returnType);
        }

        @Override
        public Class<?> getReturnType() {
            return type(returnTypeName());
        }

        @Override
        public Method getMethod() {
            return resolved() instanceof MethodSignature method ? method.getMethod() : null;
        }

        @Override
        Signature make(Factory factory) {
            return factory.makeMethodSig(getModifiers(), getName(), getDeclaringType(), getParameterTypes(), getParameterNames(),
                    getExceptionTypes(), getReturnType());
        }
    }

    static final class ConstructorNamed extends Code implements ConstructorSignature {
        ConstructorNamed(Factory factory, int modifiers, String declaringTypeName, String parameterTypes, String parameterNames,
                         String exceptionTypes) {
            super(factory, modifiers, "<init>", declaringTypeName, parameterTypes, parameterNames, exceptionTypes, "void");
        }

        @Override
        public Constructor<?> getConstructor() {
            return resolved() instanceof ConstructorSignature constructor ? constructor.getConstructor() : null;
        }

        @Override
        Signature make(Factory factory) {
            return factory.makeConstructorSig(getModifiers(), getDeclaringType(), getParameterTypes(), getParameterNames(),
                    getExceptionTypes());
        }
    }

    static final class InitializerNamed extends Code implements InitializerSignature {
        InitializerNamed(Factory factory, int modifiers, String declaringTypeName) {
            super(factory, modifiers, Modifier.isStatic(modifiers) ? "<clinit>" : "<init>", declaringTypeName, "", "", "", "void");
        }

        @Override
        public Constructor<?> getInitializer() {
            return resolved() instanceof InitializerSignature initializer ? initializer.getInitializer() : null;
        }

        @Override
        Signature make(Factory factory) {
            return factory.makeInitializerSig(getModifiers(), getDeclaringType());
        }
    }

    static final class AdviceNamed extends Code implements AdviceSignature {
        AdviceNamed(Factory factory, int modifiers, String name, String declaringTypeName, String parameterTypes,
                    String parameterNames, String exceptionTypes, String returnType) {
            super(factory, modifiers, name, declaringTypeName, parameterTypes, parameterNames, exceptionTypes, returnType);
        }

        @Override
        public Class<?> getReturnType() {
            return type(returnTypeName());
        }

        @Override
        public Method getAdvice() {
            return resolved() instanceof AdviceSignature advice ? advice.getAdvice() : null;
        }

        @Override
        Signature make(Factory factory) {
            return factory.makeAdviceSig(getModifiers(), getName(), getDeclaringType(), getParameterTypes(), getParameterNames(),
                    getExceptionTypes(), getReturnType());
        }
    }

    static final class FieldNamed extends NamedSignature implements FieldSignature {
        private final String fieldTypeName;

        FieldNamed(Factory factory, int modifiers, String name, String declaringTypeName, String fieldType) {
            super(factory, modifiers, name, declaringTypeName);
            this.fieldTypeName = fieldType;
        }

        /** The field's type as {@code Class.getTypeName()} spells it ({@code int[]}). */
        String fieldTypeName() {
            return TypeNames.typeName(fieldTypeName);
        }

        @Override
        public Class<?> getFieldType() {
            return type(fieldTypeName);
        }

        @Override
        public java.lang.reflect.Field getField() {
            return resolved() instanceof FieldSignature field ? field.getField() : null;
        }

        @Override
        Signature make(Factory factory) {
            return factory.makeFieldSig(getModifiers(), getName(), getDeclaringType(), getFieldType());
        }
    }

    static final class CatchClauseNamed extends NamedSignature implements CatchClauseSignature {
        private final String parameterTypeName;
        private final String parameterName;

        CatchClauseNamed(Factory factory, String declaringTypeName, String parameterType, String parameterName) {
            super(factory, 0, "catch", declaringTypeName);
            this.parameterTypeName = parameterType;
            this.parameterName = parameterName;
        }

        @Override
        public Class<?> getParameterType() {
            return type(parameterTypeName);
        }

        @Override
        public String getParameterName() {
            return parameterName;
        }

        @Override
        Signature make(Factory factory) {
            return factory.makeCatchClauseSig(getDeclaringType(), getParameterType(), parameterName);
        }
    }
}
