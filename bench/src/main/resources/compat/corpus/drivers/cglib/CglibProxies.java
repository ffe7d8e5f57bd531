package profq.corpus;

import java.util.ArrayList;
import java.util.List;

import net.sf.cglib.proxy.Enhancer;
import net.sf.cglib.proxy.MethodInterceptor;

/** cglib: subclasses generated at run time that intercept a class's methods. */
public class CglibProxies {
    public static class Inventory {
        private final List<String> items = new ArrayList<>();
        public void add(String item) { items.add(item); }
        public int count() { return items.size(); }
        public String describe() { return "inventory of " + count(); }
    }

    public static void main(String[] args) {
        List<String> calls = new ArrayList<>();
        Enhancer enhancer = new Enhancer();
        enhancer.setSuperclass(Inventory.class);
        enhancer.setCallback((MethodInterceptor) (obj, method, arguments, proxy) -> {
            calls.add(method.getName());
            return proxy.invokeSuper(obj, arguments);
        });
        Inventory inventory = (Inventory) enhancer.create();
        for (int i = 0; i < 5; i++) {
            inventory.add("item" + i);
        }
        System.out.println(inventory.describe());
        System.out.println("intercepted " + calls);
        System.out.println("proxy is a subclass: " + (inventory.getClass() != Inventory.class));
    }
}
