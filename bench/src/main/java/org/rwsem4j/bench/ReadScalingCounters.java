package org.rwsem4j.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What a read-scaling iteration reports, as JMH secondary results (one value per iteration in {@code jmh.json}, as
 * {@link LockTestCounters}): the figure, how much the workers overlapped, the fewest operations of one worker, and for
 * a variant with {@code reader-bias} its bias counters over the run's locks ({@link BiasEvents}; {@code biasKnown} 0
 * for any other lock). The names readers look these up by are {@link ReadScalingMetrics}'s.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class ReadScalingCounters
{
    /** Operations of all workers per ms (the figure). */
    public double opsPerMs;
    /** (min end - max start) / (max end - min start), percent. */
    public double overlapPct;
    /** The fewest operations one worker did, over the mean per worker, percent. */
    public double minSharePct;
    /** 1 for a variant with reader-bias, 0 otherwise. */
    public double biasKnown;
    /** BIAS_FALLBACK per read, percent: the collision fallback rate. */
    public double fallbackPct;
    /** BIAS_REVOKE per 1,000 operations. */
    public double revokesPerKop;
    /** BIAS_ARM per 1,000 operations. */
    public double armsPerKop;
    /** BIAS_REVOKE_NS over BIAS_REVOKE: a revocation's mean wait for biased readers, ns (0 without revocations). */
    public double revokeWaitNs;
    /**
     * The JIT compiler threads' time over the run, ms ({@link JitClock}; -1 where the JVM does not keep it): above 0,
     * the window measured code that was still being compiled.
     */
    public double jitMs;

    /**
     * Records one iteration (one run: SingleShotTime has one invocation per iteration).
     *
     * @param run  the finished run
     * @param bias the bias counters during the run, or null for a lock without reader-bias
     * @param jitMillis the compiler threads' time over the run, ms, or negative if unknown
     */
    void record(final ReadScalingRun run, final BiasEvents bias, final long jitMillis)
    {
        opsPerMs = run.opsPerMilli();
        jitMs = jitMillis < 0 ? -1 : jitMillis;
        final Overlap overlap = run.overlap();
        overlapPct = overlap.overlap() * 100;
        minSharePct = run.minShare() * 100;
        if (bias == null)
        {
            return;
        }
        biasKnown = 1;
        fallbackPct = 100.0 * bias.fallbacks() / Math.max(1, run.totalReads());
        revokesPerKop = 1000.0 * bias.revokes() / Math.max(1, run.totalOps());
        armsPerKop = 1000.0 * bias.arms() / Math.max(1, run.totalOps());
        revokeWaitNs = (double)bias.revokeNanos() / Math.max(1, bias.revokes());
    }
}
