package org.rwsem4j.torture;

import java.util.List;

import org.HdrHistogram.Histogram;

/**
 * One side (reads or writes) of a run: locktorture's per-thread acquisition statistics, the attempts that gave up,
 * and the wait distribution of the acquisitions that succeeded.
 */
public final class SideStats
{
    private final String label;
    private final int threads;
    private final long total;
    private final long max;
    private final long min;
    private final long fails;
    private final long timeouts;
    private final long interrupted;
    private final long trylockFailed;
    private final Histogram waits;

    SideStats(final String label, final List<Worker> workers)
    {
        this.label = label;
        this.threads = workers.size();
        long sum = 0;
        long hi = 0;
        long lo = workers.isEmpty() ? 0 : Long.MAX_VALUE;
        long f = 0;
        long t = 0;
        long i = 0;
        long tf = 0;
        final Histogram h = new Histogram(3);
        for (final Worker w : workers)
        {
            final long n = w.acquisitions();
            sum += n;
            hi = Math.max(hi, n);
            lo = Math.min(lo, n);
            f += w.fails;
            t += w.timeouts;
            i += w.interrupted;
            tf += w.trylockFailed;
            try
            {
                h.add(w.waits);
            }
            catch (final RuntimeException racy)
            {
                // only after an aborted run, with a worker that never stopped: its waits are left out
            }
        }
        this.total = sum;
        this.max = hi;
        this.min = lo;
        this.fails = f;
        this.timeouts = t;
        this.interrupted = i;
        this.trylockFailed = tf;
        this.waits = h;
    }

    /** {@return {@code Writes} or {@code Reads}} */
    public String label()
    {
        return label;
    }

    /** {@return the number of threads on this side} */
    public int threads()
    {
        return threads;
    }

    /** {@return acquisitions, summed over the side's threads} */
    public long total()
    {
        return total;
    }

    /** {@return the most acquisitions by one thread} */
    public long max()
    {
        return max;
    }

    /** {@return the fewest acquisitions by one thread} */
    public long min()
    {
        return min;
    }

    /** {@return oracle violations seen by this side's threads} */
    public long fails()
    {
        return fails;
    }

    /** {@return {@code tryLock(time)} attempts that timed out} */
    public long timeouts()
    {
        return timeouts;
    }

    /** {@return interruptible attempts that ended with {@link InterruptedException}} */
    public long interrupted()
    {
        return interrupted;
    }

    /** {@return {@code tryLock()} attempts that failed} */
    public long trylockFailed()
    {
        return trylockFailed;
    }

    /** {@return locktorture's {@code ???}: some thread got less than half of the busiest one's acquisitions} */
    public boolean unfair()
    {
        return max / 2 > min;
    }

    /**
     * A percentile of the successful acquisitions' waits.
     *
     * @param percentile e.g. 99.9
     * @return the wait of successful acquisitions at that percentile, in nanoseconds (0 without acquisitions)
     */
    public long waitNanosAtPercentile(final double percentile)
    {
        return waits.getTotalCount() == 0 ? 0 : waits.getValueAtPercentile(percentile);
    }

    /** {@return the longest wait of a successful acquisition, in nanoseconds} */
    public long maxWaitNanos()
    {
        return waits.getTotalCount() == 0 ? 0 : waits.getMaxValue();
    }

    /**
     * {@return a copy of the wait histogram (nanoseconds)}
     */
    public Histogram waits()
    {
        return waits.copy();
    }

    /**
     * locktorture's statistics line, e.g. {@code Writes:  Total: 1234  Max/Min: 80/40 ???  Fail: 0}.
     *
     * @return the line, without a newline
     */
    public String kernelLine()
    {
        return label + ":  Total: " + total + "  Max/Min: " + max + "/" + min + (unfair() ? " ???" : "") +
            "  Fail: " + fails + (fails != 0 ? " !!!" : "");
    }

    /** {@return the wait percentiles in microseconds, one line} */
    public String waitLine()
    {
        return label + " wait (us):  p50 " + us(waitNanosAtPercentile(50)) + "  p90 " + us(waitNanosAtPercentile(90)) +
            "  p99 " + us(waitNanosAtPercentile(99)) + "  p99.9 " + us(waitNanosAtPercentile(99.9)) + "  max " +
            us(maxWaitNanos());
    }

    /** {@return the attempts that gave up, one line} */
    public String gaveUpLine()
    {
        return label + " gave up:  timed out " + timeouts + "  interrupted " + interrupted + "  trylock failed " +
            trylockFailed;
    }

    private static String us(final long nanos)
    {
        return String.format(java.util.Locale.ROOT, "%.1f", nanos / 1000.0);
    }

    @Override
    public String toString()
    {
        return kernelLine();
    }
}
