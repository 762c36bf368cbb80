package org.rwsem4j.bench.share;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The histogram's resolution where the writer-share target sits, and its percentile arithmetic. */
class WaitHistogramTest
{
    @Test
    void theBucketHoldingTheTargetIsNarrowAndNeverUnderstates()
    {
        final int b = WaitHistogram.bucket(500_000);
        final long upper = WaitHistogram.upperEdge(b);
        assertTrue(upper >= 500_000, "an upper edge below the value would understate it: " + upper);
        assertTrue(upper - 500_000 < 4_000, "the bucket holding 500 µs must be under 4 µs wide: " + upper);
        assertEquals(b, WaitHistogram.bucket(upper), "the upper edge belongs to its bucket");
        assertEquals(b + 1, WaitHistogram.bucket(upper + 1), "and the next value to the next bucket");
        for (long v = 0; v < 1 << 20; v += 37)
        {
            final long edge = WaitHistogram.upperEdge(WaitHistogram.bucket(v));
            assertTrue(edge >= v && edge - v <= Math.max(0, v / 128), v + " -> " + edge);
        }
    }

    @Test
    void aPercentileIsTheUpperEdgeOfItsBucketCappedByTheMax()
    {
        final int[] counts = new int[WaitHistogram.BUCKETS];
        for (int i = 1; i <= 100; i++)
        {
            counts[WaitHistogram.bucket(i * 10_000L)]++; // 10 µs .. 1 ms
        }
        final long p99 = WaitHistogram.percentile(counts, 0.99, 1_000_000);
        assertEquals(WaitHistogram.upperEdge(WaitHistogram.bucket(990_000)), p99);
        assertEquals(1_000_000, WaitHistogram.percentile(counts, 1.0, 1_000_000), "capped by the max seen");
        assertEquals(0, WaitHistogram.percentile(new int[WaitHistogram.BUCKETS], 0.99, 0), "nothing recorded");
    }
}
