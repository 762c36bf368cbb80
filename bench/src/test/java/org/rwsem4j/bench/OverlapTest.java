package org.rwsem4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class OverlapTest
{
    @Test
    void workersThatRanTogetherMostOfTheSpan()
    {
        // span 0..100; all running from 10 (last start) to 90 (first end)
        final Overlap o = Overlap.of(new long[] {0, 5, 10}, new long[] {90, 95, 100});
        assertEquals(0.8, o.overlap(), 1e-12);
        assertEquals(0.1, o.startSpread(), 1e-12);
        assertEquals(0.1, o.endSpread(), 1e-12);
    }

    @Test
    void workersThatRanOneAfterAnotherOverlapNegatively()
    {
        final Overlap o = Overlap.of(new long[] {0, 50}, new long[] {50, 100});
        assertEquals(0.0, o.overlap(), 1e-12);
        assertEquals(-0.8, Overlap.of(new long[] {0, 90}, new long[] {10, 100}).overlap(), 1e-12);
    }

    @Test
    void oneStartAndOneEndPerWorker()
    {
        assertThrows(IllegalArgumentException.class, () -> Overlap.of(new long[] {0}, new long[] {1, 2}));
    }
}
