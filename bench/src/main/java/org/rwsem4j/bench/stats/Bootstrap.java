package org.rwsem4j.bench.stats;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A two-level bootstrap of the ratio of medians of two configurations measured in forks of several iterations each.
 * Each resample draws forks with replacement and, inside each drawn fork, its iterations with replacement; the
 * statistic is median(pooled resampled iterations of A) / median(pooled resampled iterations of B). Drawing forks
 * first keeps the fork-to-fork variation (JIT, memory layout, machine drift) in the interval; drawing iterations
 * inside them keeps the within-fork variation.
 *
 * <p>The two-sided p-value is the bootstrap's own: twice the smaller share of resampled ratios on either side of 1
 * (with the usual +1 so it is never 0), i.e. the smallest level at which the percentile interval leaves out "no
 * change". The random stream is seeded by the caller, so a result is reproducible.
 */
public final class Bootstrap
{
    /** Resamples per comparison: the smallest p-value it can give is about 2 / 10,001. */
    static final int RESAMPLES = 10_000;
    /** Fewer forks than this on either side gives no verdict. */
    public static final int MIN_FORKS = 5;

    private Bootstrap()
    {
    }

    /**
     * @param a         per fork, its iteration values (with the change)
     * @param b         per fork, its iteration values (the reference)
     * @param resamples how many resamples
     * @param seed      the random seed
     * @return the change of A's median against B's, its 95% interval and p-value
     */
    static Comparison compare(final List<double[]> a, final List<double[]> b, final int resamples, final long seed)
    {
        if (a.isEmpty() || b.isEmpty())
        {
            throw new IllegalArgumentException("both sides need at least one fork");
        }
        final double observed = observedRatio(a, b);
        final double[] ratios = sortedRatios(a, b, resamples, seed);
        final double p = pValue(ratios);
        return new Comparison((observed - 1) * 100, (quantile(ratios, 0.025) - 1) * 100,
            (quantile(ratios, 0.975) - 1) * 100, p, Math.min(a.size(), b.size()));
    }

    /**
     * @param a per fork, its iteration values
     * @param b per fork, its iteration values
     * @return median(pooled iterations of A) / median(pooled iterations of B)
     */
    static double observedRatio(final List<double[]> a, final List<double[]> b)
    {
        return median(pool(a)) / median(pool(b));
    }

    /**
     * The bootstrap distribution of the ratio of medians: {@code resamples} two-level resamples, sorted.
     *
     * @param a         per fork, its iteration values
     * @param b         per fork, its iteration values
     * @param resamples how many resamples
     * @param seed      the random seed
     * @return the resampled ratios, ascending
     */
    static double[] sortedRatios(final List<double[]> a, final List<double[]> b, final int resamples,
        final long seed)
    {
        if (a.isEmpty() || b.isEmpty())
        {
            throw new IllegalArgumentException("both sides need at least one fork");
        }
        final SplittableRandom random = new SplittableRandom(seed);
        final double[] ratios = new double[resamples];
        for (int i = 0; i < resamples; i++)
        {
            ratios[i] = median(resample(a, random)) / median(resample(b, random));
        }
        Arrays.sort(ratios);
        return ratios;
    }

    /**
     * @param sorted the resampled ratios, ascending
     * @return the two-sided p-value of "ratio 1": twice the smaller share at or beyond 1 on either side, with +1
     */
    static double pValue(final double[] sorted)
    {
        int atOrBelow = 0;
        int atOrAbove = 0;
        for (final double r : sorted)
        {
            atOrBelow += r <= 1 ? 1 : 0;
            atOrAbove += r >= 1 ? 1 : 0;
        }
        return Math.min(1, 2.0 * (Math.min(atOrBelow, atOrAbove) + 1) / (sorted.length + 1));
    }

    private static double[] pool(final List<double[]> forks)
    {
        int n = 0;
        for (final double[] f : forks)
        {
            n += f.length;
        }
        final double[] out = new double[n];
        int k = 0;
        for (final double[] f : forks)
        {
            System.arraycopy(f, 0, out, k, f.length);
            k += f.length;
        }
        return out;
    }

    private static double[] resample(final List<double[]> forks, final SplittableRandom random)
    {
        final double[][] drawn = new double[forks.size()][];
        int n = 0;
        for (int i = 0; i < drawn.length; i++)
        {
            drawn[i] = forks.get(random.nextInt(forks.size()));
            n += drawn[i].length;
        }
        final double[] out = new double[n];
        int k = 0;
        for (final double[] fork : drawn)
        {
            for (int j = 0; j < fork.length; j++)
            {
                out[k++] = fork[random.nextInt(fork.length)];
            }
        }
        return out;
    }

    /**
     * @param values the values, left unchanged
     * @return their median
     */
    public static double median(final double[] values)
    {
        final double[] s = values.clone();
        Arrays.sort(s);
        final int k = s.length;
        return k % 2 == 1 ? s[k / 2] : (s[k / 2 - 1] + s[k / 2]) / 2;
    }

    static double quantile(final double[] sorted, final double q)
    {
        final double pos = q * (sorted.length - 1);
        final int lo = (int)Math.floor(pos);
        final int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }
}
