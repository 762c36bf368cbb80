package org.rwsem4j.bench.report;

import java.util.Locale;

/** Number formats shared by the tables: the seeds' style. */
public final class Numbers
{
    private Numbers()
    {
    }

    /**
     * The seed-000 style: one decimal below 1000, none above ({@code 530.7}, {@code 1848}).
     *
     * @param v a value
     * @return the text
     */
    public static String seed(final double v)
    {
        if (Math.abs(v) >= 1000)
        {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (Math.abs(v) >= 10)
        {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /**
     * A rate with thousands separators, as seed 004 prints ({@code 14,496}).
     *
     * @param v a value
     * @return the text
     */
    public static String grouped(final double v)
    {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    /**
     * @param pct a change in percent
     * @param beyond whether it is beyond the spread; otherwise a {@code ~} follows
     * @return e.g. {@code -89.3%} or {@code +1.2%~}
     */
    static String change(final double pct, final boolean beyond)
    {
        return String.format(Locale.ROOT, "%+.1f%%", pct) + (beyond ? "" : "~");
    }

    /**
     * @param pct a percentage
     * @return it with one decimal, e.g. {@code 97.5%}
     */
    public static String percent(final double pct)
    {
        return String.format(Locale.ROOT, "%.1f%%", pct);
    }
}
