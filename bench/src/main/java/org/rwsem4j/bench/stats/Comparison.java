package org.rwsem4j.bench.stats;

import java.util.Locale;

/**
 * One measured change of a configuration against its reference, from {@link Bootstrap}: the change of the medians in
 * percent, its 95% bootstrap interval, the unadjusted two-sided p-value and the fewer forks of the two sides.
 *
 * @param changePct the observed change of the median, percent (negative: smaller)
 * @param lowPct    the interval's lower end, percent
 * @param highPct   the interval's upper end, percent
 * @param p         the two-sided p-value before the family correction
 * @param forks     the fewer forks of the two sides
 */
public record Comparison(double changePct, double lowPct, double highPct, double p, int forks)
{
    /** @return whether enough forks stand behind it for a verdict */
    public boolean hasVerdict()
    {
        return forks >= Bootstrap.MIN_FORKS;
    }

    /** @return e.g. {@code [-94,-91]} */
    public String interval()
    {
        return String.format(Locale.ROOT, "[%+.0f,%+.0f]", lowPct, highPct);
    }
}
