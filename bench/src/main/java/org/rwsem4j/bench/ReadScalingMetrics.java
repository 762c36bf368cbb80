package org.rwsem4j.bench;

/**
 * The names of {@link ReadScalingCounters}' secondary results, as {@code jmh.json} holds them and the ablation reads
 * them back (the same arrangement as {@link LockTestMetrics}: JMH names an aux counter after its field).
 */
public final class ReadScalingMetrics
{
    /**
     * The figure: operations of all workers per ms. {@link ReadScalingBenchmark}'s JMH primary is the window
     * (SingleShotTime), so the ablation's {@code Sample.ofJmh} takes this secondary result as the fork's score.
     */
    public static final String OPS_PER_MS = "opsPerMs";
    public static final String OVERLAP = "overlapPct";
    public static final String MIN_SHARE = "minSharePct";
    /** 1 if the lock is a variant with {@code reader-bias} (its bias counters mean something), else 0. */
    public static final String BIAS_KNOWN = "biasKnown";
    /** The collision fallback rate: {@code BIAS_FALLBACK} events per read, percent. */
    public static final String FALLBACK = "fallbackPct";
    /** {@code BIAS_REVOKE} events per 1,000 operations. */
    public static final String REVOKES = "revokesPerKop";
    /** {@code BIAS_ARM} events per 1,000 operations. */
    public static final String ARMS = "armsPerKop";
    /** {@code BIAS_REVOKE_NS} over {@code BIAS_REVOKE}: a revocation's mean wait for biased readers, ns. */
    public static final String REVOKE_WAIT = "revokeWaitNs";
    /** The JIT compiler threads' time during the run, ms; -1 if the JVM does not keep it. */
    public static final String JIT = "jitMs";

    private ReadScalingMetrics()
    {
    }
}
