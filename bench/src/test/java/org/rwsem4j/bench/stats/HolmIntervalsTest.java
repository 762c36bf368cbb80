package org.rwsem4j.bench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The family-wise intervals: every comparison's interval at the Bonferroni level 0.05 / m (a rank-dependent Holm level
 * would give the last-ranked comparisons plain 95% intervals, which do not hold jointly), and wider than the plain
 * interval of the same data.
 */
class HolmIntervalsTest
{
    private static List<double[]> forks(final Random rnd, final double centre, final int n)
    {
        final List<double[]> out = new ArrayList<>();
        for (int f = 0; f < n; f++)
        {
            final double forkShift = centre * (1 + 0.05 * rnd.nextGaussian());
            final double[] it = new double[5];
            for (int i = 0; i < it.length; i++)
            {
                it[i] = forkShift * (1 + 0.02 * rnd.nextGaussian());
            }
            out.add(it);
        }
        return out;
    }

    @Test
    void everyIntervalIsAtTheBonferroniLevel()
    {
        final Random rnd = new Random(42);
        final HolmIntervals h = new HolmIntervals();
        final int m = 8;
        for (int k = 0; k < m; k++)
        {
            // from no change to a clear change, so that a rank-dependent level would differ between them
            h.compare("c" + k, forks(rnd, 100 * (1 + 0.1 * k), 5), forks(rnd, 100, 5));
        }
        h.close();
        for (int k = 0; k < m; k++)
        {
            final HolmIntervals.Interval iv = h.get("c" + k);
            assertEquals(0.05 / m, iv.level(), 1e-12, "c" + k);
            assertTrue(iv.low() <= iv.ratio() && iv.ratio() <= iv.high(), iv::toString);
        }
        final HolmIntervals single = new HolmIntervals();
        final Random again = new Random(7);
        final List<double[]> a = forks(again, 110, 5);
        final List<double[]> b = forks(again, 100, 5);
        single.compare("one", a, b);
        single.close();
        final HolmIntervals family = new HolmIntervals();
        family.compare("one", a, b);
        for (int k = 0; k < m - 1; k++)
        {
            family.compare("other" + k, forks(again, 100, 5), forks(again, 100, 5));
        }
        family.close();
        assertTrue(family.get("one").high() > single.get("one").high(),
            "the same comparison in a family of " + m + " must get a wider interval");
    }
}
