package org.profq.udf;

import org.apache.calcite.linq4j.function.Strict;
import org.profq.lang.Glob;

/**
 * Parts of the readable names the tables hold: a method's signature ({@code a.b.C.sum(int,
 * java.lang.String[])}, {@code methods.signature}, the frames of {@code calls.stack}), a class's
 * name ({@code a.b.C}, {@code a.b.C$Inner}); and the profiling language's glob patterns. NULL in,
 * NULL out ({@link Strict}).
 */
public final class Names {

    private Names() {
    }

    @Strict
    @Description("a signature without packages: a.b.C.sum(int, java.lang.String[]) is C.sum(int, String[])")
    public static String simple_name(String signature) {
        int open = signature.indexOf('(');
        String qualified = open < 0 ? signature : signature.substring(0, open);
        String method = qualified.substring(qualified.lastIndexOf('.') + 1);
        String owner = class_of(signature);
        String simpleOwner = owner.substring(owner.lastIndexOf('.') + 1);
        StringBuilder simple = new StringBuilder(simpleOwner.isEmpty() ? "" : simpleOwner + ".").append(method);
        if (open >= 0) {
            int close = signature.lastIndexOf(')');
            String parameters = signature.substring(open + 1, close < open ? signature.length() : close);
            simple.append('(');
            String[] types = parameters.isBlank() ? new String[0] : parameters.split(",");
            for (int i = 0; i < types.length; i++) {
                String type = types[i].strip();
                simple.append(i == 0 ? "" : ", ").append(type.substring(type.lastIndexOf('.') + 1));
            }
            simple.append(')');
        }
        return simple.toString();
    }

    @Strict
    @Description("the declaring class of a signature: a.b.C.sum(int) is a.b.C")
    public static String class_of(String signature) {
        int open = signature.indexOf('(');
        String qualified = open < 0 ? signature : signature.substring(0, open);
        int dot = qualified.lastIndexOf('.');
        return dot < 0 ? "" : qualified.substring(0, dot);
    }

    @Strict
    @Description("the package of a class name: a.b.C is a.b (the unnamed package: empty)")
    public static String package_of(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? "" : className.substring(0, dot);
    }

    @Strict
    @Description("whether the whole text matches the glob, as the profiling language reads it: * any run of characters, ? one")
    public static boolean glob(String text, String pattern) {
        return Glob.matches(text, pattern);
    }

    @Strict
    @Description("whether the package matches the package pattern, as the profiling language reads it: the glob, and for a.b.* the package a.b itself too")
    public static boolean package_glob(String packageName, String pattern) {
        return Glob.matchesPackage(packageName, pattern);
    }
}
