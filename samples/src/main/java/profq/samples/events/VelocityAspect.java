package profq.samples.events;

import org.aspectj.lang.ProceedingJoinPoint;
import org.aspectj.lang.annotation.Around;
import org.aspectj.lang.annotation.Aspect;
import org.profq.api.Profq;

/**
 * A user's own aspect, annotation style and compiled with plain javac: whenever a call changes a
 * {@link Ball}'s velocity vector, a {@code ball_velocity} event (table {@code event_ball_velocity})
 * with the ball, its new vector, its speed and whether it now moves right. Named in this jar's
 * {@code META-INF/aop.xml}; {@code profq record --aspects profq-samples-<version>-aspects.jar}
 * weaves it beside profq's own. Advising the call (not the execution) puts the event in the
 * caller's recorded call, after the velocity was set.
 */
@Aspect
public class VelocityAspect {

    @Around("call(void profq.samples.events.Ball.setVelocity(int, int)) && target(ball)")
    public Object recordChange(ProceedingJoinPoint call, Ball ball) throws Throwable {
        int dx = ball.dx();
        int dy = ball.dy();
        Object result = call.proceed();
        if (ball.dx() != dx || ball.dy() != dy) {
            Profq.event("ball_velocity")
                    .put("ball", ball.name())
                    .put("dx", ball.dx())
                    .put("dy", ball.dy())
                    .put("speed", Math.hypot(ball.dx(), ball.dy()))
                    .put("rightward", ball.dx() > 0)
                    .emit();
        }
        return result;
    }
}
