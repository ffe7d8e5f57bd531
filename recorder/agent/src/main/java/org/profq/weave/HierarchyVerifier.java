package org.profq.weave;

import java.util.List;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.SimpleVerifier;

/**
 * ASM's {@link SimpleVerifier} with the JVM's rules of assignability (JVMS 4.10.1.2), answered
 * from a {@link ClassHierarchy} instead of from loaded classes: every interface is treated as
 * {@code Object}, as the JVM's verifiers do, and a class is assignable to another when the
 * other is on its superclass chain. A question that needs a type the hierarchy cannot read is
 * not guessed: it throws {@link UnknownType}, and the method under check fails.
 *
 * <p>Every type whose place in the hierarchy the JVM's verifier asks about, it loads (HotSpot's
 * {@code VerificationType::resolve_and_check_assignability}: the expected type, and the actual
 * one when the expected is a class), and with it all its supertypes. So a type is answered for
 * only when all its supertypes can be read too: woven code whose frames make the JVM load a
 * class the original code never made it load, one whose superclass is missing from the class
 * path, would turn the class's linking into a {@code NoClassDefFoundError}.
 */
final class HierarchyVerifier extends SimpleVerifier {
    /** A type the verifier needed and could not read; the check fails (the conservative answer). */
    static final class UnknownType extends RuntimeException {
        UnknownType(String internalName) {
            this(internalName, internalName);
        }

        /** {@code unreadable}: {@code internalName} itself, or the supertype of it that cannot be read. */
        UnknownType(String internalName, String unreadable) {
            super(internalName.equals(unreadable)
                    ? "the class file of " + internalName.replace('/', '.') + " cannot be read to verify against it"
                    : "verifying it would load " + internalName.replace('/', '.') + ", whose supertype " + unreadable.replace('/', '.')
                            + " cannot be read", null, false, false);
        }
    }

    private static final Type OBJECT = Type.getObjectType("java/lang/Object");
    private static final Type NULL = Type.getObjectType("null"); // SimpleVerifier's type of aconst_null
    /** Deeper than any real hierarchy: class files that make a cycle (the JVM would refuse them) end the walk. */
    private static final int MAX_DEPTH = 1_000;

    private final ClassHierarchy hierarchy;
    private final String currentClass;
    private final ClassHierarchy.Header currentHeader;
    /** Superclasses walked in the current merge: {@link SimpleVerifier#merge} walks up without a bound of its own. */
    private int mergeDepth;

    /** For the methods of {@code currentClass}, whose header comes from its own bytes (it may be no resource at all). */
    HierarchyVerifier(ClassHierarchy hierarchy, String currentClass, String currentSuperClass, boolean isInterface) {
        super(Opcodes.ASM9, Type.getObjectType(currentClass), currentSuperClass == null ? null : Type.getObjectType(currentSuperClass),
                null, isInterface);
        this.hierarchy = hierarchy;
        this.currentClass = currentClass;
        this.currentHeader = new ClassHierarchy.Header(currentSuperClass, isInterface, List.of()); // its interfaces: never asked
    }

    /** Whether a value of {@code actual} may stand where {@code expected} is declared (a local or stack slot of a frame). */
    boolean isAssignable(BasicValue actual, BasicValue expected) {
        if (expected.getType() == null) {
            return true; // top: anything fits
        }
        if (actual.getType() == null) {
            return false;
        }
        return isSubTypeOf(actual, expected);
    }

    @Override
    protected boolean isSubTypeOf(BasicValue value, BasicValue expected) {
        Type expectedType = expected.getType();
        Type type = value.getType();
        if (type == null || expectedType == null) {
            return false;
        }
        return switch (expectedType.getSort()) {
            case Type.OBJECT, Type.ARRAY -> type.equals(NULL) || (isReference(type) && isAssignableFrom(expectedType, type));
            default -> type.equals(expectedType);
        };
    }

    @Override
    protected boolean isAssignableFrom(Type expected, Type actual) {
        if (expected.equals(actual) || actual.equals(NULL) || expected.equals(OBJECT)) {
            return true;
        }
        if (expected.getSort() == Type.ARRAY) {
            if (actual.getSort() != Type.ARRAY) {
                return false;
            }
            Type expectedElement = Type.getType(expected.getDescriptor().substring(1));
            Type actualElement = Type.getType(actual.getDescriptor().substring(1));
            return isReference(expectedElement) && isReference(actualElement)
                    ? isAssignableFrom(expectedElement, actualElement) : expectedElement.equals(actualElement);
        }
        if (actual.getSort() == Type.ARRAY) {
            String name = expected.getInternalName();
            return name.equals("java/lang/Cloneable") || name.equals("java/io/Serializable");
        }
        if (header(expected.getInternalName()).isInterface()) {
            return true;
        }
        int depth = 0;
        for (String name = header(actual.getInternalName()).superName(); name != null; name = header(name).superName()) {
            if (name.equals(expected.getInternalName())) {
                return true;
            }
            if (++depth > MAX_DEPTH) {
                throw new UnknownType(actual.getInternalName());
            }
        }
        return false;
    }

    @Override
    protected boolean isInterface(Type type) {
        return type.getSort() == Type.OBJECT && header(type.getInternalName()).isInterface();
    }

    @Override
    public BasicValue merge(BasicValue value1, BasicValue value2) {
        mergeDepth = 0;
        return super.merge(value1, value2);
    }

    @Override
    protected Type getSuperClass(Type type) {
        if (++mergeDepth > MAX_DEPTH) {
            throw new UnknownType(type.getInternalName());
        }
        if (type.getSort() == Type.ARRAY) {
            return OBJECT;
        }
        String superName = header(type.getInternalName()).superName();
        return superName == null ? null : Type.getObjectType(superName);
    }

    /** Never: loading a class is what this verifier exists to avoid. */
    @Override
    protected Class<?> getClass(Type type) {
        throw new UnknownType(type.getInternalName());
    }

    /** The header of a type the JVM would load to answer the question: only when it could load it, with all its supertypes. */
    private ClassHierarchy.Header header(String internalName) {
        if (internalName.equals(currentClass)) {
            return currentHeader; // being linked: loaded already, with its supertypes
        }
        String unreadable = hierarchy.unreadableSupertype(internalName);
        if (unreadable != null) {
            throw new UnknownType(internalName, unreadable);
        }
        return hierarchy.header(internalName);
    }

    private static boolean isReference(Type type) {
        return type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY;
    }
}
