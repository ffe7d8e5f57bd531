package profq.bench.target;

/** The small object {@link Workload#newPoint} allocates: 24 bytes with compressed oops. */
public record Point(int x, int y) {
}
