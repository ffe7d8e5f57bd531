package profq.samples.events;

/**
 * User-defined events, the game: two balls bounce in a 40 x 20 box for 30 steps. Each step
 * sets every ball's velocity, reversed on the axis where it would leave the box, unchanged
 * otherwise; {@link VelocityAspect}, the user's aspect ({@code profq record --aspects}), records
 * a {@code ball_velocity} event only when the vector changed: at each ball's start (from 0,0)
 * and at each of its bounces: 11 events. Prints {@code 9 bounces}.
 */
public final class BouncingBalls {
    static final int WIDTH = 40;
    static final int HEIGHT = 20;
    static final int STEPS = 30;

    public static void main(String[] args) {
        Ball[] balls = {new Ball("red", 5, 5, 3, 2), new Ball("blue", 30, 10, -4, 1)};
        int bounces = 0;
        for (int step = 0; step < STEPS; step++) {
            for (Ball ball : balls) {
                bounces += step(ball);
            }
        }
        System.out.println(bounces + " bounces");
    }

    /** Moves {@code ball} one step, bouncing it off the walls; 1 if it bounced. */
    static int step(Ball ball) {
        int dx = ball.dx();
        int dy = ball.dy();
        boolean bounced = false;
        if (ball.x() + dx < 0 || ball.x() + dx > WIDTH) {
            dx = -dx;
            bounced = true;
        }
        if (ball.y() + dy < 0 || ball.y() + dy > HEIGHT) {
            dy = -dy;
            bounced = true;
        }
        ball.setVelocity(dx, dy);
        ball.move();
        return bounced ? 1 : 0;
    }

    private BouncingBalls() {
    }
}
