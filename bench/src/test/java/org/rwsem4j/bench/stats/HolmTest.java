package org.rwsem4j.bench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class HolmTest
{
    @Test
    void adjustsKnownPValuesStepDownAndKeepsTheirOrder()
    {
        // sorted: 0.005 x4 = 0.02, 0.01 x3 = 0.03, 0.03 x2 = 0.06, 0.04 x1 = 0.04 -> raised to 0.06 (monotone)
        final double[] adjusted = Holm.adjust(new double[] {0.01, 0.04, 0.03, 0.005});
        assertArrayEquals(new double[] {0.03, 0.06, 0.06, 0.02}, adjusted, 1e-12);
    }

    @Test
    void capsAtOne()
    {
        assertArrayEquals(new double[] {1, 1}, Holm.adjust(new double[] {0.7, 0.9}), 1e-12);
    }

    @Test
    void aSingleTestIsNotAdjusted()
    {
        assertArrayEquals(new double[] {0.04}, Holm.adjust(new double[] {0.04}), 1e-12);
    }
}
