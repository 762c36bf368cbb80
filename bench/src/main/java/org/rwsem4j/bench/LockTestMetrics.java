package org.rwsem4j.bench;

/**
 * The names of {@link LockTestCounters}' secondary results, as {@code jmh.json} holds them and the ablation and
 * {@code ab} read them back. Each is the name of a {@link LockTestCounters} field: JMH names an aux counter after its
 * field, and rejects any other public field in an {@code @AuxCounters} class, so the names live here.
 */
public final class LockTestMetrics
{
    /**
     * A timed cell's figure: ms for {@code ops} operations per worker at the rate the window measured. Only timed
     * cells ({@code millis > 0}) record it; the ablation's {@code Sample.ofJmh} then takes it as the fork's score.
     */
    public static final String TIMED_SCORE = "timedMs";
    /** Secondary result names, as the ablation reads them back. */
    public static final String OVERLAP = "overlapPct";
    public static final String START_SPREAD = "startSpreadPct";
    public static final String END_SPREAD = "endSpreadPct";
    public static final String EVENTS_KNOWN = "eventsKnown";
    public static final String SPINS = "spinsPerKop";
    public static final String SPIN_FAILS = "spinFailsPerKop";
    public static final String NULL_SPINS = "nullSpinsPerKop";
    public static final String SLEEPS = "sleepsPerKop";
    public static final String WAKEUPS = "wakeupsPerKop";
    public static final String HANDOFFS = "handoffsPerKop";
    public static final String MIN_SHARE = "minSharePct";

    private LockTestMetrics()
    {
    }
}
