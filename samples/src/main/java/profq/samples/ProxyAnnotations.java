package profq.samples;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.reflect.Proxy;

/**
 * A dynamic proxy and a runtime annotation read through it: the JDK generates a proxy class for
 * the interface and another for the annotation ({@code jdk.proxyN.$ProxyM}). Output:
 * {@code greeting hello, Ada} then {@code label greeter}.
 */
public final class ProxyAnnotations {
    @Retention(RetentionPolicy.RUNTIME)
    public @interface Label {
        String value();
    }

    @Label("greeter")
    public interface Greeter {
        String greet(String name);
    }

    public static void main(String[] args) {
        Greeter greeter = (Greeter) Proxy.newProxyInstance(Greeter.class.getClassLoader(), new Class<?>[] {Greeter.class},
                (proxy, method, arguments) -> "hello, " + arguments[0]);
        System.out.println("greeting " + greeter.greet("Ada"));
        Label label = greeter.getClass().getInterfaces()[0].getAnnotation(Label.class);
        System.out.println("label " + label.value());
    }
}
