package org.rwsem4j.bench.stats;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The Holm–Bonferroni step-down correction: with m p-values sorted ascending, the i-th (from 1) is multiplied by
 * {@code m - i + 1}, and each adjusted value is at least the one before it. Rejecting where the adjusted value is at
 * most alpha keeps the family-wise false-positive rate at most alpha, whatever the dependence between the tests.
 */
public final class Holm
{
    /** The family-wise error rate of one run's verdicts. */
    public static final double ALPHA = 0.05;

    private Holm()
    {
    }

    /**
     * @param p the raw p-values
     * @return the adjusted p-values, in the same order
     */
    static double[] adjust(final double[] p)
    {
        final int m = p.length;
        final Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++)
        {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
        final double[] out = new double[m];
        double running = 0;
        for (int rank = 0; rank < m; rank++)
        {
            final int i = order[rank];
            running = Math.max(running, Math.min(1, (m - rank) * p[i]));
            out[i] = running;
        }
        return out;
    }
}
