package org.profq.udf;

import org.apache.calcite.linq4j.function.Strict;

/**
 * {@code fmt_bytes}, {@code fmt_ns} and {@code fmt_share} for machines: the number unchanged.
 * A connection opened with {@code formatting=raw} has these instead of {@link Formats}, so a
 * report written for people gives exact numbers in CSV and JSON.
 */
public final class RawFormats {


    private RawFormats() {
    }

    @Strict
    @Description("n unchanged (formatting=raw; formatted: 1.5 MiB)")
    public static long fmt_bytes(long n) {
        return n;
    }

    @Strict
    @Description("n unchanged (formatting=raw; formatted: 3.2 ms)")
    public static long fmt_ns(long n) {
        return n;
    }

    @Strict
    @Description("x unchanged (formatting=raw; formatted: 12.3%)")
    public static double fmt_share(Object share) {
        return Sample.number(share, "fmt_share");
    }
}
