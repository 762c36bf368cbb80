package org.rwsem4j.bench.stats;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Ratios of medians with intervals corrected for the family they belong to, as a target on the interval's end needs.
 * Each ratio is A's median over B's ({@link Bootstrap}'s two-level bootstrap, the same resampling as the ablation's
 * verdicts); its interval is a percentile interval of the bootstrap distribution at the Bonferroni level
 * {@code alpha / m} for m comparisons, the same for every one. Intervals at Holm's rank-dependent step-down levels
 * would not hold jointly (their joint miss rate can exceed alpha), and a bound on an interval's end ("at most 1.40x")
 * is a different hypothesis from the "no change" Holm's ranking orders by; Bonferroni's intervals hold jointly, so
 * every upper end below its bound is a statement at family-wise 95%. It is the conservative form of the Holm
 * correction the targets name (Holm's first step).
 */
public final class HolmIntervals
{
    private final Map<String, List<List<double[]>>> inputs = new LinkedHashMap<>();
    private final Map<String, Interval> intervals = new LinkedHashMap<>();

    /**
     * One ratio and its interval.
     *
     * @param ratio the observed ratio of medians (A / B, over the pooled iterations of every fork)
     * @param low   the interval's lower end, as a ratio
     * @param high  the interval's upper end, as a ratio
     * @param level the two-sided level the interval was taken at (0.05 / k)
     * @param forks the fewer forks of the two sides
     */
    public record Interval(double ratio, double low, double high, double level, int forks)
    {
    }

    /**
     * Registers a comparison; {@link #close()} computes it.
     *
     * @param key identifies it (and seeds its bootstrap)
     * @param a   the numerator's forks, each its iteration values
     * @param b   the denominator's forks
     */
    public void compare(final String key, final List<double[]> a, final List<double[]> b)
    {
        if (a.isEmpty() || b.isEmpty())
        {
            throw new IllegalArgumentException(key + ": both sides need at least one fork");
        }
        inputs.putIfAbsent(key, List.of(a, b));
    }

    /** Computes every registered comparison's ratio and its Bonferroni-level interval. */
    public void close()
    {
        final int m = inputs.size();
        // enough resamples that the narrowest level still has several resamples in each tail
        final int resamples = Math.max(Bootstrap.RESAMPLES, (int)Math.ceil(10 * 2.0 * m / Holm.ALPHA));
        final Map<String, double[]> sorted = new LinkedHashMap<>();
        inputs.forEach((k, in) ->
        {
            final double[] r = Bootstrap.sortedRatios(in.get(0), in.get(1), resamples, k.hashCode());
            sorted.put(k, r);
        });
        final double level = Holm.ALPHA / Math.max(1, m);
        for (final String k : inputs.keySet())
        {
            final double[] r = sorted.get(k);
            final List<List<double[]>> in = inputs.get(k);
            intervals.put(k, new Interval(Bootstrap.observedRatio(in.get(0), in.get(1)),
                Bootstrap.quantile(r, level / 2), Bootstrap.quantile(r, 1 - level / 2), level,
                Math.min(in.get(0).size(), in.get(1).size())));
        }
    }

    /**
     * @param key a comparison's key
     * @return its ratio and interval, or null if it was not registered (or before {@link #close()})
     */
    public Interval get(final String key)
    {
        return intervals.get(key);
    }
}
