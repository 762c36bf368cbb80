package org.rwsem4j.handoff;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.LockEvent;
import org.rwsem4j.spi.LockWordBits;
import org.rwsem4j.spi.OwnerSpinExit;
import org.rwsem4j.spi.OwnerState;
import org.rwsem4j.spi.SlowPath;
import org.rwsem4j.spi.Waiter;

/**
 * Seed 001, "Make handoff writer optimistically spin on owner" (2019, v5.4, 91d2a812dfb9): while HANDOFF is set
 * nobody else may take the lock, so the handoff writer spins on a running writer owner instead of sleeping and
 * retries at once when the owner becomes NULL, at most {@code nullOwnerRetries} times in a row (Java cannot disable
 * preemption between a CAS and the owner store, kernel 48dfb5d2560d). A NULL owner over readers in the count is
 * readers that did not mark the owner (no {@code reader-owned}), not a writer releasing: the handoff writer sleeps
 * on them as on a reader-owned lock. Optimistic spinners no longer quit when the bit appears: once the handoff
 * writer owns the lock they spin on it.
 */
public final class HandoffSpinPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public HandoffSpinPatch()
    {
        super("handoff-spin", "001", "rwsem-handoff", DecisionPoint.HANDOFF_WAIT, DecisionPoint.SPIN_ON_HANDOFF);
        requiring("handoff");
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.ownerSpinExit(OwnerSpinExit.NEVER); // the seed's first hunk: spinners no longer quit on HANDOFF
        hooks.handoffWait(HandoffSpinPatch::spinOnOwnerBeforeSleeping);
    }

    /**
     * The seed's second hunk (91d2a812dfb9), in {@code rwsem_down_write_slowpath} after a failed try: a writer that
     * holds the handoff spins on the owner, and if the owner it ends on is NULL it tries the lock again at once
     * instead of sleeping. The engine consults it only for the writer holding the handoff. Two Java adaptations: a
     * NULL owner over readers in the count is readers that do not mark the owner (no {@code reader-owned}), not a
     * writer releasing, so it sleeps on them as on a reader-owned lock instead of spending retries on wait-lock round
     * trips; and the immediate retries are bounded by the engine ({@link SlowPath#mayRetryWithoutSleeping}), since
     * a NULL owner can last a scheduler slice here.
     */
    private static boolean spinOnOwnerBeforeSleeping(final SlowPath path, final Waiter writer)
    {
        if (!path.maySpin())
        {
            return false;
        }
        path.event(LockEvent.HANDOFF_SPIN);
        if (path.spinOnOwner(writer) != OwnerState.NULL)
        {
            return false;
        }
        final long c = path.count();
        if ((c & LockWordBits.WRITER_LOCKED) == 0 && LockWordBits.readers(c) != 0)
        {
            return false;
        }
        Thread.onSpinWait();
        return path.mayRetryWithoutSleeping(writer);
    }
}
