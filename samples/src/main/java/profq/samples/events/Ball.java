package profq.samples.events;

/** A ball in {@link BouncingBalls}' box: a position and a velocity, in whole cells per step. */
public final class Ball {
    private final String name;
    private int x;
    private int y;
    private int dx;
    private int dy;

    Ball(String name, int x, int y, int dx, int dy) {
        this.name = name;
        this.x = x;
        this.y = y;
        setVelocity(dx, dy);
    }

    public String name() {
        return name;
    }

    public int x() {
        return x;
    }

    public int y() {
        return y;
    }

    public int dx() {
        return dx;
    }

    public int dy() {
        return dy;
    }

    /** Every velocity change goes through here: where {@link VelocityAspect} looks. */
    void setVelocity(int newDx, int newDy) {
        dx = newDx;
        dy = newDy;
    }

    void move() {
        x += dx;
        y += dy;
    }
}
