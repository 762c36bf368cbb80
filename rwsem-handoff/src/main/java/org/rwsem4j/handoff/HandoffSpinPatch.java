package org.rwsem4j.handoff;

import java.util.Set;

import org.rwsem4j.DecisionPoint;
import org.rwsem4j.Hooks;
import org.rwsem4j.Patch;

/**
 * Seed 001, "Make handoff writer optimistically spin on owner" (2019, v5.4, 91d2a812dfb9): while HANDOFF is set
 * nobody else may take the lock, so the handoff writer spins on a running writer owner instead of sleeping and
 * retries at once when the owner becomes NULL, at most {@code nullOwnerRetries} times in a row (Java cannot disable
 * preemption between a CAS and the owner store, kernel 48dfb5d2560d). Optimistic spinners no longer quit when the
 * bit appears: once the handoff writer owns the lock they spin on it.
 */
public final class HandoffSpinPatch implements Patch
{
    @Override
    public String name()
    {
        return "handoff-spin";
    }

    @Override
    public String seed()
    {
        return "001";
    }

    @Override
    public String module()
    {
        return "rwsem-handoff";
    }

    @Override
    public Set<String> requires()
    {
        return Set.of("handoff");
    }

    @Override
    public Set<DecisionPoint> decisionPoints()
    {
        return Set.of(DecisionPoint.HANDOFF_WAIT, DecisionPoint.SPIN_ON_HANDOFF);
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.handoffWriterSpins(true);
        hooks.spinnersQuitOnHandoff(false);
    }
}
