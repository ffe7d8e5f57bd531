package profq.corpus;

import java.util.concurrent.Callable;

import net.bytebuddy.ByteBuddy;
import net.bytebuddy.implementation.FixedValue;
import net.bytebuddy.implementation.MethodDelegation;
import net.bytebuddy.matcher.ElementMatchers;

/** Byte Buddy: a class made at run time with a fixed value and a method delegating to a Java object. */
public class ByteBuddyClasses {
    public static class Greeter {
        public String greet(String name) { return "hello " + name; }
    }

    public static class Shouting {
        public static String greet(String name) { return "HELLO " + name.toUpperCase(); }
    }

    public static void main(String[] args) throws Exception {
        Class<?> fixed = new ByteBuddy().subclass(Object.class).method(ElementMatchers.named("toString"))
                .intercept(FixedValue.value("made by Byte Buddy")).make()
                .load(ByteBuddyClasses.class.getClassLoader()).getLoaded();
        System.out.println(fixed.getDeclaredConstructor().newInstance());
        Greeter greeter = new ByteBuddy().subclass(Greeter.class).method(ElementMatchers.named("greet"))
                .intercept(MethodDelegation.to(Shouting.class)).make()
                .load(ByteBuddyClasses.class.getClassLoader()).getLoaded().getDeclaredConstructor().newInstance();
        for (String name : new String[] {"ada", "bob"}) {
            System.out.println(greeter.greet(name));
        }
        Callable<Integer> answer = new ByteBuddy().subclass(Callable.class).method(ElementMatchers.named("call"))
                .intercept(FixedValue.value(42)).make().load(ByteBuddyClasses.class.getClassLoader()).getLoaded()
                .getDeclaredConstructor().newInstance();
        System.out.println("call() = " + answer.call());
    }
}
