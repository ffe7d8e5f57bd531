package org.profq.junit;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The extension behind {@link Profq @Profq}: opens a window of the recording around each test
 * method's invocation, gives the test its {@link TestProfile}, and checks the window against the
 * test's baseline, if it names one.
 */
public final class ProfqExtension implements InvocationInterceptor, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ProfqExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == TestProfile.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return new TestProfile(window(extensionContext));
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext extensionContext) throws Throwable {
        runInWindow(invocation, extensionContext, baseline(extensionContext));
    }

    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                            ExtensionContext extensionContext) throws Throwable {
        runInWindow(invocation, extensionContext, Optional.empty()); // one baseline file cannot hold several invocations' counts
    }

    private static void runInWindow(Invocation<Void> invocation, ExtensionContext context, Optional<Path> baseline) throws Throwable {
        if (!org.profq.api.Profq.recording()) {
            throw noAgent();
        }
        TestWindow window = window(context);
        window.start();
        try {
            invocation.proceed();
        } catch (Throwable failure) {
            window.end();
            throw failure;
        }
        if (baseline.isPresent()) {
            BaselineCheck.check(baseline.get(), window.counts());
        } else {
            window.end();
        }
    }

    private static TestWindow window(ExtensionContext context) {
        return context.getStore(NAMESPACE).getOrComputeIfAbsent(TestWindow.class,
                type -> new TestWindow(context.getRequiredTestClass().getName() + "." + context.getRequiredTestMethod().getName()),
                TestWindow.class);
    }

    /** The test's baseline file: its method's {@code @Profq(baseline)}, or {@code <method>.baseline} in its class's. */
    private static Optional<Path> baseline(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        Optional<String> own = AnnotationSupport.findAnnotation(method, Profq.class).map(Profq::baseline).filter(name -> !name.isEmpty());
        if (own.isPresent()) {
            return own.map(Path::of);
        }
        return AnnotationSupport.findAnnotation(context.getRequiredTestClass(), Profq.class).map(Profq::baseline)
                .filter(directory -> !directory.isEmpty()).map(directory -> Path.of(directory, method.getName() + ".baseline"));
    }

    static ExtensionConfigurationException noAgent() {
        return new ExtensionConfigurationException("@Profq needs the profq agent in the test's JVM: add"
                + " -javaagent:/path/to/profq-agent.jar=include=<your packages> to its arguments (Surefire's argLine)");
    }
}
