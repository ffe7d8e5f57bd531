package profq.corpus.bundle;

import java.util.TreeMap;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/** The corpus's OSGi bundle: loaded by the framework's own bundle class loader. */
public final class Activator implements BundleActivator {
    @Override
    public void start(BundleContext context) {
        TreeMap<String, Integer> counts = new TreeMap<>();
        for (String word : "to be or not to be that is the question".split(" ")) {
            counts.merge(word, 1, Integer::sum);
        }
        System.out.println("bundle started: " + counts + " loaded by " + getClass().getClassLoader().getClass().getSimpleName());
    }

    @Override
    public void stop(BundleContext context) {
        System.out.println("bundle stopped");
    }
}
