package org.profq.udf;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AggregateFunctionImpl;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;

/**
 * The SQL functions of a connection: profq's own ({@link #builtIns}: {@link Formats},
 * {@link Names}, {@link Percentile}, {@link Histogram}, {@link Overlap}), a user's from jars
 * ({@link UdfJars}), and any the engine adds (those that read a recording). The rules that make
 * a class's functions, for profq's and a user's alike ({@link #functionsOf}): each public static
 * method is a scalar function of its name; a class with public {@code init}, {@code add} and
 * {@code result} methods (Calcite's shape for an aggregate; {@code merge} optional) is an
 * aggregate named after the class in snake case; {@link Description} gives the line
 * {@code \functions} shows and may rename either.
 */
public final class FunctionLibrary {
    /** The source of profq's own functions. */
    public static final String BUILT_IN = "built-in";

    private final List<SqlFunction> functions;

    public FunctionLibrary(List<SqlFunction> functions) {
        this.functions = List.copyOf(functions);
    }

    /**
     * profq's own functions. With {@code raw}, {@code fmt_bytes}, {@code fmt_ns} and
     * {@code fmt_share} give their number unchanged ({@link RawFormats}), so that what a report
     * formats for people stays a number in CSV and JSON.
     */
    public static FunctionLibrary builtIns(boolean raw) {
        List<SqlFunction> functions = new ArrayList<>();
        for (Class<?> type : List.of(raw ? RawFormats.class : Formats.class, Names.class, Percentile.class,
                Histogram.class, Overlap.class)) {
            functions.addAll(functionsOf(type, BUILT_IN));
        }
        return new FunctionLibrary(functions);
    }

    /** These functions and {@code more}. */
    public FunctionLibrary with(List<SqlFunction> more) {
        List<SqlFunction> all = new ArrayList<>(functions);
        all.addAll(more);
        return new FunctionLibrary(all);
    }

    /** Every function, by name (then signature). */
    public List<SqlFunction> functions() {
        return functions.stream().sorted(Comparator.comparing((SqlFunction function) -> function.name().toLowerCase(Locale.ROOT))
                .thenComparing(SqlFunction::signature)).toList();
    }

    /** The function named {@code name} (any case), if there is one. */
    public Optional<SqlFunction> find(String name) {
        return functions.stream().filter(function -> function.name().equalsIgnoreCase(name)).findFirst();
    }

    /** Adds every function to {@code schema}, where queries find it by name (any case, on a case-insensitive connection). */
    public void addTo(SchemaPlus schema) {
        for (SqlFunction function : functions) {
            schema.add(function.name(), function.function());
        }
    }

    /**
     * The functions of {@code type}, by the rules above; an {@link IllegalArgumentException} that
     * names the class and method if one cannot be a SQL function (a parameter type SQL has not).
     */
    public static List<SqlFunction> functionsOf(Class<?> type, String source) {
        List<SqlFunction> found = new ArrayList<>();
        if (isAggregate(type)) {
            Description description = type.getAnnotation(Description.class);
            String name = description != null && !description.name().isEmpty() ? description.name() : snakeCase(type.getSimpleName());
            try {
                Method add = publicMethod(type, "add");
                Method result = publicMethod(type, "result");
                List<Class<?>> values = Arrays.asList(add.getParameterTypes()).subList(1, add.getParameterCount());
                String signature = name + "(" + parameters(Arrays.asList(add.getParameters()).subList(1, add.getParameterCount()), values)
                        + ") → " + sqlType(result.getReturnType());
                found.add(new SqlFunction(name, SqlFunction.Kind.AGGREGATE, signature, describe(description), source,
                        AggregateFunctionImpl.create(type), type));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("the aggregate " + type.getName() + " cannot be a SQL function: " + reason(e), e);
            }
            return found;
        }
        Method[] methods = type.getMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName).thenComparing(Method::getParameterCount));
        for (Method method : methods) {
            if (method.getDeclaringClass() != type || !Modifier.isStatic(method.getModifiers()) || method.isSynthetic()
                    || method.getName().equals("main") || method.getReturnType() == void.class) {
                continue;
            }
            Description description = method.getAnnotation(Description.class);
            String name = description != null && !description.name().isEmpty() ? description.name() : method.getName();
            try {
                String signature = name + "(" + parameters(Arrays.asList(method.getParameters()), Arrays.asList(method.getParameterTypes()))
                        + ") → " + sqlType(method.getReturnType());
                found.add(new SqlFunction(name, SqlFunction.Kind.SCALAR, signature, describe(description), source,
                        ScalarFunctionImpl.create(method), type));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("the function " + type.getName() + "." + method.getName()
                        + " cannot be a SQL function: " + reason(e), e);
            }
        }
        return found;
    }

    /** Whether {@code type} has Calcite's shape of an aggregate: public init, add and result. */
    static boolean isAggregate(Class<?> type) {
        return publicMethod(type, "init") != null && publicMethod(type, "add") != null && publicMethod(type, "result") != null;
    }

    private static Method publicMethod(Class<?> type, String name) {
        for (Method method : type.getMethods()) {
            if (method.getName().equals(name) && method.getDeclaringClass() == type) {
                return method;
            }
        }
        return null;
    }

    private static String describe(Description description) {
        return description == null ? "(no description: the function has no @Description)" : description.value();
    }

    private static String parameters(List<Parameter> parameters, List<Class<?>> types) {
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            Parameter parameter = parameters.get(i);
            shown.add((parameter.isNamePresent() ? parameter.getName() + " " : "") + sqlType(types.get(i)));
        }
        return String.join(", ", shown);
    }

    /** The SQL type Calcite gives a Java type, as a person writes it. */
    static String sqlType(Class<?> type) {
        if (type == long.class || type == Long.class) {
            return "BIGINT";
        }
        if (type == int.class || type == Integer.class) {
            return "INTEGER";
        }
        if (type == short.class || type == Short.class) {
            return "SMALLINT";
        }
        if (type == double.class || type == Double.class) {
            return "DOUBLE";
        }
        if (type == float.class || type == Float.class) {
            return "REAL";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "BOOLEAN";
        }
        if (type == String.class) {
            return "VARCHAR";
        }
        if (type == Object.class) {
            return "ANY";
        }
        if (type == java.math.BigDecimal.class) {
            return "DECIMAL";
        }
        return type.getSimpleName();
    }

    /** {@code GeoMean} → {@code geo_mean}. */
    static String snakeCase(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }

    private static String reason(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
