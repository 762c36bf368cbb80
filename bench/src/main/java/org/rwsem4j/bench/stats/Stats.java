package org.rwsem4j.bench.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Median and spread (min–max) of one cell's per-fork scores. Two cells differ only if their min–max ranges do not
 * overlap ("beyond the spread").
 *
 * @param median the median fork score
 * @param min    the lowest fork score
 * @param max    the highest fork score
 * @param n      how many forks
 */
public record Stats(double median, double min, double max, int n)
{
    /**
     * @param values per-fork scores, at least one
     * @return their median, min, max and count
     */
    public static Stats of(final List<Double> values)
    {
        if (values.isEmpty())
        {
            throw new IllegalArgumentException("no values");
        }
        final List<Double> s = new ArrayList<>(values);
        Collections.sort(s);
        final int k = s.size();
        final double median = k % 2 == 1 ? s.get(k / 2) : (s.get(k / 2 - 1) + s.get(k / 2)) / 2;
        return new Stats(median, s.get(0), s.get(k - 1), k);
    }

    /** @return (max − min) / median, in percent */
    public double spreadPercent()
    {
        return median == 0 ? 0 : (max - min) / median * 100;
    }

    /**
     * @param reference the cell compared against
     * @return the change of this median against the reference's, in percent
     */
    public double changePercent(final Stats reference)
    {
        return (median / reference.median - 1) * 100;
    }

    /**
     * @param other another cell
     * @return whether the min–max ranges do not overlap: a difference beyond the spread
     */
    public boolean beyondSpread(final Stats other)
    {
        return max < other.min || other.max < min;
    }
}
