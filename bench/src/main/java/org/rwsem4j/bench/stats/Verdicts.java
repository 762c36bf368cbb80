package org.rwsem4j.bench.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every comparison one report draws, and its verdict. The report registers each change it prints ({@link #compare});
 * once all are known, {@link #close()} computes them and applies Holm over every comparison that has at least
 * {@link Bootstrap#MIN_FORKS} forks on both sides, so the family-wise false-positive rate over all verdicts of the
 * run is at most {@link Holm#ALPHA}. A comparison with fewer forks is shown with its interval and no verdict.
 */
public final class Verdicts
{
    private final Map<String, List<List<double[]>>> inputs = new LinkedHashMap<>();
    private final Map<String, Comparison> comparisons = new LinkedHashMap<>();
    private final Map<String, Double> adjusted = new LinkedHashMap<>();
    private boolean closed;

    /**
     * Registers a comparison; it is computed by {@link #close()}, with enough resamples that the smallest p-value
     * the bootstrap can give still passes Holm's strictest step ({@code 2 / (B + 1) <= alpha / m}).
     *
     * @param key identifies the comparison (the same key gives the same result; it also seeds the bootstrap)
     * @param a   the changed configuration's forks (iteration values)
     * @param b   the reference's forks
     */
    public void compare(final String key, final List<double[]> a, final List<double[]> b)
    {
        if (!closed)
        {
            inputs.putIfAbsent(key, List.of(a, b));
        }
    }

    /** Computes every registered comparison and applies Holm over those with a verdict. */
    public void close()
    {
        int m = 0;
        for (final List<List<double[]>> in : inputs.values())
        {
            m += Math.min(in.get(0).size(), in.get(1).size()) >= Bootstrap.MIN_FORKS ? 1 : 0;
        }
        final int resamples = Math.max(Bootstrap.RESAMPLES, (int)Math.ceil(4 * m / Holm.ALPHA));
        inputs.forEach((k, in) -> comparisons.put(k, Bootstrap.compare(in.get(0), in.get(1), resamples, k.hashCode())));
        final List<String> keys = new ArrayList<>();
        comparisons.forEach((k, c) ->
        {
            if (c.hasVerdict())
            {
                keys.add(k);
            }
        });
        final double[] p = new double[keys.size()];
        for (int i = 0; i < p.length; i++)
        {
            p[i] = comparisons.get(keys.get(i)).p();
        }
        final double[] adj = Holm.adjust(p);
        for (int i = 0; i < p.length; i++)
        {
            adjusted.put(keys.get(i), adj[i]);
        }
        closed = true;
    }

    /** @return how many comparisons carry a verdict (the family Holm corrects over) */
    public int family()
    {
        return adjusted.size();
    }

    /**
     * @param key a comparison's key
     * @return whether it was found different after the correction (false before {@link #close()})
     */
    public boolean different(final String key)
    {
        final Double p = adjusted.get(key);
        return closed && p != null && p <= Holm.ALPHA;
    }

    /**
     * @param key a comparison's key
     * @return {@code -12.3% [-15,-10]} with a trailing {@code ~} for no difference, {@code ?} for no verdict
     *     (before {@link #close()}: a placeholder)
     */
    public String text(final String key)
    {
        final Comparison c = comparisons.get(key);
        if (c == null)
        {
            return "?";
        }
        final String marker = !c.hasVerdict() ? "?" : different(key) ? "" : "~";
        return String.format(Locale.ROOT, "%+.1f%% %s%s", c.changePct(), c.interval(), marker);
    }

    /**
     * @param key a comparison's key
     * @return the comparison, or null if it was never asked for
     */
    public Comparison get(final String key)
    {
        return comparisons.get(key);
    }
}
