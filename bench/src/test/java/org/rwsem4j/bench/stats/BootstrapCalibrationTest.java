package org.rwsem4j.bench.stats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * How often the bootstrap calls two draws of one distribution different (its false-positive rate before Holm), in
 * the shape of the ablation's cells: 5 forks of 3 measured iterations a side, with a fork-to-fork spread as large as
 * the iteration noise. The family-wise rate the report states (at most 5% after Holm) rests on this rate being near
 * the nominal 5% or below. Measured here (seeded, so fixed): 1.0% with iteration noise only, 3.0% with fork and
 * iteration noise alike, 3.3% when forks dominate: the two-level bootstrap is conservative, so the stated family-wise
 * rate holds, and the price is power. The bound below (7.5%) leaves two standard errors of 400 trials above 5%.
 */
class BootstrapCalibrationTest
{
    private static final int TRIALS = 400;
    private static final int RESAMPLES = 2_000;
    private static final double MAX_RATE = 0.075;

    private static List<double[]> forks(final Random random, final double forkSpread, final double noise)
    {
        final List<double[]> out = new ArrayList<>();
        for (int f = 0; f < Bootstrap.MIN_FORKS; f++)
        {
            final double forkOffset = Math.exp(forkSpread * random.nextGaussian());
            final double[] it = new double[3];
            for (int i = 0; i < it.length; i++)
            {
                it[i] = 100 * forkOffset * Math.exp(noise * random.nextGaussian());
            }
            out.add(it);
        }
        return out;
    }

    private static double falsePositiveRate(final long seed, final double forkSpread, final double noise)
    {
        final Random random = new Random(seed);
        int rejected = 0;
        for (int t = 0; t < TRIALS; t++)
        {
            final Comparison c = Bootstrap.compare(forks(random, forkSpread, noise), forks(random, forkSpread, noise),
                RESAMPLES, t);
            rejected += c.p() <= Holm.ALPHA ? 1 : 0;
        }
        return rejected / (double)TRIALS;
    }

    @Test
    void aANullComparisonsAreCalledDifferentAtAboutTheNominalRate()
    {
        final double iterationsOnly = falsePositiveRate(1, 0.0, 0.10);
        final double forksAndIterations = falsePositiveRate(2, 0.10, 0.10);
        final double forksDominate = falsePositiveRate(3, 0.30, 0.05);
        System.out.printf(java.util.Locale.ROOT, "[calibration] raw false-positive rate at p <= %.2f over %d A/A " +
            "comparisons of 5 forks x 3 iterations: iteration noise only %.3f, forks and iterations alike %.3f, " +
            "forks dominate %.3f%n", Holm.ALPHA, TRIALS, iterationsOnly, forksAndIterations, forksDominate);
        assertTrue(iterationsOnly <= MAX_RATE, "iteration noise only: " + iterationsOnly);
        assertTrue(forksAndIterations <= MAX_RATE, "forks and iterations: " + forksAndIterations);
        assertTrue(forksDominate <= MAX_RATE, "forks dominate: " + forksDominate);
    }
}
