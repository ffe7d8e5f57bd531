package org.profq.cli.export;

/** What a timeline export wrote: the calls, and the threads that made them (a track or profile each). */
public record Written(long calls, int threads) {
}
