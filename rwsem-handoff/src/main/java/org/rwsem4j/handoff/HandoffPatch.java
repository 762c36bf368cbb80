package org.rwsem4j.handoff;

import java.util.Set;

import org.rwsem4j.DecisionPoint;
import org.rwsem4j.Hooks;
import org.rwsem4j.Patch;

/**
 * The handoff bit (kernel 5.3, 4f23dbc1e657, with the 5.16+ rules), the mechanism seed 001 needs: a waiter that
 * has waited longer than the handoff timeout (about 4 ms by default) sets HANDOFF under the wait lock; from then on
 * only the queue head may take the lock. As in 5.3, optimistic spinners quit when the bit appears. The engine owns
 * every handoff mechanism (set, inherit, clear); this patch decides when a waiter may set it.
 */
public final class HandoffPatch implements Patch
{
    @Override
    public String name()
    {
        return "handoff";
    }

    @Override
    public String seed()
    {
        return "5.3 (needed by 001)";
    }

    @Override
    public String module()
    {
        return "rwsem-handoff";
    }

    @Override
    public Set<String> conflicts()
    {
        return Set.of("wake-skip");
    }

    @Override
    public Set<DecisionPoint> decisionPoints()
    {
        return Set.of(DecisionPoint.HANDOFF, DecisionPoint.SPIN_ON_HANDOFF);
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.handoff((waiterTimeout, now) -> now - waiterTimeout >= 0);
        hooks.spinnersQuitOnHandoff(true);
    }
}
