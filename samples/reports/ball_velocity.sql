-- ball_velocity: how did each ball's velocity change over the game?
--
-- User-defined events, the example's report: every change of a ball's velocity vector that
-- the example's own aspect (profq.samples.events.VelocityAspect) recorded into the table
-- event_ball_velocity, in time order, with the method whose call changed it. Record the game with
--   profq record --aspects samples/target/profq-samples-<version>-aspects.jar -- java -cp samples/target/profq-samples-<version>.jar profq.samples.events.BouncingBalls
-- and run this from samples/ (its reports/ directory): profq report ball_velocity ../BouncingBalls.profq
--
-- Parameters:
--   ball  VARCHAR  %  the balls to show, a LIKE pattern (red, blue)
--
-- Columns:
--   ts_ns      BIGINT   when the velocity changed, ns since the recording started
--   ball       VARCHAR  which ball
--   dx         BIGINT   its new horizontal velocity, cells per step
--   dy         BIGINT   its new vertical velocity, cells per step
--   speed      DOUBLE   its new speed, sqrt(dx^2 + dy^2)
--   rightward  BOOLEAN  whether it now moves right
--   changed_in VARCHAR  the method whose call changed it (methods.signature)
--
-- Chart: speed by ts_ns
SELECT e.ts_ns,
       e.ball,
       e.dx,
       e.dy,
       e.speed,
       e.rightward,
       m.signature AS changed_in
FROM event_ball_velocity AS e
LEFT JOIN calls AS c ON c.call_id = e.call_id
LEFT JOIN methods AS m ON m.method_id = c.method_id
WHERE e.ball LIKE :ball
ORDER BY e.ts_ns, e.call_id
