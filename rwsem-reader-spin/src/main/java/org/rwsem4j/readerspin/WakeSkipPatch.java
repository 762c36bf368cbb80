package org.rwsem4j.readerspin;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.LockEvent;
import org.rwsem4j.spi.OwnerState;
import org.rwsem4j.spi.SlowPath;

/**
 * Seed 000 (2014), "check for active writer/spinner before wakeup" (merged in part as 59aabfc7e959, removed in
 * 5c1ec49b60cd). Opt-in, and it conflicts with {@code handoff}: skipping a wakeup because a spinner exists lost
 * wakeups upstream once a spinner could no longer be sure to take the lock.
 *
 * <p>Why it is safe without handoff: the unlock skips only when someone else is bound to wake. A writer owner
 * (it stole the lock after our release) wakes on its own unlock, since WAITERS stays set while anyone is queued
 * (except while the head is a writer already woken, which tries again before it sleeps: the engine's W7).
 * With a spinner present the unlock still wakes unless the wait lock is busy right now; every spinner either takes
 * the lock (and wakes on unlock) or gives up and queues, and queueing runs the conditional wake. The count RMW of
 * the unlock and the OSQ tail read are both volatile, so the unlock sees the spinner whenever the spinner could
 * have missed the unlock (the 2017 ordering fix).
 */
public final class WakeSkipPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public WakeSkipPatch()
    {
        super("wake-skip", "000", "rwsem-reader-spin", DecisionPoint.UNLOCK_WAKE);
        conflictingWith("handoff");
        optInOnly();
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.unlockWake(WakeSkipPatch::rwsemWake);
    }

    /**
     * The seed's {@code rwsem_wake} hunk: skip when a writer owns the lock (it wakes on its own unlock); with a
     * spinner present ({@code rwsem_has_spinner}) wake only if the wait lock is free right now
     * ({@code raw_spin_trylock_irqsave}); otherwise wake as before.
     */
    private static void rwsemWake(final SlowPath path)
    {
        final OwnerState owner = path.ownerState();
        if (owner == OwnerState.WRITER || owner == OwnerState.NONSPINNABLE)
        {
            path.event(LockEvent.WAKE_SKIP);
            return;
        }
        if (path.spinnersPresent())
        {
            if (!path.tryWake())
            {
                path.event(LockEvent.WAKE_SKIP);
            }
            return;
        }
        path.wake();
    }
}
