package profq.corpus;

import java.io.File;
import java.util.HashMap;
import java.util.Map;

import org.apache.felix.framework.Felix;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;

/** An OSGi framework (Apache Felix) started in-process, with one bundle installed, started and stopped. */
public final class FelixLauncher {
    public static void main(String[] args) throws Exception {
        Map<String, Object> config = new HashMap<>();
        config.put(Constants.FRAMEWORK_STORAGE, new File(args[1]).getAbsolutePath());
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        Felix felix = new Felix(config);
        felix.start();
        Bundle bundle = felix.getBundleContext().installBundle(new File(args[0]).toURI().toString());
        bundle.start();
        System.out.println("bundle " + bundle.getSymbolicName() + " state " + (bundle.getState() == Bundle.ACTIVE ? "active" : "other"));
        bundle.stop();
        bundle.uninstall();
        felix.stop();
        felix.waitForStop(10_000);
        System.out.println("framework stopped");
    }
}
