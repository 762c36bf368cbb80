package org.rwsem4j.handoff;

import org.rwsem4j.DecisionPoint;
import org.rwsem4j.Hooks;
import org.rwsem4j.AbstractPatch;

/**
 * The handoff bit (kernel 5.3, 4f23dbc1e657, with the 5.16+ rules), the mechanism seed 001 needs: a waiter that
 * has waited longer than the handoff timeout (about 4 ms by default) sets HANDOFF under the wait lock; from then on
 * only the queue head may take the lock. As in 5.3, optimistic spinners quit when the bit appears. The engine owns
 * every handoff mechanism (set, inherit, clear); this patch decides when a waiter may set it.
 */
public final class HandoffPatch extends AbstractPatch
{
    /** Registered through {@code META-INF/services/org.rwsem4j.Patch}. */
    public HandoffPatch()
    {
        super("handoff", "5.3 (needed by 001)", "rwsem-handoff", DecisionPoint.HANDOFF, DecisionPoint.SPIN_ON_HANDOFF);
        conflictingWith("wake-skip");
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.handoff((waiterTimeout, now) -> now - waiterTimeout >= 0);
        hooks.spinnersQuitOnHandoff(true);
    }
}
