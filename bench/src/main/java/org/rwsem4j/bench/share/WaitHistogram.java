package org.rwsem4j.bench.share;

/**
 * A log-linear histogram of wait times in nanoseconds, as a bare {@code int[]} of {@link #BUCKETS} counts so that a
 * measuring thread records into preallocated memory: values below 128 ns get their own bucket, and each power of two
 * above is split into 128 buckets (a bucket is at most 1/128 of its lower edge wide, under 1%: the bucket holding the
 * 500 µs target is 4 µs wide). A percentile is read
 * as the upper edge of the bucket it falls in, capped by the largest value seen: it never understates a wait.
 */
final class WaitHistogram
{
    /** Sub-buckets per power of two, as a power of two. */
    private static final int SUB_BITS = 7;
    private static final int SUB = 1 << SUB_BITS;
    /** Buckets for every non-negative long. */
    static final int BUCKETS = SUB + (63 - SUB_BITS) * SUB;

    private WaitHistogram()
    {
    }

    /**
     * @param nanos a wait, at least 0 (a negative one counts as 0)
     * @return its bucket
     */
    static int bucket(final long nanos)
    {
        if (nanos < SUB)
        {
            return (int)Math.max(0, nanos);
        }
        final int exponent = 63 - Long.numberOfLeadingZeros(nanos);
        final int sub = (int)(nanos >>> (exponent - SUB_BITS)) & (SUB - 1);
        return SUB + (exponent - SUB_BITS) * SUB + sub;
    }

    /**
     * @param bucket a bucket
     * @return the largest value it holds
     */
    static long upperEdge(final int bucket)
    {
        if (bucket < SUB)
        {
            return bucket;
        }
        final int shift = (bucket - SUB) / SUB;
        final long lower = (long)(SUB + (bucket - SUB) % SUB) << shift;
        return lower + (1L << shift) - 1;
    }

    /**
     * @param counts   a histogram
     * @param fraction e.g. 0.99
     * @param max      the largest value recorded
     * @return the value at that fraction of the recorded count (the bucket's upper edge, at most {@code max}); 0 when
     *     nothing was recorded
     */
    static long percentile(final int[] counts, final double fraction, final long max)
    {
        long total = 0;
        for (final int c : counts)
        {
            total += c;
        }
        if (total == 0)
        {
            return 0;
        }
        final long rank = Math.max(1, (long)Math.ceil(fraction * total));
        long seen = 0;
        for (int b = 0; b < counts.length; b++)
        {
            seen += counts[b];
            if (seen >= rank)
            {
                return Math.min(upperEdge(b), max);
            }
        }
        return max;
    }
}
