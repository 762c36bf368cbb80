package org.rwsem4j.phasefair;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.spi.SlowPath;

/**
 * Phase-fair reader and writer phases (Brandenburg and Anderson, ECRTS 2009), beyond upstream: Peter Zijlstra's
 * "phase change locks", his answer in the May 2026 LKML thread "[PATCH] locking/rwsem: Remove reader optimistic lock
 * stealing" to a direct-I/O writer starved by stealing readers. Reader phases and writer phases alternate:
 * <ul>
 *   <li>once anyone is queued, an arriving reader does not join the current reader phase: it queues for the next
 *       one (the anti-barging rule; {@code reader-steal}'s steal is refined to none);</li>
 *   <li>a writer that finds the lock reader-owned sets the handoff bit at once (not after the 4 ms handoff
 *       timeout), so when the reader phase drains nobody but that writer acquires (it is woken and takes the lock
 *       itself: the grant stays with the waiter): that is {@code handoff-on-readers}, which it requires; and a
 *       reader queued at the head behind a writer owner sets it too, so that writer's unlock admits the readers
 *       before any other writer (that policy is refined; writer against writer keeps its timeout);</li>
 *   <li>a wake grants every queued reader as one phase, in one add to the count, past queued writers, with no cap
 *       (the engine unparks 256 and the woken readers unpark the rest); the writer it leaves at the head holds the
 *       handoff from that add on ({@code wake-all-readers}' grant is refined).</li>
 * </ul>
 * Requires {@code reader-steal}, {@code handoff}, {@code handoff-on-readers} and {@code wake-all-readers}, whose
 * choices it re-decides.
 */
public final class PhaseFairPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public PhaseFairPatch()
    {
        super("phase-fair", "beyond upstream", "rwsem-phase-fair", DecisionPoint.READER_STEAL, DecisionPoint.HANDOFF,
            DecisionPoint.READER_COLLECT);
        requiring("reader-steal", "handoff", "handoff-on-readers", "wake-all-readers");
        optInOnly();
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readerSteal(PhaseFairPatch::queueBehindWaiters);
        hooks.handoff(new PhaseChange(hooks.handoff()));
        hooks.readerGrant(new WholePhaseGrant());
    }

    /**
     * The anti-barging rule at slow-path entry: never steal. The fast path failed, so a writer holds the lock, the
     * handoff bit is set, or someone is queued; in the first two cases {@code reader-steal} does not steal either,
     * and in the third a reader that joined the current phase could keep a queued writer waiting.
     */
    private static boolean queueBehindWaiters(final SlowPath path, final long count)
    {
        return false;
    }
}
