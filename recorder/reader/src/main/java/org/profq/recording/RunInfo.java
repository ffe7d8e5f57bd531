package org.profq.recording;

/**
 * The recording's header: format version and what ran.
 *
 * @param startedAtEpochNanos wall-clock start, ns since 1970-01-01T00:00Z
 * @param clock "tick" (events read a clock published every {@code tickNanos}) or "exact"
 */
public record RunInfo(int formatMajor, int formatMinor, String mainClass, String arguments, String jvm,
                      long pid, String host, long startedAtEpochNanos, String options, String clock,
                      long tickNanos) {
}
