package org.profq.weave;

import java.security.AccessController;
import java.security.AllPermission;
import java.security.PrivilegedAction;

/**
 * What a SecurityManager the program installs (JDK 23 and older) lets profq do. Weaving reads
 * the program's class files and profq's woven-class cache; with the program's code on the
 * stack a restrictive policy forbids that, and AspectJ then weaves without seeing the classes it
 * needs (wrong stack maps, a {@code VerifyError}) or the cache read fails and the class is
 * silently left unwoven. So under a SecurityManager profq weaves only with its own permissions
 * ({@link AccessController#doPrivileged}), and only if the policy grants it every permission;
 * otherwise the classes loaded from then on are left unwoven, counted and said.
 */
@SuppressWarnings("removal") // SecurityManager and AccessController: JDK 17 programs still use them
final class SecurityManagers {
    private static Object checkedManager;
    private static boolean checkedAllows;

    /** True if no SecurityManager is installed, or the installed one lets profq do anything with its own permissions. */
    static boolean allowWeaving() {
        SecurityManager manager = System.getSecurityManager();
        return manager == null || allows(manager); // every class load asks: no lock on the common path
    }

    private static synchronized boolean allows(SecurityManager manager) {
        if (manager != checkedManager) {
            checkedManager = manager;
            checkedAllows = AccessController.doPrivileged((PrivilegedAction<Boolean>) () -> {
                try {
                    manager.checkPermission(new AllPermission());
                    return true;
                } catch (SecurityException denied) {
                    return false;
                }
            });
        }
        return checkedAllows;
    }

    /** Runs {@code action} with profq's own permissions, not the program's, when a SecurityManager is installed. */
    static <T> T withProfqPermissions(PrivilegedAction<T> action) {
        return System.getSecurityManager() == null ? action.run() : AccessController.doPrivileged(action);
    }

    private SecurityManagers() {
    }
}
