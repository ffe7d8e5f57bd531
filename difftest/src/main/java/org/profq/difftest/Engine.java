package org.profq.difftest;

/** Something that answers SQL: profq, profq's plain planner, or DuckDB. */
public interface Engine extends AutoCloseable {
    /** The answer to {@code sql}, a failure included; never throws. */
    Answer run(String sql);

    /** Its name in reports. */
    String name();

    @Override
    void close();
}
