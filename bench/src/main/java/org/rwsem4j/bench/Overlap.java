package org.rwsem4j.bench;

/**
 * How much the workers of one seed-000 run ran at the same time. With every worker's start (when it passed the gate)
 * and end: {@code overlap = (min end - max start) / (max end - min start)}, 1 when all ran the whole time together,
 * 0 or below when the last one started after the first one finished (the run measured no contention between them).
 * The spreads are the range of the start and of the end times, as fractions of the run's span.
 *
 * @param overlap     the fraction of the span in which every worker was running (negative: some never met)
 * @param startSpread (max start - min start) / span
 * @param endSpread   (max end - min end) / span
 */
record Overlap(double overlap, double startSpread, double endSpread)
{
    /**
     * @param starts each worker's start, nanoTime
     * @param ends   each worker's end, nanoTime
     * @return the overlap
     */
    static Overlap of(final long[] starts, final long[] ends)
    {
        if (starts.length == 0 || starts.length != ends.length)
        {
            throw new IllegalArgumentException("one start and one end per worker");
        }
        long minStart = Long.MAX_VALUE;
        long maxStart = Long.MIN_VALUE;
        long minEnd = Long.MAX_VALUE;
        long maxEnd = Long.MIN_VALUE;
        for (int i = 0; i < starts.length; i++)
        {
            minStart = Math.min(minStart, starts[i]);
            maxStart = Math.max(maxStart, starts[i]);
            minEnd = Math.min(minEnd, ends[i]);
            maxEnd = Math.max(maxEnd, ends[i]);
        }
        final double span = Math.max(1, maxEnd - minStart);
        return new Overlap((minEnd - maxStart) / span, (maxStart - minStart) / span, (maxEnd - minEnd) / span);
    }
}
