package org.rwsem4j.bench;

/** A reader:writer ratio such as {@code 10:1}, the seeds' {@code r:w}. */
public final class Ratio
{
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
