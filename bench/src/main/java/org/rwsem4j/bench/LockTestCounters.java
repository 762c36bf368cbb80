package org.rwsem4j.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What a seed-000 iteration reports besides its time, as JMH secondary results (one value per iteration in
 * {@code jmh.json}): how much the workers overlapped ({@link Overlap}, in percent) and, for a variant, the lock's
 * event counters per 1,000 operations ({@link CellEvents}). A JDK peer has no counters: {@code eventsKnown} is 0.
 * The names readers look these results up by are {@link LockTestMetrics}'s.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class LockTestCounters
{
    /** (min end - max start) / (max end - min start), percent. */
    public double overlapPct;
    /** (max start - min start) / span, percent. */
    public double startSpreadPct;
    /** (max end - min end) / span, percent. */
    public double endSpreadPct;
    /** 1 if the lock has event counters (a variant), 0 for a JDK peer. */
    public double eventsKnown;
    /** Optimistic spins started per 1,000 ops. */
    public double spinsPerKop;
    /** Spins that failed per 1,000 ops. */
    public double spinFailsPerKop;
    /** Spins on a NULL owner per 1,000 ops. */
    public double nullSpinsPerKop;
    /** Sleeps per 1,000 ops. */
    public double sleepsPerKop;
    /** Wakeups per 1,000 ops. */
    public double wakeupsPerKop;
    /** Handoff bits set per 1,000 ops. */
    public double handoffsPerKop;
    /** The fewest operations one worker did, over the mean per worker, percent (a run sized by ops: 100). */
    public double minSharePct;
    /** A run sized by time: ms for {@code ops} operations per worker at the measured rate (absent otherwise). */
    public double timedMs;

    /**
     * Records one iteration (one run; SingleShotTime has one invocation per iteration).
     *
     * @param run    the finished run
     * @param events the lock's counts during the run, or null for a peer
     */
    void record(final LockTestRun run, final CellEvents events)
    {
        final Overlap overlap = run.overlap();
        overlapPct = overlap.overlap() * 100;
        startSpreadPct = overlap.startSpread() * 100;
        endSpreadPct = overlap.endSpread() * 100;
        minSharePct = run.minShare() * 100;
        if (run.timed())
        {
            timedMs = run.timedMillis();
        }
        if (events == null)
        {
            return;
        }
        final double k = 1000.0 / Math.max(1, run.totalOps());
        eventsKnown = 1;
        spinsPerKop = events.spins() * k;
        spinFailsPerKop = events.spinFails() * k;
        nullSpinsPerKop = events.nullSpins() * k;
        sleepsPerKop = events.sleeps() * k;
        wakeupsPerKop = events.wakeups() * k;
        handoffsPerKop = events.handoffs() * k;
    }
}
