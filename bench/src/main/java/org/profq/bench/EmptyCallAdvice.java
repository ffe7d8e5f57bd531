package org.profq.bench;

import org.aspectj.lang.JoinPoint;
import org.aspectj.lang.annotation.AfterReturning;
import org.aspectj.lang.annotation.AfterThrowing;
import org.aspectj.lang.annotation.Aspect;
import org.aspectj.lang.annotation.Before;
import org.aspectj.lang.annotation.Pointcut;

/**
 * The empty-advice baseline for calls: the same pointcut and advice shape as profq's
 * {@code CallAspect} (before, after returning, after throwing, the static part passed in),
 * with empty bodies. profq's cost beyond weaving itself is its time minus this one's.
 *
 * <p>Annotation style, so javac compiles it; the plain AspectJ weaver agent completes it at
 * load time from {@code empty-advice-calls.xml}.
 */
@Aspect
public class EmptyCallAdvice {
    @Pointcut("(execution(* *(..)) || execution(new(..))) && !within(org.profq..*)")
    void executions() {
    }

    @Before("executions()")
    public void enter(JoinPoint.StaticPart execution) {
        // empty: the cost of reaching advice is what this baseline measures
    }

    @AfterReturning("executions()")
    public void exit() {
    }

    @AfterThrowing("executions()")
    public void exitByThrow() {
    }
}
