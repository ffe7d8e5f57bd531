package org.profq.weave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.Type;
import org.profq.event.JoinPointNames;

/** Every factory call the rewrite replaces has its replacement, so rewritten code never meets a missing method. */
class JoinPointRewriteTest {
    @Test
    void everyReplacedFactoryMethodHasAStaticReplacementTakingTheFactoryFirst() throws ReflectiveOperationException {
        Set<String> replacements = new TreeSet<>();
        for (Method method : JoinPointNames.class.getDeclaredMethods()) {
            if (Modifier.isPublic(method.getModifiers()) && Modifier.isStatic(method.getModifiers())) {
                replacements.add(method.getName() + Type.getMethodDescriptor(method));
            }
        }
        Class<?> factory = Class.forName(JoinPointRewrite.FACTORY.replace('/', '.'));
        for (String replaced : JoinPointRewrite.REPLACED) {
            String name = replaced.substring(0, replaced.indexOf('('));
            String descriptor = replaced.substring(name.length());
            assertTrue(replacements.contains(name + "(L" + JoinPointRewrite.FACTORY + ";" + descriptor.substring(1)), replaced);
            Type[] arguments = Type.getArgumentTypes(descriptor);
            Class<?>[] parameters = new Class<?>[arguments.length];
            for (int i = 0; i < arguments.length; i++) {
                parameters[i] = arguments[i].getSort() == Type.INT ? int.class : Class.forName(arguments[i].getClassName());
            }
            Method original = factory.getMethod(name, parameters);
            assertEquals(Type.getReturnType(descriptor).getClassName(), original.getReturnType().getName(), replaced);
        }
        assertEquals(JoinPointRewrite.REPLACED.size(), replacements.size(), "one replacement for each replaced call: "
                + Arrays.toString(replacements.toArray()));
    }
}
