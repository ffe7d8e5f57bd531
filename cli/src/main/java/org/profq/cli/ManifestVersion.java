package org.profq.cli;

import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the version the build wrote into the jar's manifest. */
public final class ManifestVersion implements IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = ManifestVersion.class.getPackage().getImplementationVersion();
        // Run from classes rather than the jar (an IDE), there is no manifest to read.
        return new String[] {"profq " + (version == null ? "(development build)" : version)};
    }
}
