package org.rwsem4j.handoff;

import org.rwsem4j.DecisionPoint;
import org.rwsem4j.Hooks;
import org.rwsem4j.AbstractPatch;

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
    /** Registered through {@code META-INF/services/org.rwsem4j.Patch}. */
    public HandoffSpinPatch()
    {
        super("handoff-spin", "001", "rwsem-handoff", DecisionPoint.HANDOFF_WAIT, DecisionPoint.SPIN_ON_HANDOFF);
        requiring("handoff");
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.handoffWriterSpins(true);
        hooks.spinnersQuitOnHandoff(false);
    }
}
