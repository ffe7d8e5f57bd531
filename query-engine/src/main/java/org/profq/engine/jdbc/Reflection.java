package org.profq.engine.jdbc;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** Calls on the objects behind the driver's proxies. */
final class Reflection {
    private Reflection() {
    }

    /** Calls the real object, rethrowing what it threw rather than a reflection wrapper. */
    static Object call(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
