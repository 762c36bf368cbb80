package org.rwsem4j.bench;

/** A reader:writer ratio such as {@code 10:1}, the seeds' {@code r:w}. */
public final class Ratio
{
    /** The read-scaling case's name for reads only ({@link #parseReadScaling}). */
    public static final String READ_ONLY = "ro";

    final int reads;
    final int writes;

    private Ratio(final int reads, final int writes)
    {
        this.reads = reads;
        this.writes = writes;
    }

    /**
     * @param text {@code r:w}, both non-negative, not both zero
     * @return the ratio
     * @throws IllegalArgumentException if malformed
     */
    public static Ratio parse(final String text)
    {
        final String[] parts = text.trim().split(":", -1);
        if (parts.length != 2)
        {
            throw new IllegalArgumentException("a ratio is r:w, e.g. 10:1; got '" + text + "'");
        }
        try
        {
            final int r = Integer.parseInt(parts[0].trim());
            final int w = Integer.parseInt(parts[1].trim());
            if (r < 0 || w < 0 || r + w == 0)
            {
                throw new IllegalArgumentException("a ratio needs non-negative parts, not both zero; got '" + text +
                    "'");
            }
            return new Ratio(r, w);
        }
        catch (final NumberFormatException e)
        {
            throw new IllegalArgumentException("a ratio is r:w with integers, e.g. 10:1; got '" + text + "'", e);
        }
    }

    /**
     * A ratio of the read-scaling case ({@link ReadScalingBenchmark}): {@value #READ_ONLY} for reads only, or
     * {@code r:w} as {@link #parse} takes it (each operation is then a write with probability {@code w / (r + w)}:
     * {@code 1000:1} writes once in 1,001 operations on average).
     *
     * @param text {@value #READ_ONLY}, or {@code r:w} with non-negative integers, not both zero
     * @return the ratio ({@code ro} is {@code 1:0})
     * @throws IllegalArgumentException if malformed, with a message that quotes the text and says what is valid
     */
    public static Ratio parseReadScaling(final String text)
    {
        final String why = "a read-scaling ratio is " + READ_ONLY + " (reads only) or r:w with non-negative " +
            "integers, not both zero, e.g. 1000:1; got '" + text + "'";
        if (text == null)
        {
            throw new IllegalArgumentException(why);
        }
        if (READ_ONLY.equals(text.trim()))
        {
            return new Ratio(1, 0);
        }
        final Ratio r;
        try
        {
            r = parse(text);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException(why, e);
        }
        if ((long)r.reads + r.writes > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException(why + " (r + w is too large)");
        }
        return r;
    }

    /** @return whether no operation writes */
    boolean readOnly()
    {
        return writes == 0;
    }

    /**
     * @param draw a uniform value in {@code [0, reads + writes)}
     * @return whether this operation reads
     */
    boolean isRead(final int draw)
    {
        return draw < reads;
    }

    int total()
    {
        return reads + writes;
    }

    @Override
    public String toString()
    {
        return reads + ":" + writes;
    }
}
