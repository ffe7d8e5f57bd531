package org.profq.bench;

import org.aspectj.lang.JoinPoint;
import org.aspectj.lang.annotation.AfterReturning;
import org.aspectj.lang.annotation.Aspect;

/**
 * The empty-advice baseline for allocations: the same join points and arguments as profq's
 * {@code AllocationAspect} (the new object or array, the call's and the enclosing static
 * parts), with an empty body. {@code *.new(..)} matches array creations too once
 * {@code -Xjoinpoints:arrayconstruction} is on, set in {@code empty-advice-allocations.xml}.
 */
@Aspect
public class EmptyAllocationAdvice {
    @AfterReturning(pointcut = "call(*.new(..)) && !within(org.profq..*)", returning = "created")
    public void allocation(Object created, JoinPoint.StaticPart call, JoinPoint.EnclosingStaticPart enclosing) {
        // empty: the cost of reaching advice is what this baseline measures
    }
}
