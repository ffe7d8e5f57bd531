package org.profq.weave;

import java.util.List;
import java.util.function.Supplier;

import org.aspectj.weaver.loadtime.DefaultWeavingContext;
import org.aspectj.weaver.loadtime.definition.Definition;
import org.aspectj.weaver.tools.WeavingAdaptor;

/**
 * AspectJ's weaving context with one given definition in place of the configurations the class
 * loader's resources and the system properties name: the calls-only weaver's and the overhead
 * calibration's, whose aspects and classes differ from the program's.
 */
final class GivenDefinitionContext extends DefaultWeavingContext {
    private final Supplier<Definition> definition;

    /** {@code definition} is asked for when the weaver initialises; it throws with the reason if it cannot be read. */
    GivenDefinitionContext(ClassLoader loader, Supplier<Definition> definition) {
        super(loader);
        this.definition = definition;
    }

    @Override
    public List<Definition> getDefinitions(ClassLoader loader, WeavingAdaptor adaptor) {
        return List.of(definition.get());
    }
}
