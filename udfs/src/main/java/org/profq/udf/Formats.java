package org.profq.udf;

import java.util.Locale;

import org.apache.calcite.linq4j.function.Strict;

/**
 * Numbers as a person reads them: bytes in binary units ({@code 1.5 MiB}), nanoseconds in the
 * largest unit that keeps the number at least 1 ({@code 3.2 ms}), shares as percentages
 * ({@code 12.3%}); one decimal, a point whatever the locale. The SQL functions {@code fmt_bytes},
 * {@code fmt_ns} and {@code fmt_share}, and the one place profq formats these: a front end that
 * shows scaled numbers calls these methods. NULL in, NULL out ({@link Strict}); a share is any
 * number, so that a DECIMAL literal is one too (Calcite passes it as a BigDecimal).
 */
public final class Formats {
    private static final String[] BYTE_UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

    private Formats() {
    }

    @Strict
    @Description("n bytes in binary units, one decimal: 1536 is 1.5 KiB (under 1024: 512 B)")
    public static String fmt_bytes(long n) {
        long magnitude = Math.abs(n);
        if (magnitude < 1024) {
            return n + " B";
        }
        int unit = 0;
        double scaled = n;
        while (Math.abs(scaled) >= 1024 && unit < BYTE_UNITS.length - 1) {
            scaled /= 1024;
            unit++;
        }
        if (Math.abs(Math.round(scaled * 10) / 10.0) >= 1024 && unit < BYTE_UNITS.length - 1) {
            scaled /= 1024; // 1023.96 KiB rounds to 1024.0: say 1.0 MiB
            unit++;
        }
        return oneDecimal(scaled) + " " + BYTE_UNITS[unit];
    }

    @Strict
    @Description("n nanoseconds in ns, µs, ms or s, one decimal: 3200000 is 3.2 ms (under 1000: 850 ns)")
    public static String fmt_ns(long n) {
        long magnitude = Math.abs(n);
        if (magnitude < 1_000) {
            return n + " ns";
        }
        double[] scales = {1e3, 1e6, 1e9};
        String[] units = {"µs", "ms", "s"};
        int unit = magnitude < 1_000_000 ? 0 : magnitude < 1_000_000_000 ? 1 : 2;
        if (unit < 2 && Math.abs(Math.round(n / scales[unit] * 10) / 10.0) >= 1000) {
            unit++; // 999.96 µs rounds to 1000.0: say 1.0 ms
        }
        return oneDecimal(n / scales[unit]) + " " + units[unit];
    }

    @Strict
    @Description("a share (0..1) as a percentage, one decimal: 0.123 is 12.3%")
    public static String fmt_share(Object share) {
        double x = Sample.number(share, "fmt_share");
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return String.valueOf(x);
        }
        return oneDecimal(x * 100) + "%";
    }

    private static String oneDecimal(double value) {
        String text = String.format(Locale.ROOT, "%.1f", value);
        return text.equals("-0.0") ? "0.0" : text;
    }
}
