package org.profq.event;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.aspectj.lang.JoinPoint;
import org.aspectj.lang.reflect.ConstructorSignature;
import org.aspectj.lang.reflect.FieldSignature;
import org.aspectj.lang.reflect.MethodSignature;
import org.aspectj.runtime.reflect.Factory;
import org.junit.jupiter.api.Test;

/**
 * Join points named from the strings woven code gives: the names the recording keeps, by string
 * work alone; and for a user's aspect, the same answers AspectJ's own signatures give, or
 * {@code ClassNotFoundException.class} for a type that cannot be loaded, never a throwable.
 */
class NamedSignatureTest {
    private final Factory factory = new Factory("NamedSignatureTest.java", NamedSignatureTest.class);

    @Test
    void aMethodIsNamedAndDescribedFromItsStrings() {
        MethodSignature signature = JoinPointNames.makeMethodSig(factory, "9", "describe", "a.b.Main", "[I:java.lang.String:a.b.Outer$Inner",
                "values:label:inner", "", "java.lang.String");
        JoinPoint.StaticPart part = JoinPointNames.makeSJP(factory, JoinPoint.METHOD_EXECUTION, signature, 12);

        MethodNames names = MethodNames.of(part);

        assertEquals(new MethodNames("a.b.Main", "describe", "([ILjava/lang/String;La/b/Outer$Inner;)Ljava/lang/String;", 9,
                "NamedSignatureTest.java", 12), names);
    }

    @Test
    void constructorsAndInitialisersHaveTheirJvmNames() {
        ConstructorSignature constructor = JoinPointNames.makeConstructorSig(factory, "1", "a.B", "long", "n", "");
        JoinPoint.StaticPart initializer = JoinPointNames.makeSJP(factory, JoinPoint.STATICINITIALIZATION,
                JoinPointNames.makeInitializerSig(factory, "8", "a.B"), 1);

        assertEquals("(J)V", MethodNames.of(JoinPointNames.makeSJP(factory, JoinPoint.CONSTRUCTOR_EXECUTION, constructor, 3)).descriptor());
        assertEquals("<init>", MethodNames.of(JoinPointNames.makeSJP(factory, JoinPoint.CONSTRUCTOR_EXECUTION, constructor, 3)).name());
        assertEquals("<clinit>", MethodNames.of(initializer).name());
    }

    @Test
    void aTypeThatCannotBeLoadedIsClassNotFoundExceptionAsAspectJSaysAndNothingIsThrown() {
        MethodSignature signature = JoinPointNames.makeMethodSig(factory, "8", "f", NamedSignatureTest.class.getName(),
                "no.such.Type:int", "a:b", "", "no.such.Result");

        assertArrayEquals(new Class<?>[] {ClassNotFoundException.class, int.class}, signature.getParameterTypes());
        assertEquals(ClassNotFoundException.class, signature.getReturnType());
        assertNull(signature.getMethod());
        assertEquals(List.of("a", "b"), List.of(signature.getParameterNames()));
    }

    /** What a user's aspect prints of a join point is what AspectJ's own signatures print. */
    @Test
    void resolvableSignaturesReadAsAspectJsOwn() {
        String self = NamedSignatureTest.class.getName();
        MethodSignature named = JoinPointNames.makeMethodSig(factory, "2", "sum", self, "[I:java.util.List", "values:more",
                "java.io.IOException", "long");
        MethodSignature aspectJs = factory.makeMethodSig("2", "sum", self, "[I:java.util.List", "values:more", "java.io.IOException", "long");
        JoinPoint.StaticPart namedPart = JoinPointNames.makeSJP(factory, JoinPoint.METHOD_CALL, named, 7);
        JoinPoint.StaticPart aspectJPart = factory.makeSJP(JoinPoint.METHOD_CALL, aspectJs, 7);

        assertEquals(aspectJs.toString(), named.toString());
        assertEquals(aspectJs.toShortString(), named.toShortString());
        assertEquals(aspectJs.toLongString(), named.toLongString());
        assertEquals(aspectJPart.toString(), namedPart.toString());
        assertEquals(aspectJPart.toLongString(), namedPart.toLongString());
        assertArrayEquals(aspectJs.getParameterTypes(), named.getParameterTypes());
        assertArrayEquals(aspectJs.getExceptionTypes(), named.getExceptionTypes());
        assertEquals(aspectJs.getDeclaringType(), named.getDeclaringType());

        FieldSignature field = JoinPointNames.makeFieldSig(factory, "2", "factory", self, "org.aspectj.runtime.reflect.Factory");
        assertEquals(factory.makeFieldSig("2", "factory", self, "org.aspectj.runtime.reflect.Factory").toLongString(), field.toLongString());
        assertEquals("factory", field.getField().getName());
    }

    @Test
    void aSignatureThatCannotBeMadeLeavesItsStaticPartNullAndIsCounted() {
        int before = JoinPointNames.unnamed();

        MethodSignature signature = JoinPointNames.makeMethodSig(factory, "zz", "f", "a.B", "", "", "", "void");

        assertNull(signature);
        assertNull(JoinPointNames.makeSJP(factory, JoinPoint.METHOD_EXECUTION, signature, 1));
        assertEquals(before + 1, JoinPointNames.unnamed());
    }

    @Test
    void typeNamesAreTurnedIntoDescriptorsAndReadableNames() {
        assertEquals("I", TypeNames.descriptor("int"));
        assertEquals("[[J", TypeNames.descriptor("[[J"));
        assertEquals("[Ljava/lang/String;", TypeNames.descriptor("[Ljava.lang.String;"));
        assertEquals("La/B$C;", TypeNames.descriptor("a.B$C"));
        assertEquals("Ljava/util/List;", TypeNames.descriptor("java.util.List<java.lang.String>"));
        assertEquals("int[][]", TypeNames.typeName("[[I"));
        assertEquals("a.B$C[]", TypeNames.typeName("[La.B$C;"));
        assertEquals("a.B", TypeNames.typeName("a.B"));
        assertEquals("()V", TypeNames.methodDescriptor("", "void"));
    }
}
