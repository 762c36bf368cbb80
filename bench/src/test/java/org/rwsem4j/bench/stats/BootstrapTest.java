package org.rwsem4j.bench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** Synthetic forks with a known difference and with none; every stream is seeded, so the results are fixed. */
class BootstrapTest
{
    /** 5 forks of 5 iterations: each fork has its own offset (3%), each iteration its own noise (3%). */
    private static List<double[]> forks(final Random random, final double scale)
    {
        final List<double[]> out = new ArrayList<>();
        for (int f = 0; f < 5; f++)
        {
            final double forkOffset = 1 + 0.03 * random.nextGaussian();
            final double[] it = new double[5];
            for (int i = 0; i < it.length; i++)
            {
                it[i] = 100 * scale * forkOffset * (1 + 0.03 * random.nextGaussian());
            }
            out.add(it);
        }
        return out;
    }

    @Test
    void findsAKnownTenPercentSlowdownAndItsIntervalHoldsIt()
    {
        final Random random = new Random(42);
        final Comparison c = Bootstrap.compare(forks(random, 1.10), forks(random, 1.0), Bootstrap.RESAMPLES, 7);
        assertTrue(c.p() < 0.001, "p = " + c.p());
        assertTrue(c.lowPct() > 0 && c.lowPct() < 10 && c.highPct() > 10, c.interval());
        assertEquals(5, c.forks());
        assertTrue(c.hasVerdict());
    }

    @Test
    void findsNoDifferenceBetweenTwoDrawsOfTheSameDistribution()
    {
        final Random random = new Random(43);
        final Comparison c = Bootstrap.compare(forks(random, 1.0), forks(random, 1.0), Bootstrap.RESAMPLES, 7);
        assertTrue(c.p() > 0.05, "p = " + c.p());
        assertTrue(c.lowPct() < 0 && c.highPct() > 0, c.interval());
    }

    @Test
    void holmOverTwentyNullComparisonsCallsNoneDifferentAndKeepsTheSlowdown()
    {
        final Random random = new Random(44);
        final Verdicts v = new Verdicts();
        for (int i = 0; i < 20; i++)
        {
            v.compare("null " + i, forks(random, 1.0), forks(random, 1.0));
        }
        v.compare("slower", forks(random, 1.30), forks(random, 1.0));
        v.close();
        assertEquals(21, v.family());
        for (int i = 0; i < 20; i++)
        {
            assertFalse(v.different("null " + i), v.text("null " + i));
            assertTrue(v.text("null " + i).endsWith("~"));
        }
        assertTrue(v.different("slower"), v.text("slower"));
    }

    @Test
    void fewerThanFiveForksGiveNoVerdict()
    {
        final Random random = new Random(45);
        final List<double[]> three = forks(random, 1.5).subList(0, 3);
        final Verdicts v = new Verdicts();
        v.compare("few", three, forks(random, 1.0));
        v.close();
        assertEquals(0, v.family());
        assertFalse(v.different("few"));
        assertTrue(v.text("few").endsWith("?"), v.text("few"));
    }

    @Test
    void theSameSeedGivesTheSameResult()
    {
        final List<double[]> a = forks(new Random(46), 1.0);
        final List<double[]> b = forks(new Random(47), 1.0);
        assertEquals(Bootstrap.compare(a, b, 2000, 3), Bootstrap.compare(a, b, 2000, 3));
    }
}
